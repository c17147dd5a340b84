import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { STORAGE_KINDS, type FileStorage, type Storage, type StorageKind } from './storage.js';

export interface CopyProgress {
  kind: StorageKind;
  key: string;
  /** What happened to this object. */
  outcome: 'copied' | 'already-there' | 'recopied';
}

export interface CopyResult {
  /** Objects written to the target by this run. */
  copied: number;
  /** Objects the target already held, byte for byte (a resumed copy skips them). */
  alreadyThere: number;
  /** Objects the target held with other bytes (a copy cut short, say), written again. */
  recopied: number;
  bytes: number;
  /** Source objects removed (only with `removeSource`, once every copy was verified). */
  removed: number;
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** Copies one object, hashing what was read; then reads the copy back and compares. */
async function copyVerified(source: FileStorage, target: FileStorage, key: string) {
  const hash = createHash('sha256');
  let size = 0;
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  const read = await source.open(key);
  await Promise.all([target.put(key, hashing), pipeline(read, hashing)]);
  const sent = hash.digest('hex');
  const back = await sha256Of(await target.open(key));
  if (back.sha256 !== sent || back.size !== size) {
    throw new Error(`the copy of ${key} does not match its source (checksum)`);
  }
  return size;
}

/**
 * Copies every object of every kind from `source` to `target`, each verified by reading the
 * copy back and comparing SHA-256. Resumable: an object the target already holds with the same
 * bytes is skipped, one with other bytes (a run cut short) is written again. The source is left
 * as it is unless `removeSource`, and even then only once every object's copy is verified.
 */
export async function copyStorage(
  source: Storage,
  target: Storage,
  options: {
    kinds?: readonly StorageKind[];
    removeSource?: boolean;
    onObject?: (progress: CopyProgress) => void;
  } = {},
): Promise<CopyResult> {
  const result: CopyResult = { copied: 0, alreadyThere: 0, recopied: 0, bytes: 0, removed: 0 };
  const done: { kind: StorageKind; key: string }[] = [];
  for (const kind of options.kinds ?? STORAGE_KINDS) {
    const from = source[kind];
    const to = target[kind];
    for await (const object of from.list()) {
      const existing = await to.stat(object.key);
      let outcome: CopyProgress['outcome'] = existing ? 'recopied' : 'copied';
      if (existing && existing.size === object.size) {
        const [a, b] = await Promise.all([
          sha256Of(await from.open(object.key)),
          sha256Of(await to.open(object.key)),
        ]);
        if (a.sha256 === b.sha256) outcome = 'already-there';
      }
      if (outcome === 'already-there') result.alreadyThere += 1;
      else {
        result.bytes += await copyVerified(from, to, object.key);
        if (outcome === 'copied') result.copied += 1;
        else result.recopied += 1;
      }
      done.push({ kind, key: object.key });
      options.onObject?.({ kind, key: object.key, outcome });
    }
  }
  if (options.removeSource) {
    for (const { kind, key } of done) {
      await source[kind].delete(key);
      result.removed += 1;
    }
  }
  return result;
}
