import fs from 'node:fs';
import contentDisposition from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';

/** As for the other files: nothing served from the archive's origin may run there. */
const FILE_CSP = "default-src 'none'; media-src 'self'; sandbox";

/** The download's name: the record's title (or its number), safe for every file system. */
export function mp3Name(title: string, recordId: number): string {
  const base = title
    .replace(/[\\/:*?"<>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${base || `record-${recordId}`}.mp3`;
}

const asciiName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');

/**
 * Sends a generated MP3: strong ETag from its key (a key's bytes never change), private caching,
 * single byte ranges so players can seek, inline so the new tab plays it.
 */
export function sendMp3(
  mp3: { file: string; size: number; key: string; name: string },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const etag = `"${mp3.key}"`;
  reply
    .header('ETag', etag)
    .header('Cache-Control', 'private, max-age=86400')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', FILE_CSP);
  if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) {
    return reply.code(304).send();
  }
  reply
    .type('audio/mpeg')
    .header('Accept-Ranges', 'bytes')
    .header(
      'Content-Disposition',
      contentDisposition(mp3.name, { type: 'inline', fallback: asciiName(mp3.name) }),
    );
  const rangeHeader = request.headers.range;
  const ifRange = request.headers['if-range'];
  if (rangeHeader && (!ifRange || ifRange === etag)) {
    const ranges = parseRange(mp3.size, rangeHeader, { combine: true });
    if (ranges === -1) {
      return reply.code(416).header('Content-Range', `bytes */${mp3.size}`).send();
    }
    if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) {
      const { start, end } = ranges[0]!;
      return reply
        .code(206)
        .header('Content-Range', `bytes ${start}-${end}/${mp3.size}`)
        .header('Content-Length', end - start + 1)
        .send(fs.createReadStream(mp3.file, { start, end }));
    }
  }
  return reply.header('Content-Length', mp3.size).send(fs.createReadStream(mp3.file));
}
