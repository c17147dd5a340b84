import type { RecordEntity, RecordFile, RecordListRow } from '@kinfolio/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { filesRepository, presentFile, type FileRow } from '../files/index.js';
import { placesByIds, presentPlace, type PlaceRow } from '../places/index.js';
import { LISTED_FIELDS, pickFields } from './fields.js';
import { recordsRepository, type RecordRow } from './repository.js';

type Executor = Kysely<Database> | Transaction<Database>;

export function presentRecordFile(row: FileRow): RecordFile {
  return { ...presentFile(row), position: row.position ?? 0 };
}

function common(
  row: RecordRow,
  people: { id: number; name: string }[],
  filesCount: number,
  places: Map<number, PlaceRow>,
) {
  return {
    id: row.id,
    ...pickFields(row, LISTED_FIELDS),
    people,
    place: row.place_id === null ? null : presentPlace(places.get(row.place_id)),
    revisions_count: Number(row.revisions_count),
    files_count: filesCount,
    created_at: row.created_at,
    updated_at: row.updated_at,
    deleted_at: row.deleted_at,
  };
}

/** The whole record: its people by name and its audio parts in order. */
export async function presentRecord(db: Executor, row: RecordRow): Promise<RecordEntity> {
  const [people, files, places] = await Promise.all([
    recordsRepository(db).people([row.id]),
    filesRepository(db).ofRecord(row.id),
    placesByIds(db, [row.place_id]),
  ]);
  return {
    ...common(
      row,
      people.map(({ id, name }) => ({ id, name })),
      files.length,
      places,
    ),
    rawtranscription: row.rawtranscription,
    files: files.map(presentRecordFile),
  };
}

/** List rows, in the order given, in two queries whatever their number. */
export async function presentRecordRows(
  db: Executor,
  rows: RecordRow[],
  snippetOf?: (row: RecordRow) => string,
): Promise<RecordListRow[]> {
  const ids = rows.map((row) => row.id);
  const repo = recordsRepository(db);
  const [people, counts, places] = await Promise.all([
    repo.people(ids),
    repo.filesCounts(ids),
    placesByIds(
      db,
      rows.map((row) => row.place_id),
    ),
  ]);
  return rows.map((row) => ({
    ...common(
      row,
      people.filter((p) => p.record_id === row.id).map(({ id, name }) => ({ id, name })),
      counts.get(row.id) ?? 0,
      places,
    ),
    preview: row.preview,
    ...(snippetOf ? { snippet: snippetOf(row) } : {}),
  }));
}
