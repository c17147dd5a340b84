import type { FunctionComponent } from 'react';
import type { EntityDefinition } from '@/shared/entity/definition';
import { entityDiff, type DiffSpec } from '@/shared/entity/diff';
import { entityResource } from '@/shared/entity/resource';
import { renderRoutes } from './renderRoutes';

/*
 * A small kind of entries for the stories of the shared entity screens: notes with a title, a
 * text and a mood. The tests stub `call` (the API) and answer the routes named here.
 */

export interface Note {
  id: number;
  title: string;
  text: string;
  mood: string;
  deleted_at: string | null;
  revisions_count: number;
  files: { id: number }[];
  created_at: string;
  created_by_name?: string | null;
}
export type NoteData = Pick<Note, 'title' | 'text' | 'mood'>;
export interface NoteRevision {
  id: number;
  created_at: string;
  user: { id: number | null; name: string };
  data: NoteData;
}

export const note = (changes: Partial<Note> = {}): Note => ({
  id: 7,
  title: 'Le grenier',
  text: 'Nous avons rangé le grenier.',
  mood: 'calm',
  deleted_at: null,
  revisions_count: 0,
  files: [],
  created_at: '2025-12-01T09:00:00Z',
  ...changes,
});

export const NOTE_RESOURCE = entityResource<
  Note,
  NoteData,
  Partial<NoteData>,
  NoteData,
  NoteRevision
>({
  key: ['notes'],
  routes: {
    single: 'post.single',
    revisions: 'post.revisions',
    create: 'post.create',
    update: 'post.update',
    trash: 'post.delete',
    restore: 'post.restore',
    hardDelete: 'post.hardDelete',
  },
  answer: 'item',
  owner: 'post',
  revert: (data) => ({ ...data, mood: data.mood.toLowerCase() }),
  withFiles: (saved, files) => ({ ...saved, files: [...saved.files, ...files] }),
  poll: (entry) => entry.title === 'pending',
});

const NOTE_DIFF: DiffSpec<NoteData, Note> = {
  texts: [
    { name: 'title', old: (o) => o.title, current: (c) => c.title },
    { name: 'text', old: (o) => o.text, current: (c) => c.text, condense: true },
  ],
  fields: [{ name: 'mood', same: (o, c) => o.mood === c.mood }],
};

export const NOTE_DEFINITION: EntityDefinition<Note, NoteData, NoteRevision> = {
  namespace: 'archive',
  keys: { list: 'types.post.plural', noPermission: 'form.noPermission' },
  editPermission: 'content.edit',
  shareType: 'posts',
  listPath: '/notes',
  profilePath: (id) => `/notes/${id}`,
  historyPath: (id) => `/notes/${id}/history`,
  language: () => 'fr',
  resource: NOTE_RESOURCE,
  diff: (old, current) => entityDiff(NOTE_DIFF, old, current),
  useFieldWords: () => ({
    label: (field) => `Field ${field}`,
    value: (field, side, revision, entry) =>
      side === 'old' ? revision.data.mood.toUpperCase() : entry.mood.toUpperCase(),
  }),
};

/** Renders a screen at `url`, beside the kind's list (`/notes`), in English, with the app's providers. */
export function renderScreen(Screen: FunctionComponent, url: string) {
  return renderRoutes(
    {
      '/notes': () => <p>The list</p>,
      '/notes/$id': Screen,
      '/notes/$id/history': Screen,
      '/notes/new': Screen,
    },
    url,
  );
}
