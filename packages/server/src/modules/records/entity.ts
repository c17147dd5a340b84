import type {
  ContentLanguage,
  RecordBulkLinkKind,
  RecordEntity,
  RecordRevisionData,
  RecordUpdateBody,
} from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import {
  findEntry,
  hardDeleteEntry,
  RECORD_REVISIONS,
  setEntryTrashed,
  updateEntry,
  type Actor,
  type EntityDefinition,
} from '../items/index.js';
import { removeRecordMp3s } from './mp3-store.js';
import { presentRecord } from './present.js';
import { RECORD_COLUMNS, recordsRepository, type RecordRow } from './repository.js';
import { deleteRecordForGood, reviseRecord } from './service.js';

type Person = { id: number; name: string };

export type RecordEntityDefinition = EntityDefinition<
  RecordRow,
  RecordBulkLinkKind,
  RecordUpdateBody,
  RecordEntity,
  RecordRevisionData,
  { people: Person[] }
>;

/**
 * Records for the shared machinery: their own table, the people heard as their one kind of link,
 * `lang` as their language, no status; deleting one for good removes its MP3 too.
 */
export const recordEntity: RecordEntityDefinition = {
  messages: {
    notInTrash: 'records.not_in_trash',
    unknown: 'records.bulk_unknown',
    linkMissing: { people: 'records.participant_missing' },
    bulk: {
      changed: 'records.bulk_changed',
      trashed: 'records.bulk_trashed',
      restored: 'records.bulk_restored',
      hardDeleted: 'records.bulk_hard_deleted',
      reverted: 'records.bulk_reverted',
    },
  },
  revisions: RECORD_REVISIONS,
  // A search's snippet: around the first match in the transcript, else the summary, the info,
  // the title (else the preview).
  snippetColumns: ['rawtranscription', 'summary', 'info', 'title'],
  async revisionNames(db, data) {
    const ids = [...new Set(data.flatMap((d) => d.people))];
    const names = await recordsRepository(db).participantNames(ids);
    const person = new Map(names.map((p) => [p.id, { id: p.id, name: p.name }]));
    return (d) => ({ people: d.people.flatMap((p) => (person.has(p) ? [person.get(p)!] : [])) });
  },

  find: (db, id, lock) => recordsRepository(db).find(id, lock),
  findMany: (db, ids, lock) =>
    db
      .selectFrom('records')
      .select(RECORD_COLUMNS)
      .where('id', 'in', ids)
      .orderBy('id')
      .$if(lock, (q) => q.forUpdate())
      .execute(),
  async trashIds(db, lock) {
    const rows = await db
      .selectFrom('records')
      .select('id')
      .where('deleted_at', 'is not', null)
      .orderBy('id')
      .$if(lock, (q) => q.forUpdate())
      .execute();
    return rows.map((row) => row.id);
  },
  setDeletedAt: (db, id, at) => recordsRepository(db).update(id, { deleted_at: at }),

  linkKinds: ['people'],
  async linksOf(db, ids) {
    const people = await recordsRepository(db).peopleIdsOf(ids);
    return new Map([...people].map(([id, ids]) => [id, { people: ids }]));
  },
  missingLinks: (db, _kind, ids) => recordsRepository(db).missingParticipants(ids),

  languageOf: (row) => row.lang as ContentLanguage,
  patchOf: ({ people, language, place }) => ({
    ...(people ? { people } : {}),
    ...(language ? { lang: language } : {}),
    ...(place !== undefined ? { place } : {}),
  }),
  revise: (trx, ctx, row, links, patch, actor) =>
    reviseRecord(trx, ctx, row, links.people, patch, actor),

  deleteForGood: deleteRecordForGood,
  // The MP3 made of the audio parts goes with them.
  async afterDeleteForGood(ctx, ids) {
    for (const id of ids) await removeRecordMp3s(ctx.storage.mp3, id);
  },
  present: presentRecord,
};

/** Into the trash or out of it; trashing a trashed record changes nothing. */
export function setRecordTrashed(ctx: AppContext, id: number, trashed: boolean) {
  return setEntryTrashed(ctx, recordEntity, id, trashed);
}

/** Deletes a trashed record for good with its people, revisions, audio files and MP3. */
export function hardDeleteRecord(ctx: AppContext, id: number, by: number | null = null) {
  return hardDeleteEntry(ctx, recordEntity, id, by);
}

/** One record, in the trash or not (404 otherwise). */
export function findRecord(ctx: AppContext, id: number): Promise<RecordEntity> {
  return findEntry(ctx, recordEntity, id);
}

/** Applies a PATCH (see reviseRecord). Undefined: no such record. */
export async function updateRecord(
  ctx: AppContext,
  id: number,
  body: RecordUpdateBody,
  actor: Actor,
): Promise<{ record: RecordEntity; revision: boolean } | undefined> {
  const result = await updateEntry(ctx, recordEntity, id, body, actor);
  return result && { record: result.entry, revision: result.revision };
}
