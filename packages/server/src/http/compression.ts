import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this a JSON answer gains less from compression than the work costs. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Compresses the API's answers of 1 KB and more (brotli at the plugin's fast quality 4, else
 * gzip): JSON, and text files downloaded from the archive. The web app's files go out as the copies
 * made at build time (spa.ts); pictures and media are compressed already (their types say so). Answers that already carry a Content-Encoding (the response cache's
 * gzipped bodies, the precompressed web files) pass through untouched, as do ranges. Request
 * bodies are not inflated: no client of ours sends them compressed.
 * Registered before the routes (the plugin hooks each route as it is declared); its onSend runs
 * after the response cache's, so the cache still keeps the plain serialised body.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Wildcard routes serve files (the web build, the API docs' assets): they go out as their
  // build-time copies or as they are, not compressed again on each request. Runs before the
  // plugin's own onRoute hook, which reads this flag.
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) route.compress = false;
  });
  await app.register(fastifyCompress, {
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/(?:[\w.+-]+\+)?json\b/,
    globalDecompression: false,
  });
}
