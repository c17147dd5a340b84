import type { RecordSegment } from '@kinfolio/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { filesRepository, type FileRow } from '../files/index.js';
import { recordsRepository, type RecordRow } from './repository.js';
import { listSegments } from './segments/present.js';

/** A live record with what a readable export shows of it. */
export interface ExportableRecord {
  record: RecordRow;
  people: { id: number; name: string }[];
  files: FileRow[];
  segments: RecordSegment[];
}

/**
 * The live records in id order, each with its people, audio parts and segments, read one at a
 * time (an archive of tapes stays small in memory while it is exported).
 */
export async function* exportableRecords(db: Kysely<Database>): AsyncGenerator<ExportableRecord> {
  const repo = recordsRepository(db);
  const ids = (await repo.filtered({ trash: false }).select('r.id').orderBy('r.id').execute()).map(
    (row) => row.id,
  );
  for (const id of ids) {
    const record = await repo.find(id);
    // Trashed or deleted since the list was read.
    if (!record || record.deleted_at) continue;
    const [people, files, segments] = await Promise.all([
      repo.people([id]),
      filesRepository(db).ofRecord(id),
      listSegments(db, id),
    ]);
    yield {
      record,
      people: people.map(({ id: pid, name }) => ({ id: pid, name })),
      files,
      segments,
    };
  }
}
