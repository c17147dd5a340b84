import contentDisposition from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import { HttpError } from '../http/errors.js';
import { isMissingBytes, type FileStorage } from './storage.js';

/** What a download of stored bytes needs to be answered as HTTP. */
export interface StoredDownload {
  storage: FileStorage;
  key: string;
  /** The bytes' length (from the row, or from `stat`); unknown, no ranges are answered. */
  size?: number;
  /** A strong validator: bytes under a key never change, so their hash or key will do. */
  etag: string;
  type: string;
  /** The name offered, and whether the browser shows the bytes or saves them. */
  disposition?: { name: string; inline: boolean };
  /** Cache-Control (default: private, a day). */
  cacheControl?: string;
  /** A Content-Security-Policy for the bytes, which are served from the app's own origin. */
  csp?: string;
  /** Answer single byte ranges (players seek with them). */
  ranges?: boolean;
}

/**
 * An ASCII `filename=` next to the exact `filename*=UTF-8''…`: headers are Latin-1 at best, and
 * some clients read only the plain parameter.
 */
export const asciiName = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');

/** The localised answer for a row whose bytes are gone (the storage check reports it too). */
export const bytesMissing = () => new HttpError(410, 'storage.bytes_missing');

/**
 * Sends stored bytes: ETag and If-None-Match, nosniff, single byte ranges with If-Range, and the
 * bytes opened before any header is sent, so bytes that are missing give a clean, localised 410
 * instead of a body broken half-way.
 */
export async function sendStored(
  download: StoredDownload,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { storage, key, size, etag } = download;
  reply
    .header('ETag', etag)
    .header('Cache-Control', download.cacheControl ?? 'private, max-age=86400')
    .header('X-Content-Type-Options', 'nosniff');
  if (download.csp) reply.header('Content-Security-Policy', download.csp);
  if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) {
    return reply.code(304).send();
  }
  reply.type(download.type);
  if (download.disposition) {
    const { name, inline } = download.disposition;
    reply.header(
      'Content-Disposition',
      contentDisposition(name, {
        type: inline ? 'inline' : 'attachment',
        fallback: asciiName(name),
      }),
    );
  }
  let range: { start: number; end: number } | undefined;
  if (download.ranges && size !== undefined) {
    reply.header('Accept-Ranges', 'bytes');
    const rangeHeader = request.headers.range;
    const ifRange = request.headers['if-range'];
    // A Range with a stale If-Range gets the whole (changed) file, as RFC 9110 says.
    if (rangeHeader && (!ifRange || ifRange === etag)) {
      const ranges = parseRange(size, rangeHeader, { combine: true });
      if (ranges === -1) {
        return reply.code(416).header('Content-Range', `bytes */${size}`).send();
      }
      // Several ranges would need multipart/byteranges, which players never ask for: send all.
      if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) range = ranges[0];
    }
  }
  let body;
  try {
    body = await storage.open(key, range);
  } catch (error) {
    if (!isMissingBytes(error)) throw error;
    reply.removeHeader('Content-Disposition').removeHeader('ETag').removeHeader('Accept-Ranges');
    reply.removeHeader('Cache-Control').removeHeader('Content-Security-Policy');
    reply.removeHeader('Content-Type');
    throw bytesMissing();
  }
  if (range) {
    return reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size!}`)
      .header('Content-Length', range.end - range.start + 1)
      .send(body);
  }
  if (size !== undefined) reply.header('Content-Length', size);
  return reply.send(body);
}
