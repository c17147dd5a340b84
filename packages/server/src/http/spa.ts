import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from '../i18n/translate.js';

const API_PREFIXES = ['/api/', '/sanctum/', '/email/'];
/**
 * Files the app fetches itself (builds/latest.json, builds/meta/{id}.json): a missing one is a 404,
 * not the HTML shell, so the app's new build detection sees a failed load, not a page.
 */
const FILE_PREFIXES = ['/builds/'];

/** The page of a share link (`/s/…`), built apart from the app (packages/web/share.html). */
const SHARE_PAGE = 'share.html';

/**
 * Files the web build also writes as `.br` and `.gz` (packages/web/vite.config.ts): their answer
 * depends on Accept-Encoding, which shared caches must know even when the plain file is sent.
 */
const PRECOMPRESSED = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)(?:\.br|\.gz)?$/;

/**
 * Serves the built web app: hashed assets cached for good, everything else revalidated, and any
 * unknown non-API GET answered with index.html so the client router can take it (history fallback).
 * Text files go out as the brotli or gzip copies made at build time when the browser accepts them.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const built = fs.existsSync(indexFile);
  // The share link's page is its own small build (share.html); a build without it (an older
  // one) shows the app's page instead, which has no route for it.
  const sharePage = fs.existsSync(path.join(webDist, SHARE_PAGE)) ? SHARE_PAGE : 'index.html';
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      // `x.js.br` for `Accept-Encoding: br`, else `x.js.gz`, else `x.js` (and a missing copy falls back).
      preCompressed: true,
      // Our own cache headers below; the plugin's would overwrite them.
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        if (PRECOMPRESSED.test(filePath)) res.setHeader('vary', 'Accept-Encoding');
      },
    });
  } else {
    app.log.warn({ webDist }, 'the web app is not built: only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => url.startsWith(prefix)) || url === '/api';
    const isFile = FILE_PREFIXES.some((prefix) => url.startsWith(prefix));
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!built || isApi || isFile || !wantsPage) {
      const language = languageOf(request.headers['accept-language']);
      void reply.code(404).send({ message: translate(language, 'http.not_found') });
      return;
    }
    // A share link's page: its address holds the token, so search engines must not keep it and
    // the sites its content links to must not be told it.
    const shared = url.startsWith('/s/');
    if (shared) {
      void reply
        .header('x-robots-tag', 'noindex, nofollow')
        .header('referrer-policy', 'no-referrer');
    }
    // Through the static plugin, so the page gets the compressed copy, the validators and headers
    // of `/` (setHeaders above); the status stays 200 as for any page the client router knows.
    // Not returned: every async layer that resolves with the reply (a thenable) adds a listener.
    void reply.code(200).sendFile(shared ? sharePage : 'index.html');
  });
}
