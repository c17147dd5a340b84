import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { languageOf } from '../i18n/translate.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The response depends only on the archive (and the language): kept until it changes. */
    cache?: 'archive';
  }
}

interface Entry {
  /** The archive stamp read before the response was computed. */
  stamp: number;
  body: Buffer;
  etag: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';
// Browsers keep the response but ask again each time; the ETag makes the answer a 304.
const CACHE_CONTROL = 'private, no-cache';

/** Bytes of responses kept per instance, whatever their number. */
export const RESPONSE_CACHE_BYTES = 64 * 1024 * 1024;

function cacheable(request: FastifyRequest): boolean {
  return request.method === 'GET' && request.routeOptions.config?.cache === 'archive';
}

function keyOf(request: FastifyRequest): string {
  return `${languageOf(request.headers['accept-language'])} ${request.url}`;
}

function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  return header !== undefined && header.split(/\s*,\s*/).includes(etag);
}

/**
 * Keeps the responses of the archive's read routes in memory, keyed by address and language, and
 * serves them again while the archive stamp (db/stamps.ts) is the one read before they were
 * computed. Every logged-in user reads the same archive, so the key holds no user; access is
 * checked before (the session hook runs first). The stamp changes in the writing transaction,
 * so a response computed after a write is never kept under a stamp older than that write:
 * at worst a newer response is kept under an older stamp, and is then never served.
 */
export function registerResponseCache(app: FastifyInstance) {
  const cache = new LRUCache<string, Entry>({
    maxSize: RESPONSE_CACHE_BYTES,
    sizeCalculation: (entry, key) => entry.body.length + key.length,
  });

  const replay = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
    reply.header('etag', entry.etag).header('cache-control', CACHE_CONTROL);
    if (notModified(request, entry.etag)) return reply.code(304).send();
    return reply.header('content-type', JSON_TYPE).send(entry.body);
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!cacheable(request)) return;
    const entry = cache.get(keyOf(request));
    if (entry && entry.stamp === request.stamps.archive) return replay(request, reply, entry);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // A replayed response is a Buffer (or empty): only freshly serialised bodies are kept.
    if (!cacheable(request) || reply.statusCode !== 200 || typeof payload !== 'string') {
      return payload;
    }
    const body = Buffer.from(payload);
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    cache.set(keyOf(request), { stamp: request.stamps.archive, body, etag });
    reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
    if (notModified(request, etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
