import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseFile } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sineFile } from '../../test/audio.js';
import { progressSeconds } from './ffmpeg.js';
import { encodeMp3, mp3File, mp3Key, removeRecordMp3s, type Mp3Tags } from './mp3.js';

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
    const output = mp3File(dir, 7, 'abc');
    const progress: number[] = [];
    const result = await encodeMp3({
      inputs: [one, two],
      tags,
      output,
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
    // Nothing half-written is left beside it.
    expect(fs.readdirSync(path.dirname(output))).toEqual([path.basename(output)]);
  });

  it('leaves no file behind when ffmpeg fails', async () => {
    const broken = path.join(dir, 'broken.wav');
    fs.writeFileSync(broken, 'RIFF not really audio');
    const output = mp3File(dir, 8, 'def');
    await expect(encodeMp3({ inputs: [broken], tags, output })).rejects.toThrow();
    expect(fs.readdirSync(path.dirname(output)).filter((n) => n.startsWith('record-8-'))).toEqual(
      [],
    );
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

  it('removes stale MP3s of one record only, or all of its files on a hard delete', async () => {
    const folder = path.dirname(mp3File(dir, 1, 'x'));
    fs.mkdirSync(folder, { recursive: true });
    for (const name of ['record-1-old.mp3', 'record-1-new.mp3', 'record-1-new.mp3.u.part']) {
      fs.writeFileSync(path.join(folder, name), '');
    }
    fs.writeFileSync(path.join(folder, 'record-12-old.mp3'), '');
    const dead = path.join(folder, 'record-1-dead.mp3.v.part');
    fs.writeFileSync(dead, '');
    const hoursAgo = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(dead, hoursAgo, hoursAgo);
    await removeRecordMp3s(dir, 1, mp3File(dir, 1, 'new'));
    const left = () => fs.readdirSync(folder).filter((n) => /^record-1(2)?-/.test(n));
    expect(left().sort()).toEqual([
      'record-1-new.mp3',
      'record-1-new.mp3.u.part',
      'record-12-old.mp3',
    ]);
    await removeRecordMp3s(dir, 1);
    expect(left()).toEqual(['record-12-old.mp3']);
  });

  it("reads ffmpeg's progress lines", () => {
    expect(progressSeconds('out_time_us=2500000')).toBe(2.5);
    expect(progressSeconds('out_time_ms=1000000')).toBe(1);
    expect(progressSeconds('out_time_us=N/A')).toBeUndefined();
    expect(progressSeconds('progress=continue')).toBeUndefined();
  });
});
