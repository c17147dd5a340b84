import { grant } from '@/shared/test/permissionsStub';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  note,
  NOTE_DEFINITION,
  renderScreen,
  type Note,
  type NoteRevision,
} from '@/shared/test/entityKind';
import { EntityHistoryPage } from './EntityHistoryPage';

configure({ asyncUtilTimeout: 5000 });

const call = vi.fn();
vi.mock('@/shared/api/call', () => ({ call: (...args: unknown[]) => call(...args) }));

vi.mock('@/shared/organisation/hooks', () => import('@/shared/test/permissionsStub'));

const revision = (id: number, data: Partial<NoteRevision['data']>): NoteRevision => ({
  id,
  created_at: '2026-01-0' + id + 'T10:00:00Z',
  user: { id: 1, name: 'Marie' },
  data: { title: 'Le grenier', text: 'Nous avons rangé le grenier.', mood: 'calm', ...data },
});

function serve(entry: Note, revisions: NoteRevision[], lastPage = 1) {
  call.mockImplementation(async (name: string) => {
    switch (name) {
      case 'post.single':
        return entry;
      case 'post.revisions':
        return {
          data: revisions,
          meta: { total: revisions.length, current_page: 1, last_page: lastPage },
        };
      case 'post.update':
        return { message: 'Saved.', item: entry };
      default:
        throw new Error(`unexpected ${name}`);
    }
  });
}

const History = () => <EntityHistoryPage definition={NOTE_DEFINITION} id={7} />;

describe('EntityHistoryPage', () => {
  beforeEach(() => {
    call.mockReset();
    grant(['content.edit']);
  });

  it('compares each stored version with the current entry, in the kind’s words', async () => {
    serve(note(), [revision(1, { title: 'Le vieux grenier', mood: 'SAD' }), revision(2, {})]);
    await renderScreen(History, '/notes/7/history');
    const cards = await screen.findAllByRole('article');
    expect(screen.getByRole('link', { name: /Le grenier/ })).toHaveAttribute('href', '/notes/7');
    expect(
      screen.getByText('2 earlier versions, compared with the current one'),
    ).toBeInTheDocument();

    const changed = within(cards[0]!);
    expect(changed.getByText('Field title')).toBeInTheDocument();
    expect(changed.getByText('vieux')).toBeInTheDocument();
    expect(changed.getByText('Other fields changed since this version')).toBeInTheDocument();
    expect(changed.getByText('Field mood:')).toBeInTheDocument();
    expect(changed.getByText('SAD')).toBeInTheDocument();
    expect(changed.getByText('CALM')).toBeInTheDocument();

    // A version equal to the current one says so and cannot be restored.
    const same = within(cards[1]!);
    expect(same.getByText('Same as the current version')).toBeInTheDocument();
    expect(same.queryByRole('button', { name: 'Restore this version' })).toBeNull();
  });

  it('restores a version once confirmed, through the kind’s update', async () => {
    serve(note(), [revision(1, { mood: 'SAD' })]);
    await renderScreen(History, '/notes/7/history');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Restore this version' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith('post.update', {
        params: { id: 7 },
        body: { title: 'Le grenier', text: 'Nous avons rangé le grenier.', mood: 'sad' },
      }),
    );
  });

  it('offers no restore to a reader', async () => {
    grant([]);
    serve(note(), [revision(1, { mood: 'SAD' })]);
    await renderScreen(History, '/notes/7/history');
    await screen.findByText('SAD');
    expect(screen.queryByRole('button', { name: 'Restore this version' })).toBeNull();
  });

  it('offers no restore on an entry in the trash', async () => {
    serve(note({ deleted_at: '2026-02-01T00:00:00Z' }), [revision(1, { mood: 'SAD' })]);
    await renderScreen(History, '/notes/7/history');
    await screen.findByText('SAD');
    expect(screen.queryByRole('button', { name: 'Restore this version' })).toBeNull();
  });

  it('starts with the creation, even before the first edit: when, and by whom if known', async () => {
    serve(note({ created_by_name: 'Zoé' }), []);
    await renderScreen(History, '/notes/7/history');
    const card = await screen.findByRole('article', { name: /Created on .*2025/ });
    expect(within(card).getByText('Created by Zoé')).toBeInTheDocument();
    expect(screen.getByText('No earlier version.')).toBeInTheDocument();
  });

  it('closes the last page with the creation, after the versions (newest first)', async () => {
    serve(note(), [revision(1, { mood: 'SAD' })]);
    await renderScreen(History, '/notes/7/history');
    await screen.findByText('SAD');
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(cards[1]).toHaveAccessibleName(/Created on/);
  });

  it('keeps the creation for the last page', async () => {
    serve(note(), [revision(1, { mood: 'SAD' })], 2);
    await renderScreen(History, '/notes/7/history');
    await screen.findByText('SAD');
    expect(screen.queryByRole('article', { name: /Created on/ })).toBeNull();
  });
});
