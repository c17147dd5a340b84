import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../context.js';
import { mp3Dir } from './mp3.js';
import { mp3Name } from './mp3-download.js';
import { mp3Url } from './mp3-job.js';

/** A generated MP3 on disk, for the admin's downloads list. */
export interface RecordMp3File {
  recordId: number;
  /** The download's name (the record's title). */
  name: string;
  size: number;
  /** When it was written. */
  createdAt: string;
  url: string;
}

const MP3_NAME = /^record-(\d+)-([0-9a-f]+)\.mp3$/;

/**
 * The complete MP3s of live records (partial writes and the MP3s of trashed or deleted records
 * left out), newest first.
 */
export async function listRecordMp3s(ctx: AppContext): Promise<RecordMp3File[]> {
  const dir = mp3Dir(ctx.config.dataDir);
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return [];
  }
  const found: { recordId: number; key: string; size: number; createdAt: Date }[] = [];
  for (const name of names) {
    const match = MP3_NAME.exec(name);
    if (!match) continue;
    const stats = await fs.promises.stat(path.join(dir, name)).catch(() => undefined);
    if (!stats?.isFile()) continue;
    found.push({
      recordId: Number(match[1]),
      key: match[2]!,
      size: stats.size,
      createdAt: stats.mtime,
    });
  }
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
        createdAt: f.createdAt.toISOString(),
        url: mp3Url(f.recordId, f.key),
      };
    })
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
