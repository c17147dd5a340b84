import contentDisposition from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import type { FileRow } from './repository.js';

/** Types a browser shows itself; anything else is offered as a download. */
const INLINE = /^(image|audio|video)\/|^application\/pdf$|^text\/plain$/;

// Files are served from the archive's own origin: whatever they contain must not run there. A PDF
// is the exception, as Chromium refuses to open one in a sandboxed document.
const FILE_CSP =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * An ASCII `filename=` next to the exact `filename*=UTF-8''…`: headers are Latin-1 at best, and
 * some clients read only the plain parameter.
 */
function asciiName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
}

/**
 * Sends a stored file, or its thumbnail: strong ETag from the sha256 (the bytes of an id never
 * change), private caching, and single byte ranges so audio and video can seek.
 */
export async function sendFile(
  ctx: AppContext,
  row: FileRow,
  thumb: boolean,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (thumb && !row.thumb_key) throw notFound();
  const key = thumb ? row.thumb_key! : row.storage_key;
  const etag = `"${row.sha256}${thumb ? '-t' : ''}"`;
  reply
    .header('ETag', etag)
    .header('Cache-Control', 'private, max-age=86400')
    .header('X-Content-Type-Options', 'nosniff');
  if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) {
    return reply.code(304).send();
  }
  if (thumb) {
    return reply.type('image/webp').send(ctx.storage.get(key));
  }
  const mime = row.mime === 'text/plain' ? 'text/plain; charset=utf-8' : row.mime;
  reply
    .type(mime)
    .header('Accept-Ranges', 'bytes')
    .header(
      'Content-Disposition',
      contentDisposition(row.name, {
        type: INLINE.test(row.mime) ? 'inline' : 'attachment',
        fallback: asciiName(row.name),
      }),
    );
  if (row.mime !== 'application/pdf') reply.header('Content-Security-Policy', FILE_CSP);

  const size = Number(row.size);
  const rangeHeader = request.headers.range;
  const ifRange = request.headers['if-range'];
  // A Range with a stale If-Range gets the whole (changed) file, as RFC 9110 says.
  if (rangeHeader && (!ifRange || ifRange === etag)) {
    const ranges = parseRange(size, rangeHeader, { combine: true });
    if (ranges === -1) {
      return reply.code(416).header('Content-Range', `bytes */${size}`).send();
    }
    // Several ranges would need multipart/byteranges, which players never ask for: send all.
    if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) {
      const { start, end } = ranges[0]!;
      return reply
        .code(206)
        .header('Content-Range', `bytes ${start}-${end}/${size}`)
        .header('Content-Length', end - start + 1)
        .send(ctx.storage.get(key, { start, end }));
    }
  }
  return reply.header('Content-Length', size).send(ctx.storage.get(key));
}
