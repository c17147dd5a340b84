import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../test/s3.js';
import { localStorage } from './local.js';
import { s3Client, s3Storage } from './s3.js';
import { isMissingBytes, MissingBytesError, type FileStorage } from './storage.js';

/** Every implementation of FileStorage answers these cases alike. */
const implementations: { name: string; make: () => Promise<FileStorage> }[] = [];
let s3: TestS3 | undefined;
const dirs: string[] = [];

implementations.push({
  name: 'local disk',
  async make() {
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'kinfolio-storage-'));
    dirs.push(dir);
    return localStorage(dir);
  },
});
implementations.push({
  name: 's3 (s3rver)',
  async make() {
    s3 ??= await startTestS3();
    const bucket = await s3.bucket();
    return s3Storage(
      s3Client(s3.settings(bucket, 'family/')),
      s3.settings(bucket, 'family/'),
      'files',
    );
  },
});

afterAll(async () => {
  await s3?.close();
  for (const dir of dirs) await fs.promises.rm(dir, { recursive: true, force: true });
});

const text = async (stream: Readable) => (await buffer(stream)).toString('utf8');

describe.each(implementations)('storage contract: $name', ({ make }) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await make();
  });

  it('puts a stream and reads it back whole, by range, and by stat', async () => {
    await storage.put(
      'ab/cd/one.txt',
      Readable.from([Buffer.from('hello '), Buffer.from('world')]),
    );
    expect(await text(await storage.open('ab/cd/one.txt'))).toBe('hello world');
    expect(await text(storage.get('ab/cd/one.txt'))).toBe('hello world');
    expect(await text(await storage.open('ab/cd/one.txt', { start: 6, end: 10 }))).toBe('world');
    expect(await text(storage.get('ab/cd/one.txt', { start: 0, end: 4 }))).toBe('hello');
    const stat = await storage.stat('ab/cd/one.txt');
    expect(stat).toMatchObject({ key: 'ab/cd/one.txt', size: 11 });
    expect(stat!.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('replaces the bytes of a key written again', async () => {
    await storage.put('again.txt', Readable.from([Buffer.from('first')]));
    await storage.put('again.txt', Readable.from([Buffer.from('second version')]));
    expect(await text(await storage.open('again.txt'))).toBe('second version');
    expect((await storage.stat('again.txt'))?.size).toBe(14);
  });

  it('keeps a large file whole (several parts), without reading it into memory', async () => {
    const size = 9 * 1024 * 1024 + 123;
    const bytes = randomBytes(size);
    // Small chunks, as an upload arrives.
    const chunks = function* () {
      for (let at = 0; at < size; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
    };
    await storage.put('big/file.bin', Readable.from(chunks()));
    const back = await buffer(await storage.open('big/file.bin'));
    expect(back.length).toBe(size);
    expect(createHash('sha256').update(back).digest('hex')).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );
    const tail = await buffer(
      await storage.open('big/file.bin', { start: size - 10, end: size - 1 }),
    );
    expect(tail.equals(bytes.subarray(size - 10))).toBe(true);
  });

  it('says a missing key is missing: open rejects, get fails its stream, stat is undefined', async () => {
    await expect(storage.open('no/such/key')).rejects.toBeInstanceOf(MissingBytesError);
    const error = await text(storage.get('no/such/key')).catch((e: unknown) => e);
    expect(isMissingBytes(error)).toBe(true);
    expect(await storage.stat('no/such/key')).toBeUndefined();
  });

  it('deletes, and deleting a missing key is no error', async () => {
    await storage.put('gone.txt', Readable.from([Buffer.from('x')]));
    await storage.delete('gone.txt');
    expect(await storage.stat('gone.txt')).toBeUndefined();
    await expect(storage.delete('gone.txt')).resolves.toBeUndefined();
  });

  it('lists complete objects, all or by prefix', async () => {
    await storage.put('list/a/1.txt', Readable.from([Buffer.from('1')]));
    await storage.put('list/a/2.txt', Readable.from([Buffer.from('22')]));
    await storage.put('list/b/3.txt', Readable.from([Buffer.from('333')]));
    await storage.put('listing.txt', Readable.from([Buffer.from('4444')]));
    const keys = async (prefix?: string) => {
      const found: string[] = [];
      for await (const object of storage.list(prefix)) found.push(object.key);
      return found.sort();
    };
    expect(await keys('list/a/')).toEqual(['list/a/1.txt', 'list/a/2.txt']);
    expect(await keys('list/')).toEqual(['list/a/1.txt', 'list/a/2.txt', 'list/b/3.txt']);
    expect(await keys('list')).toEqual([
      'list/a/1.txt',
      'list/a/2.txt',
      'list/b/3.txt',
      'listing.txt',
    ]);
    const all = await keys();
    expect(all).toEqual(expect.arrayContaining(['list/b/3.txt', 'listing.txt', 'ab/cd/one.txt']));
    for await (const object of storage.list('list/b/')) expect(object.size).toBe(3);
  });

  it('shows nothing of a write that failed half-way, and keeps the old bytes', async () => {
    await storage.put('half.txt', Readable.from([Buffer.from('complete')]));
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial bytes'));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.put('half.txt', failing)).rejects.toThrow();
    await expect(
      storage.put(
        'never.txt',
        new Readable({
          read() {
            this.destroy(new Error('lost'));
          },
        }),
      ),
    ).rejects.toThrow();
    expect(await text(await storage.open('half.txt'))).toBe('complete');
    expect(await storage.stat('never.txt')).toBeUndefined();
    const keys: string[] = [];
    for await (const object of storage.list()) keys.push(object.key);
    expect(keys.filter((k) => k.startsWith('never') || k.includes('.part'))).toEqual([]);
  });

  it('refuses keys that could leave their prefix', async () => {
    for (const key of ['../escape', 'a/../../b', '/abs', '', 'a//b', '.hidden']) {
      await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow();
      await expect(storage.open(key)).rejects.toThrow();
    }
  });

  it('removes no partial write that is still young or still being written', async () => {
    expect(await storage.removeAbandonedPartials(new Date(Date.now() - 60_000))).toBe(0);
  });
});
