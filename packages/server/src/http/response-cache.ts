import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { StampReader } from '../db/stamps.js';
import { languageOf } from '../i18n/translate.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The response depends only on the archive (and the language): kept until it changes. */
    cache?: 'archive';
  }
}

/** One body as sent: plain, or gzipped for clients that accept it (every browser does). */
interface Variant {
  body: Buffer;
  etag: string;
  encoding?: 'gzip';
}

interface Entry {
  /** The archive stamp read before the response was computed, and again after. */
  stamp: string;
  plain: Variant;
  gzip?: Variant;
}

const JSON_TYPE = 'application/json; charset=utf-8';
/** Says whether an answer came from memory: for operators and for the tests that prove it. */
export const CACHE_STATUS_HEADER = 'x-kinfolio-cache';
// Browsers keep the response but ask again each time; the ETag makes the answer a 304.
const CACHE_CONTROL = 'private, no-cache';
/** Below this, gzip's header and the work outweigh the bytes saved. */
const GZIP_MIN_BYTES = 1024;

// zlib's asynchronous form runs in libuv's thread pool: a large list page is compressed beside
// the event loop instead of holding up every other request for the milliseconds it takes.
const gzip = promisify(gzipCallback);

/** Bytes of responses kept per instance, whatever their number. */
export const RESPONSE_CACHE_BYTES = 64 * 1024 * 1024;

function cacheable(request: FastifyRequest): boolean {
  const config = request.routeOptions.config;
  // The key holds no user: what anyone may read (a share link's answers) is never kept, so that
  // an answer computed for a session is never served without one, nor the reverse.
  return request.method === 'GET' && config?.cache === 'archive' && config.access !== 'public';
}

function keyOf(request: FastifyRequest): string {
  return `${languageOf(request.headers['accept-language'])} ${request.url}`;
}

function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && /\bgzip\b(?!\s*;\s*q=0(\.0*)?\s*(,|$))/.test(header);
}

function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  return header !== undefined && header.split(/\s*,\s*/).includes(etag);
}

/** The plain body and, when worth it, its gzipped form; the ETag tells them apart. */
async function variantsOf(payload: string): Promise<Pick<Entry, 'plain' | 'gzip'>> {
  const body = Buffer.from(payload);
  const hash = createHash('sha1').update(body).digest('base64url');
  const plain: Variant = { body, etag: `"${hash}"` };
  if (body.length < GZIP_MIN_BYTES) return { plain };
  return { plain, gzip: { body: await gzip(body), etag: `"${hash}-gz"`, encoding: 'gzip' } };
}

/** Headers of a kept or fresh answer; whether it is a 304 for this request. */
function setAnswerHeaders(request: FastifyRequest, reply: FastifyReply, variant: Variant): boolean {
  reply
    .header('etag', variant.etag)
    .header('cache-control', CACHE_CONTROL)
    .header('vary', 'Accept-Encoding');
  if (variant.encoding) reply.header('content-encoding', variant.encoding);
  return notModified(request, variant.etag);
}

/**
 * Keeps the responses of the archive's read routes in memory, keyed by address and language, and
 * serves them again while the archive stamp (db/stamps.ts) is the one read before and after they
 * were computed. Every logged-in user reads the same archive, so the key holds no user; access is
 * checked before (the session hook runs first). The stamp is read from committed data only and
 * changes in the writing transaction, so an answer kept under a stamp was computed from exactly
 * the data that stamp stands for.
 * Bodies are gzipped once, when kept, for the clients that accept it (off the event loop).
 */
export function registerResponseCache(app: FastifyInstance, readStamps: StampReader) {
  const cache = new LRUCache<string, Entry>({
    maxSize: RESPONSE_CACHE_BYTES,
    sizeCalculation: (entry, key) =>
      entry.plain.body.length + (entry.gzip?.body.length ?? 0) + key.length,
  });
  const variantFor = (request: FastifyRequest, entry: Entry) =>
    (acceptsGzip(request) && entry.gzip) || entry.plain;

  app.addHook('onRequest', async (request, reply) => {
    if (!cacheable(request)) return;
    const entry = cache.get(keyOf(request));
    if (!entry || entry.stamp !== request.stamps.archive) return;
    const variant = variantFor(request, entry);
    reply.header(CACHE_STATUS_HEADER, 'hit');
    if (setAnswerHeaders(request, reply, variant)) return reply.code(304).send();
    return reply.header('content-type', JSON_TYPE).send(variant.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // A replayed response is a Buffer (or empty): only freshly serialised bodies are kept.
    if (!cacheable(request) || reply.statusCode !== 200 || typeof payload !== 'string') {
      return payload;
    }
    const entry: Entry = { stamp: request.stamps.archive, ...(await variantsOf(payload)) };
    reply.header(CACHE_STATUS_HEADER, 'miss');
    // An answer computed while a write committed may hold some of it: not kept under either stamp.
    if ((await readStamps()).archive === entry.stamp) cache.set(keyOf(request), entry);
    const variant = variantFor(request, entry);
    if (setAnswerHeaders(request, reply, variant)) {
      reply.code(304);
      return '';
    }
    return variant.body;
  });
}
