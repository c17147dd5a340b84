import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseFile } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '../../storage/local.js';
import type { Storage } from '../../storage/storage.js';
import { sineFile } from '../../test/audio.js';
import { progressSeconds } from './ffmpeg.js';
import { encodeMp3, mp3Key, type Mp3Tags } from './mp3.js';
import {
  isStoredMp3Name,
  listStoredMp3s,
  mp3StorageKey,
  removeRecordMp3s,
  storedMp3s,
} from './mp3-store.js';

const tags: Mp3Tags = {
  title: 'Cassette 3, face A — été 1987',
  owner: 'Rosa Bianchi',
  date: '1987-06-14',
  people: ['Luigi Bianchi', 'Élise Martin'],
};

describe('records MP3: joining audio parts with ffmpeg', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-mp3-test-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('joins two parts of different formats in order into one tagged 44.1 kHz MP3', async () => {
    const one = await sineFile(path.join(dir, 'one.wav'), 2, 440);
    const two = await sineFile(path.join(dir, 'two.mp3'), 3, 660, { rate: 48000, channels: 2 });
    const output = path.join(dir, 'joined.mp3');
    const progress: number[] = [];
    const result = await encodeMp3({
      inputs: [one, two],
      tags,
      output: fs.createWriteStream(output),
      onProgress: (f) => progress.push(f),
    });
    expect(result.duration).toBeGreaterThan(4.9);
    expect(result.maxRssBytes).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const meta = await parseFile(output);
    expect(meta.format.container).toMatch(/MPEG/);
    expect(meta.format.sampleRate).toBe(44100);
    expect(meta.format.numberOfChannels).toBe(2);
    expect(meta.format.duration).toBeGreaterThan(4.9);
    expect(meta.format.duration).toBeLessThan(5.2);
    expect(meta.common.title).toBe(tags.title);
    expect(meta.common.artist).toBe('Luigi Bianchi, Élise Martin');
    expect(meta.common.albumartist).toBe('Rosa Bianchi');
    expect(meta.common.year).toBe(1987);
    // ffmpeg writes the comment as COMM, or (older builds) as TXXX:comment.
    const comment = Object.values(meta.native)
      .flat()
      .find((tag) => tag.id === 'COMM' || tag.id === 'TXXX:comment');
    expect(JSON.stringify(comment?.value)).toContain('Luigi Bianchi, Élise Martin');
  });

  it('fails when ffmpeg cannot read a part', async () => {
    // What is left of the output is the caller's to drop (generateRecordMp3's temporary folder).
    const broken = path.join(dir, 'broken.wav');
    fs.writeFileSync(broken, 'RIFF not really audio');
    const output = fs.createWriteStream(path.join(dir, 'broken.mp3'));
    await expect(encodeMp3({ inputs: [broken], tags, output })).rejects.toThrow();
  });

  it('changes the key when a part is edited, added or re-ordered, or a tag changes', () => {
    const a = { id: 1, position: 0, sha256: 'aa', size: 10 };
    const b = { id: 2, position: 1, sha256: 'bb', size: 20 };
    const key = mp3Key([a, b], tags);
    expect(mp3Key([a, b], { ...tags })).toBe(key);
    const keys = [
      mp3Key(
        [
          { ...b, position: 0 },
          { ...a, position: 1 },
        ],
        tags,
      ),
      mp3Key([a, { ...b, sha256: 'cc' }], tags),
      mp3Key([a], tags),
      mp3Key([a, b], { ...tags, title: 'Cassette 4' }),
    ];
    expect(new Set([key, ...keys]).size).toBe(5);
  });

  it('removes stale MP3s of one record only, or all of them on a hard delete', async () => {
    const storage = localStorage(path.join(dir, 'mp3'));
    const put = (key: string) => storage.put(key, Readable.from([Buffer.from('ID3')]));
    for (const key of ['record-1-0ld.mp3', 'record-1-new.mp3', 'record-12-0ld.mp3']) {
      await put(key);
    }
    const left = async () => {
      const names: string[] = [];
      for await (const mp3 of storedMp3s(storage)) names.push(mp3.name);
      return names.sort();
    };
    await removeRecordMp3s(storage, 1, mp3StorageKey(1, 'new'));
    expect(await left()).toEqual(['record-1-new.mp3', 'record-12-0ld.mp3']);
    await removeRecordMp3s(storage, 1);
    expect(await left()).toEqual(['record-12-0ld.mp3']);
  });

  it('tells backups which names are MP3s, and lists them in name order', async () => {
    expect(isStoredMp3Name('record-3-abc123.mp3')).toBe(true);
    for (const name of ['record-3-abc.mp3.x.part', '../record-3-abc.mp3', 'record-x-1.mp3']) {
      expect(isStoredMp3Name(name), name).toBe(false);
    }
    const mp3 = localStorage(path.join(dir, 'listed'));
    await mp3.put('record-2-b.mp3', Readable.from([Buffer.from('two')]));
    await mp3.put('record-10-a.mp3', Readable.from([Buffer.from('ten!')]));
    await mp3.put('notes.txt', Readable.from([Buffer.from('not an mp3')]));
    // Only its `mp3` kind is read.
    const listed = await listStoredMp3s({ mp3 } as unknown as Storage);
    expect(listed.map((m) => [m.name, m.size])).toEqual([
      ['record-10-a.mp3', 4],
      ['record-2-b.mp3', 3],
    ]);
    const chunks: Buffer[] = [];
    for await (const chunk of listed[0]!.read()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('ten!');
  });

  it("reads ffmpeg's progress lines", () => {
    expect(progressSeconds('out_time_us=2500000')).toBe(2.5);
    expect(progressSeconds('out_time_ms=1000000')).toBe(1);
    expect(progressSeconds('out_time_us=N/A')).toBeUndefined();
    expect(progressSeconds('progress=continue')).toBeUndefined();
  });
});
