import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { sendStored } from '../../storage/index.js';
import type { FileRow } from './repository.js';

/** Types a browser shows itself; anything else is offered as a download. */
const INLINE = /^(image|audio|video)\/|^application\/pdf$|^text\/plain$/;

// Files are served from the archive's own origin: whatever they contain must not run there. A PDF
// is the exception, as Chromium refuses to open one in a sandboxed document.
const FILE_CSP =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

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
  const storage = ctx.storage.files;
  if (thumb) {
    return sendStored(
      {
        storage,
        key: row.thumb_key!,
        etag: `"${row.sha256}-t"`,
        type: 'image/webp',
      },
      request,
      reply,
    );
  }
  return sendStored(
    {
      storage,
      key: row.storage_key,
      size: Number(row.size),
      etag: `"${row.sha256}"`,
      type: row.mime === 'text/plain' ? 'text/plain; charset=utf-8' : row.mime,
      disposition: { name: row.name, inline: INLINE.test(row.mime) },
      ranges: true,
      ...(row.mime === 'application/pdf' ? {} : { csp: FILE_CSP }),
    },
    request,
    reply,
  );
}
