import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { buildManifest, newBuildId } from './build/buildManifest';
import { mantineUseIdWithoutEffect } from './build/mantineUseId';
import { receiveShare, SHARE_ACTION, SHARED_FIELD } from './src/features/imports/shareTarget';

/** This build's id: compiled into the app and named by builds/latest.json (buildManifest). */
const BUILD_ID = newBuildId();

/** The service worker's cache of pictures' thumbnails (at most 300, see runtimeCaching). */
const THUMBNAILS_CACHE = 'kinfolio-thumbnails';

const API_TARGET = process.env.KINFOLIO_API ?? 'http://127.0.0.1:3000';

/** Paths served by the API server; the dev server forwards them and the service worker never answers them. */
const SERVER_PREFIXES = [
  '/api',
  '/sanctum',
  '/login',
  '/logout',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/change-password',
  '/email',
];

/** The parts of an ESTree node this file walks. */
interface EsNode {
  type: string;
  start: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is EsNode =>
  typeof value === 'object' && value !== null && typeof (value as EsNode).type === 'string';

/** Whether evaluating the expression may run code: a call, `new` or a spread (getters), not looking into functions (run later). */
function runsCode(node: EsNode): boolean {
  if (/Function|Class/.test(node.type)) return false;
  if (/^(?:Call|New)Expression$|^SpreadElement$|^TaggedTemplateExpression$/.test(node.type))
    return true;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'type') continue;
    for (const item of Array.isArray(child) ? child : [child])
      if (isNode(item) && runsCode(item)) return true;
  }
  return false;
}

/**
 * The contract's modules only declare things: their module-level constants are built by calls
 * (`z.object(…).refine(…)`, `paginated(…)`, spreads of shared shapes) that Rollup must otherwise
 * keep, used or not, together with zod, since a call or a spread may have side effects. Wrapping
 * each such initialiser in a pure-annotated arrow call (and marking the modules free of side
 * effects) lets a chunk that only needs a constant, such as ITEM_TYPES beside the item schemas,
 * leave the schemas and zod out. Only declarations' initialisers are wrapped: a bare statement
 * (a registry call, say) keeps running. No source map is made (the build writes none).
 */
const contractIsPure: Plugin = {
  name: 'kinfolio-contract-is-pure',
  transform(code, id) {
    if (!/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id)) return null;
    const inits: EsNode[] = [];
    for (let statement of (this.parse(code) as unknown as { body: EsNode[] }).body) {
      if (statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration)) {
        statement = statement.declaration;
      }
      if (statement.type !== 'VariableDeclaration') continue;
      for (const declarator of statement.declarations as EsNode[]) {
        if (isNode(declarator.init) && runsCode(declarator.init)) inits.push(declarator.init);
      }
    }
    let marked = code;
    for (const init of inits.sort((a, b) => b.start - a.start)) {
      const end = init.end as number;
      marked = `${marked.slice(0, init.start)}/*#__PURE__*/ (() => (${marked.slice(init.start, end)}))()${marked.slice(end)}`;
    }
    return { code: marked, map: null, moduleSideEffects: false };
  },
};

/** Mark the app's stylesheet and entry script in index.html (see appStartsAfterFirstPaint). */
const APP_STYLES_ATTRIBUTE = 'data-kf-app-styles';
const APP_ENTRY_ATTRIBUTE = 'data-kf-entry';

/**
 * index.html draws the first paint by itself (#kf-boot, styled inline); neither the app's code nor
 * its stylesheet should hold it back:
 * - the stylesheet (Mantine's and ours, ~240 KB) is linked for print: fetched at once without
 *   blocking rendering, then switched to every medium by the app before it renders
 *   (src/app/appStyles.ts);
 * - the entry script is named as a module preload (fetched at once, at a low priority since the
 *   first paint needs none of it) and started by public/color-scheme.js once that paint is on
 *   screen: run as soon as it arrived (at once on a fast network), its start-up, 100+ ms on a
 *   phone, came before the first paint.
 */
const appStartsAfterFirstPaint: Plugin = {
  name: 'kinfolio-app-starts-after-first-paint',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html) =>
      html
        .replace(
          /<link rel="stylesheet"([^>]*href="\/assets\/index-[^"]+\.css"[^>]*)>/,
          `<link rel="stylesheet" media="print" ${APP_STYLES_ATTRIBUTE}$1>`,
        )
        .replace(
          /<script type="module"([^>]*) src="(\/assets\/index-[^"]+\.js)"><\/script>/,
          `<link rel="modulepreload"$1 href="$2" fetchpriority="low" ${APP_ENTRY_ATTRIBUTE}>`,
        ),
  },
};

/** The share link's page (share.html): its own entry, served by the server for `/s/…`. */
const SHARE_PAGE = 'share.html';

/**
 * share.html's stylesheet (~10 KB) is written into the page: on a phone's network a linked one is
 * one more round trip before the first paint. In development, `/s/…` is answered with share.html
 * as the server does in production (packages/server/src/http/spa.ts).
 */
const sharePage: Plugin = {
  name: 'kinfolio-share-page',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url?.startsWith('/s/')) req.url = `/${SHARE_PAGE}`;
      next();
    });
  },
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      const bundle = ctx.bundle;
      if (!bundle || path.basename(ctx.filename) !== SHARE_PAGE) return html;
      // The chunks the entry imports (React, the wording engine…) are named in the page, so they
      // load beside the entry rather than after it (the build's modulePreload is off for the app).
      const imported = new Set<string>();
      const visit = (file: string) => {
        const chunk = bundle[file];
        if (chunk?.type !== 'chunk') return;
        for (const next of chunk.imports) {
          if (imported.has(next)) continue;
          imported.add(next);
          visit(next);
        }
      };
      if (ctx.chunk) visit(ctx.chunk.fileName);
      const preloads = [...imported]
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join('');
      return html
        .replace(/(<script type="module"[^>]*><\/script>)/, `${preloads}$1`)
        .replace(
          /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const asset = ctx.bundle?.[file];
            if (asset?.type !== 'asset') return tag;
            // Only the page uses it: the file need not be written out.
            delete ctx.bundle?.[file];
            return `<style>${String(asset.source)}</style>`;
          },
        );
    },
  },
};

