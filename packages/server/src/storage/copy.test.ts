import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startTestS3, type TestS3 } from '../test/s3.js';
import { copyStorage } from './copy.js';
import { localStorages, s3Storages } from './index.js';
import type { FileStorage, Storage } from './storage.js';

const put = (storage: FileStorage, key: string, text: string) =>
  storage.put(key, Readable.from([Buffer.from(text)]));
const read = async (storage: FileStorage, key: string) =>
  (await buffer(await storage.open(key))).toString('utf8');

/** A storage whose `files` kind fails every put after the first `okPuts` (a copy cut short). */
function failingAfter(storage: Storage, okPuts: number): Storage {
  let puts = 0;
  const files: FileStorage = {
    ...storage.files,
    put(key, source, options) {
      puts += 1;
      if (puts > okPuts) {
        source.resume();
        return Promise.reject(new Error('connection lost'));
      }
      return storage.files.put(key, source, options);
    },
  };
  return { ...storage, files };
}

describe('storage copy: local to S3 and back, verified and resumable', () => {
  let s3: TestS3;
  let dir: string;
  let local: Storage;
  let bucket: Storage;

  beforeAll(async () => {
    s3 = await startTestS3();
    dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'kinfolio-copy-'));
    local = localStorages(loadConfig({ DATA_DIR: dir }));
    bucket = s3Storages(s3.settings(await s3.bucket(), 'archive'));
    for (let n = 0; n < 5; n += 1) await put(local.files, `aa/bb/file-${n}`, `bytes of ${n}`);
    await put(local.pictures, 'users/1/profile.webp', 'a picture');
    await put(local.mp3, 'record-4-abcd.mp3', 'an mp3');
    await put(local.backups, 'kinfolio-backup-2026.tar', 'a backup');
  });
  afterAll(async () => {
    await s3.close();
    await fs.promises.rm(dir, { recursive: true, force: true });
  });

  it('stops at a failed write, then resumes without writing again what is there', async () => {
    await expect(copyStorage(local, failingAfter(bucket, 2))).rejects.toThrow('connection lost');
    const there: string[] = [];
    for await (const object of bucket.files.list()) there.push(object.key);
    expect(there).toHaveLength(2);
    // A copy left with other bytes (of the same size) is written again, not trusted by its size.
    const spoiled = there[0]!;
    await put(bucket.files, spoiled, 'bytes of X');

    const seen: string[] = [];
    const result = await copyStorage(local, bucket, {
      onObject: ({ kind, key, outcome }) => seen.push(`${kind}/${key} ${outcome}`),
    });
    expect(result).toMatchObject({ alreadyThere: 1, recopied: 1, copied: 6, removed: 0 });
    expect(seen).toContain(`files/${spoiled} recopied`);
    expect(seen).toContain(`files/${there[1]!} already-there`);
    for (let n = 0; n < 5; n += 1) {
      expect(await read(bucket.files, `aa/bb/file-${n}`)).toBe(`bytes of ${n}`);
    }
    expect(await read(bucket.mp3, 'record-4-abcd.mp3')).toBe('an mp3');
    expect(await read(bucket.backups, 'kinfolio-backup-2026.tar')).toBe('a backup');
    // The source is left as it was.
    expect(await read(local.pictures, 'users/1/profile.webp')).toBe('a picture');
  });

  it('moves back with removeSource: the source goes only once every copy is verified', async () => {
    const back = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'kinfolio-copy-back-'));
    try {
      const target = localStorages(loadConfig({ DATA_DIR: back }));
      await expect(
        copyStorage(bucket, failingAfter(target, 3), { removeSource: true }),
      ).rejects.toThrow();
      // Nothing removed from the bucket by the run that failed.
      expect(await read(bucket.files, 'aa/bb/file-0')).toBe('bytes of 0');

      const result = await copyStorage(bucket, target, { removeSource: true });
      expect(result.removed).toBe(8);
      expect(await read(target.pictures, 'users/1/profile.webp')).toBe('a picture');
      expect(await bucket.files.stat('aa/bb/file-0')).toBeUndefined();
    } finally {
      await fs.promises.rm(back, { recursive: true, force: true });
    }
  });
});
