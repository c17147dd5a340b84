import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { looksLikeZip, safeEntryPath } from './archive.js';
import { ImportError } from './errors.js';
import { folderOf } from './photos.js';
import { namedAsMedia, sniffMedia } from './sniff.js';
import { openServerPath } from './source.js';
import * as media from './test-fixtures/media.js';

const ascii = (text: string) => Buffer.from(text, 'latin1');

describe('what a source holds, by content', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-import-source-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('tells media types by their first bytes, never by their names', async () => {
    expect(sniffMedia(await media.jpeg(1))).toBe('image/jpeg');
    expect(sniffMedia(await media.png(1))).toBe('image/png');
    expect(sniffMedia(await media.webp(1))).toBe('image/webp');
    expect(sniffMedia(await media.gif(1))).toBe('image/gif');
    expect(sniffMedia(await media.heic())).toBe('image/heic');
    expect(sniffMedia(await media.mp4())).toBe('video/mp4');
    expect(sniffMedia(ascii('\0\0\0\x14ftypqt  \0\0\0\0'))).toBe('video/quicktime');
    expect(sniffMedia(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0]))).toBe('video/webm');
    expect(sniffMedia(ascii('RIFF\0\0\0\0AVI LIST'))).toBe('video/x-msvideo');
    expect(sniffMedia(ascii('<html>'))).toBeUndefined();
    expect(sniffMedia(ascii('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined();
    expect(sniffMedia(Buffer.alloc(0))).toBeUndefined();
  });

  it('knows which names claim to be media', () => {
    expect(namedAsMedia('IMG_0001.JPG')).toBe(true);
    expect(namedAsMedia('a/b/clip.mov')).toBe(true);
    expect(namedAsMedia('notes.txt')).toBe(false);
    expect(namedAsMedia('.jpg')).toBe(false);
  });

  it('keeps entry paths inside their source', () => {
    expect(safeEntryPath('Vacances/plage.jpg')).toBe(true);
    for (const bad of ['', '/etc/passwd', '../x.jpg', 'a/../../x', 'a\\..\\x', 'C:/x', 'a/./b']) {
      expect(safeEntryPath(bad), bad).toBe(false);
    }
    expect(looksLikeZip(Buffer.from([0x50, 0x4b, 3, 4]))).toBe(true);
    expect(looksLikeZip(ascii('PK\x05\x06'))).toBe(true);
    expect(looksLikeZip(ascii('PKzz'))).toBe(false);
  });

  it('names a picture’s category after its folder, else after the source', () => {
    expect(folderOf('Vacances 1998/plage.jpg', 'photos.zip')).toBe('Vacances 1998');
    expect(folderOf('a/b/c.jpg', 'photos.zip')).toBe('b');
    expect(folderOf('c.jpg', 'Album de Nonna.zip')).toBe('Album de Nonna');
    expect(folderOf('c.jpg', 'Album')).toBe('Album');
  });

  it('reads a folder in name order, skipping system files, and refuses its links', async () => {
    const folder = path.join(tmp, 'folder');
    fs.mkdirSync(path.join(folder, 'b'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'b', 'two.png'), await media.png(2));
    fs.writeFileSync(path.join(folder, 'a.jpg'), await media.jpeg(3));
    fs.writeFileSync(path.join(folder, '.DS_Store'), 'x');
    fs.writeFileSync(path.join(folder, 'empty.jpg'), '');
    const opened = await openServerPath(folder);
    expect(opened.name).toBe('folder');
    expect(opened.entries.map((e) => [e.path, e.mime ?? e.skip])).toEqual([
      ['.DS_Store', 'unsupported'],
      ['a.jpg', 'image/jpeg'],
      ['b/two.png', 'image/png'],
      ['empty.jpg', 'empty'],
    ]);

    fs.symlinkSync('/etc/hostname', path.join(folder, 'link.jpg'));
    await expect(openServerPath(folder)).rejects.toMatchObject({ problem: 'unsafe_entry' });
    fs.rmSync(path.join(folder, 'link.jpg'));
    fs.writeFileSync(path.join(folder, 'fake.jpg'), '#!/bin/sh\nrm -rf /\n');
    const lying = await openServerPath(folder).catch((error: unknown) => error);
    expect(lying).toBeInstanceOf(ImportError);
    expect(lying).toMatchObject({ problem: 'lying_entry', params: { name: 'fake.jpg' } });
    await expect(openServerPath(path.join(tmp, 'none'))).rejects.toMatchObject({
      problem: 'path_missing',
    });
  });
});
