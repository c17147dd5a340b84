import type { AppContext } from '../../context.js';
import { mp3Name } from './mp3-download.js';
import { mp3Url } from './mp3-job.js';
import { storedMp3s, type StoredMp3 } from './mp3-store.js';

/** A generated MP3 in the storage, for the admin's downloads list. */
export interface RecordMp3File {
  recordId: number;
  /** The download's name (the record's title). */
  name: string;
  size: number;
  /** When it was written. */
  createdAt: string;
  url: string;
}

/**
 * The complete MP3s of live records (partial writes and the MP3s of trashed or deleted records
 * left out), newest first.
 */
export async function listRecordMp3s(ctx: AppContext): Promise<RecordMp3File[]> {
  const found: StoredMp3[] = [];
  for await (const mp3 of storedMp3s(ctx.storage.mp3)) found.push(mp3);
  if (found.length === 0) return [];
  const records = await ctx.db
    .selectFrom('records')
    .select(['id', 'title', 'number', 'face'])
    .where('deleted_at', 'is', null)
    .where('id', 'in', [...new Set(found.map((f) => f.recordId))])
    .execute();
  const byId = new Map(records.map((r) => [r.id, r]));
  return found
    .filter((f) => byId.has(f.recordId))
    .map((f) => {
      const record = byId.get(f.recordId)!;
      const title = record.title || [record.number, record.face].filter(Boolean).join(' ');
      return {
        recordId: f.recordId,
        name: mp3Name(title, f.recordId),
        size: f.size,
        createdAt: f.modifiedAt.toISOString(),
        url: mp3Url(f.recordId, f.key),
      };
    })
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
