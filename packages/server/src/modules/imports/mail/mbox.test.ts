import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { looksLikeMbox, looksLikeMessage } from './detect.js';
import { readMbox } from './mbox.js';
import { mbox, message } from './test-fixtures.js';

const small = (id: string) =>
  message({ headers: { From: 'a@example.com', 'Message-ID': `<${id}@x>` }, text: id });

async function collect(source: Readable, gz = false, maxBytes = 1024 * 1024) {
  const found: { index: number; raw: string | undefined; labels: string[] }[] = [];
  for await (const m of readMbox(source, { gz, maxBytes })) {
    found.push({ index: m.index, raw: m.raw?.toString('latin1'), labels: m.labels });
  }
  return found;
}

/** Bytes in chunks of `size`, so that lines and `From ` lines fall across chunk ends. */
function chunked(bytes: Buffer, size: number): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
    })(),
  );
}

describe('mbox reading', () => {
  it('splits messages on From lines, whatever the chunks', async () => {
    const box = mbox([small('one'), small('two'), small('three')]);
    for (const size of [1, 3, 7, 64, box.length]) {
      const found = await collect(chunked(box, size));
      expect(found.map((m) => m.index)).toEqual([0, 1, 2]);
      expect(found[1]!.raw).toContain('Message-ID: <two@x>');
      expect(found.every((m) => !m.raw!.startsWith('From '))).toBe(true);
    }
  });

  it('reads a gzipped mailbox, with Gmail labels', async () => {
    const labelled = `X-Gmail-Labels: Famille,=?UTF-8?B?${Buffer.from('Été').toString('base64')}?=\n${small('l')}`;
    const found = await collect(chunked(gzipSync(mbox([labelled, small('m')])), 100), true);
    expect(found).toHaveLength(2);
    expect(found[0]!.labels).toEqual(['Famille', 'Été']);
  });

  it('cuts a message over the cap, even one huge line, without holding it', async () => {
    const before = process.memoryUsage();
    const cap = 1024 * 1024;
    // A 512 MB line, generated: held whole it would be half a gigabyte of string and more.
    const line = Buffer.alloc(1024 * 1024, 0x61);
    const source = Readable.from(
      (function* () {
        yield Buffer.from(`From x Mon Jan  1 00:00:00 2001\nSubject: huge\n\n`);
        for (let i = 0; i < 512; i += 1) yield line;
        yield Buffer.from(`\n${mbox([small('after')]).toString('latin1')}`);
      })(),
    );
    const found = await collect(source, false, cap);
    const after = process.memoryUsage();
    expect(found.map((m) => [m.index, m.raw === undefined])).toEqual([
      [0, true],
      [1, false],
    ]);
    expect(found[1]!.raw).toContain('<after@x>');
    expect(
      after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers,
    ).toBeLessThan(128 * 1024 * 1024);
  });

  it('fails on a broken gzip stream', async () => {
    const gz = gzipSync(mbox([small('a')]));
    await expect(
      collect(Readable.from([gz.subarray(0, gz.length - 20), Buffer.from('garbage')]), true),
    ).rejects.toThrow();
  });

  it('tells mailboxes and messages from other text', () => {
    expect(looksLikeMbox(mbox([small('a')]))).toBe(true);
    expect(looksLikeMbox(Buffer.from('From here on, a story\nonce upon a time\n'))).toBe(false);
    expect(looksLikeMessage(Buffer.from(small('b')))).toBe(true);
    expect(looksLikeMessage(Buffer.from('Subject: notes\n\nno sender, no date'))).toBe(false);
    expect(looksLikeMessage(Buffer.from('12/31/20, 10:00 - Anna: Hello\n'))).toBe(false);
  });
});
