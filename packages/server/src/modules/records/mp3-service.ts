import type { AppContext } from '../../context.js';
import { withTempDir } from '../../storage/index.js';
import { filesRepository, type FileRow } from '../files/index.js';
import { looksLikeAudioOrVideo, SNIFF_BYTES } from './media-sniff.js';
import { encodeMp3, mp3Key, type Mp3Tags } from './mp3.js';
import { existingMp3, hasAnyMp3, mp3StorageKey, removeRecordMp3s } from './mp3-store.js';
import { recordsRepository, type RecordRow } from './repository.js';

/** What the MP3 of a record is made of right now. */
interface Mp3Source {
  record: RecordRow;
  parts: FileRow[];
  tags: Mp3Tags;
  key: string;
}

async function sourceOf(ctx: AppContext, recordId: number): Promise<Mp3Source | undefined> {
  const repo = recordsRepository(ctx.db);
  const record = await repo.find(recordId);
  if (!record) return undefined;
  const [parts, people] = await Promise.all([
    filesRepository(ctx.db).ofRecord(recordId),
    repo.people([recordId]),
  ]);
  const tags: Mp3Tags = {
    title: record.title || [record.number, record.face].filter(Boolean).join(' '),
    owner: record.owner,
    // A date-time keeps its calendar date only.
    date: (record.registration_date ?? '').slice(0, 10),
    people: people.map((p) => p.name),
  };
  const key = mp3Key(
    parts.map((p) => ({ id: p.id, position: p.position, sha256: p.sha256, size: Number(p.size) })),
    tags,
  );
  return { record, parts, tags, key };
}

/** Where a record's MP3 stands: the file when it is up to date with the parts and the record. */
export type Mp3State =
  | { kind: 'missing-record' }
  | { kind: 'no-parts' }
  | { kind: 'ready'; storageKey: string; size: number; key: string; title: string }
  /** Never made (`stale` false), or made from parts or tags that have changed since. */
  | { kind: 'absent'; key: string; stale: boolean };

export async function recordMp3State(ctx: AppContext, recordId: number): Promise<Mp3State> {
  const source = await sourceOf(ctx, recordId);
  if (!source) return { kind: 'missing-record' };
  if (source.parts.length === 0) return { kind: 'no-parts' };
  const existing = await existingMp3(ctx.storage.mp3, recordId, source.key);
  if (existing) return { kind: 'ready', ...existing, key: source.key, title: source.tags.title };
  return { kind: 'absent', key: source.key, stale: await hasAnyMp3(ctx.storage.mp3, recordId) };
}

export interface GeneratedMp3 {
  storageKey: string;
  key: string;
  duration: number;
  maxRssBytes: number;
  cpuSeconds: number;
}

/** A partial write untouched this long was left by a worker that died (ffmpeg writes steadily). */
const ABANDONED_MS = 60 * 60 * 1000;

/**
 * Makes the record's MP3 from its parts as they are now: the parts are copied out of the storage
 * (which need not be a local disk) into a private temporary folder, joined there by ffmpeg, and
 * the result is put into the `mp3` storage (visible only once complete); older MP3s of the record
 * go once the new one is in. Parts changed while it ran give an MP3 under the old key, which is
 * then simply stale.
 */
export async function generateRecordMp3(
  ctx: AppContext,
  recordId: number,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<GeneratedMp3> {
  const source = await sourceOf(ctx, recordId);
  if (!source) throw new Error(`record ${recordId} does not exist`);
  if (source.parts.length === 0) throw new Error(`record ${recordId} has no audio part`);
  for (const part of source.parts) {
    const chunks: Buffer[] = [];
    for await (const chunk of ctx.storage.files.get(part.storage_key, {
      start: 0,
      end: SNIFF_BYTES - 1,
    })) {
      chunks.push(chunk as Buffer);
    }
    if (!looksLikeAudioOrVideo(Buffer.concat(chunks))) {
      throw new Error(`part ${part.id} (${part.name}) is not audio or video: not given to ffmpeg`);
    }
  }
  const storage = ctx.storage.mp3;
  const result = await withTempDir('mp3', async (dir) => {
    const inputs: string[] = [];
    for (const [index, part] of source.parts.entries()) {
      inputs.push(await dir.write(`part-${index}`, ctx.storage.files.get(part.storage_key)));
    }
    const encoded = await encodeMp3({
      inputs,
      tags: source.tags,
      output: dir.writer('record.mp3'),
      timeLimitMs: ctx.config.ffmpegTimeLimitMs,
      ...(onProgress ? { onProgress } : {}),
      ...(signal ? { signal } : {}),
    });
    await storage.put(mp3StorageKey(recordId, source.key), dir.read('record.mp3'), {
      contentType: 'audio/mpeg',
    });
    return encoded;
  });
  const storageKey = mp3StorageKey(recordId, source.key);
  await removeRecordMp3s(storage, recordId, storageKey);
  // Deleted for good while ffmpeg ran: its MP3 must not outlive it.
  if (!(await recordsRepository(ctx.db).find(recordId))) {
    await removeRecordMp3s(storage, recordId);
  }
  // What a worker killed in the middle of a put left behind.
  await storage.removeAbandonedPartials(new Date(Date.now() - ABANDONED_MS));
  return { storageKey, key: source.key, ...result };
}