/** Text files worth compressing; the server's spa.ts sends their copies (and says Vary). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than its headers cost. */
const COMPRESS_MIN_BYTES = 512;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

/**
 * Writes `x.br` (brotli, best quality) and `x.gz` (gzip -9) beside every text file of the build, so
 * the server sends them as they are instead of compressing on each request (or not at all). Runs
 * after the PWA plugin wrote sw.js; the service worker does not precache these copies (globIgnores).
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  let outDir = '';
  return {
    name: 'kinfolio-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const jobs: Promise<void>[] = [];
        for await (const file of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(file) || (await stat(file)).size < COMPRESS_MIN_BYTES) continue;
          jobs.push(
            (async () => {
              const bytes = await readFile(file);
              const [br, gz] = await Promise.all([
                brotli(bytes, {
                  params: {
                    [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                  },
                }),
                gzipAsync(bytes, { level: zlibConstants.Z_BEST_COMPRESSION }),
              ]);
              // A copy no smaller than the file is useless; the server falls back to the file.
              if (br.length < bytes.length) await writeFile(`${file}.br`, br);
              if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
            })(),
          );
        }
        await Promise.all(jobs);
      },
    },
  };
}

export default defineConfig({
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(BUILD_ID) },
  plugins: [
    mantineUseIdWithoutEffect,
    contractIsPure,
    appStartsAfterFirstPaint,
    sharePage,
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      scope: '/',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'color-scheme.js'],
      manifest: {
        name: 'Kinfolio',
        short_name: 'Kinfolio',
        description: 'Family archive',
        lang: 'fr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#003459',
        background_color: '#ffffff',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/pwa-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
        // A WhatsApp export (or a mailbox, pictures) shared from the phone's share sheet opens
        // the Import page with it: the service worker answers the post (receiveShare).
        share_target: {
          action: SHARE_ACTION,
          method: 'POST',
          enctype: 'multipart/form-data',
          params: {
            title: 'title',
            text: 'text',
            files: [
              {
                name: SHARED_FIELD,
                accept: [
                  'application/zip',
                  '.zip',
                  'text/plain',
                  '.txt',
                  'application/mbox',
                  '.mbox',
                  'message/rfc822',
                  '.eml',
                  'image/*',
                  'video/*',
                ],
              },
            ],
          },
        },
      },
      workbox: {
        navigateFallback: '/index.html',
        // /login and /logout are API endpoints (POST) but a reload must never get the SPA shell for them.
        // A share link's page (/s/…) is share.html, which the server sends: never the app.
        navigateFallbackDenylist: [
          /^\/api/,
          /^\/sanctum/,
          /^\/email/,
          /^\/login/,
          /^\/logout/,
          /^\/s\//,
        ],
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        // The server's compressed copies of the same files (precompress below).
        globIgnores: ['**/*.br', '**/*.gz'],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // The share sheet's post: kept for the Import page, which is opened instead.
            // Serialised into sw.js: the path written out (SHARE_ACTION).
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/share-target',
            method: 'POST',
            handler: receiveShare,
          },
          {
            // Pictures' thumbnails seen once stay visible offline. A file's thumbnail never
            // changes, so the copy is served first; logout deletes this cache with the others.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin &&
              /^\/api\/files\/\d+$/.test(url.pathname) &&
              url.searchParams.get('thumb') === '1',
            handler: 'CacheFirst',
            options: {
              cacheName: THUMBNAILS_CACHE,
              cacheableResponse: { statuses: [200] },
              // Bounded without workbox-expiration, whose IndexedDB database would outlive a
              // logout: the oldest entries (Cache Storage keeps insertion order) go past the
              // limit. Serialised into sw.js, so the limit is written out here.
              plugins: [
                {
                  cacheDidUpdate: async ({ cacheName }: { cacheName: string }) => {
                    const cache = await caches.open(cacheName);
                    const keys = await cache.keys();
                    await Promise.all(
                      keys.slice(0, Math.max(0, keys.length - 300)).map((key) => cache.delete(key)),
                    );
                  },
                },
              ],
            },
          },
        ],
      },
      devOptions: { enabled: false },
    }),
    buildManifest(BUILD_ID),
    precompress(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      SERVER_PREFIXES.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false }]),
    ),
  },
  preview: {
    proxy: Object.fromEntries(
      SERVER_PREFIXES.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false }]),
    ),
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // No <link rel=modulepreload> per chunk a lazy route needs: a list page added ~100 of them, and
    // each insertion cost the phone's main thread a few milliseconds (Lighthouse mobile, /posts:
    // blocking time 2.2 s -> 1.3 s on a slow host, first paints unchanged). The browser still
    // fetches a chunk's imports as soon as it reads it, and the service worker has them all after
    // the first visit.
    modulePreload: false,
    rollupOptions: {
      input: { index: 'index.html', share: SHARE_PAGE },
      output: {
        // The shell's wording (shared/i18n SHELL_NAMESPACES) loads at start in two languages, the
        // interface's and the fallback: one request each rather than one per namespace.
        manualChunks(id) {
          const shell = /[\\/]locales[\\/]([a-z]+)[\\/](?:common|layout|errors)\.json$/.exec(id);
          return shell ? `shell-${shell[1]}` : undefined;
        },
      },
    },
  },
});
