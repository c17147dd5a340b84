import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../i18n/translate.js';

const API_PREFIXES = ['/api/', '/sanctum/', '/email/'];

/**
 * Serves the built web app: hashed assets cached for good, everything else revalidated, and any
 * unknown non-API GET answered with index.html so the client router can take it (history fallback).
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Our own cache headers below; the plugin's would overwrite them.
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDist }, 'the web app is not built: only the API is served');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => url.startsWith(prefix)) || url === '/api';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!built || isApi || !wantsPage) {
      const language = languageOf(request.headers['accept-language']);
      return reply.code(404).send({ message: translate(language, 'http.not_found') });
    }
    const html = await fs.promises.readFile(indexFile, 'utf8');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}
