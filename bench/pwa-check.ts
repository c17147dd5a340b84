/**
 * `npx tsx bench/pwa-check.ts [--out bench/results/pwa-<date>.json]`: the installability checks
 * Lighthouse 12 no longer makes (it dropped its PWA category), on the built web app over a demo
 * family in a fresh SQLite archive, with Chromium driven over CDP by Playwright (a profile on disk: Chrome judges no installability in
 * an incognito context):
 * - `Page.getInstallabilityErrors` (must be empty) and `Page.getAppManifest` (name, start_url,
 *   display, icons), each icon fetched to read its real size from the PNG header;
 * - whether the service worker controls the page after a reload;
 * - a reload of `/` (logged out) and of `/posts` (logged in) with the network off, after a first
 *   visit: the app shell must render, not the browser's offline page.
 * Writes the figures as JSON and Markdown (same name, .md) and exits non-zero if a check fails.
 *
 * Like bench/lighthouse.ts: the web app built in packages/web/dist (or WEB_DIST), the server
 * compiled by `npm run build` (packages/server/dist/main.js); without that, the server's sources
 * run through tsx, as the e2e tests run them (the results say which). CHROME_PATH picks the
 * browser (default /usr/bin/chromium).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { routePath } from '@kinfolio/contract';
import { startAppServer, stopAppServer } from './app-server.js';

const root = path.resolve(import.meta.dirname, '..');
const USER = { email: 'pwa@example.com', password: 'pwa-check-password-1' };
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The icons an install needs: Chrome asks for 192 and 512; Android's adaptive icon, a maskable one. */
const REQUIRED_ICONS = [
  { size: '192x192', purpose: 'any' },
  { size: '512x512', purpose: 'any' },
  { size: '512x512', purpose: 'maskable' },
];

const { values: args } = parseArgs({ options: { out: { type: 'string' } } });

const COMPILED_SERVER = path.join(root, 'packages/server/dist/main.js');
const serverCommand = fs.existsSync(COMPILED_SERVER)
  ? { mode: 'compiled (packages/server/dist/main.js)', argv: [COMPILED_SERVER] }
  : {
      mode: 'sources through tsx (packages/server/src/main.ts; no compiled server found)',
      argv: ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')],
    };

function kinfolio(env: Record<string, string>, ...command: string[]) {
  const run = spawnSync(process.execPath, [...serverCommand.argv, ...command], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`${command[0]} failed: ${run.stderr}`);
}

/**
 * The page's globals used in `page.evaluate` callbacks (this project is typed for Node, without
 * the DOM library): only the parts read here.
 */
interface IdbRequest<T> {
  result: T;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}
interface PageGlobals {
  navigator: {
    serviceWorker: {
      ready: Promise<unknown>;
      controller: { scriptURL: string } | null;
    };
  };
  document: { cookie: string };
  localStorage: { setItem(key: string, value: string): void };
  indexedDB: {
    open(name: string): IdbRequest<{
      objectStoreNames: { contains(name: string): boolean };
      close(): void;
      transaction(store: string): { objectStore(store: string): { count(): IdbRequest<number> } };
    }>;
  };
}
interface ManifestIcon {
  src: string;
  sizes?: string;
  type?: string;
  purpose?: string;
}

interface IconCheck extends ManifestIcon {
  status: number;
  contentType: string | null;
  /** Width × height read from the PNG's IHDR chunk. */
  actual: string | null;
}

/** The width and height a PNG says it has (bytes 16 to 24 of the file). */
function pngSize(bytes: Uint8Array): string | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || signature.some((byte, index) => bytes[index] !== byte)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return `${view.getUint32(16)}x${view.getUint32(20)}`;
}

/** Waits until a service worker controls the page (the first visit installs it; a reload uses it). */
async function controlledAfterReload(page: Page): Promise<{ scriptURL: string | null }> {
  await page.evaluate(() =>
    (globalThis as unknown as PageGlobals).navigator.serviceWorker.ready.then(() => undefined),
  );
  await page.reload({ waitUntil: 'load' });
  const controlled = () =>
    (globalThis as unknown as PageGlobals).navigator.serviceWorker.controller !== null;
  await page.waitForFunction(controlled, undefined, {
    timeout: 30_000,
  });
  return page.evaluate(() => ({
    scriptURL:
      (globalThis as unknown as PageGlobals).navigator.serviceWorker.controller?.scriptURL ?? null,
  }));
}

interface OfflineReload {
  path: string;
  /** The app's header and first heading rendered from the service worker's copy. */
  shell: boolean;
  heading: string | null;
  /** Item cards drawn from the IndexedDB copy of the list (logged-in lists only). */
  cards: number;
  /** Whether the service worker answered the navigation (not the browser's offline page). */
  fromServiceWorker: boolean;
}

async function reloadOffline(
  context: BrowserContext,
  page: Page,
  pathname: string,
): Promise<OfflineReload> {
  await context.setOffline(true);
  const response = await page.reload({ waitUntil: 'load' }).catch(() => null);
  const heading = page.locator('main h1').first();
  const shell = await heading
    .waitFor({ timeout: 30_000 })
    .then(() => page.locator('header').first().isVisible())
    .catch(() => false);
  const result: OfflineReload = {
    path: pathname,
    shell,
    heading: shell ? ((await heading.textContent())?.trim() ?? null) : null,
    cards: await page.locator('article.kf-item-card').count(),
    fromServiceWorker: response?.fromServiceWorker() ?? false,
  };
  await context.setOffline(false);
  return result;
}

/** Logs in through the API from the page, as bench/lighthouse.ts does, and sets the app's flag. */
async function logIn(page: Page) {
  const status = await page.evaluate(
    async ({ csrf, login, user }) => {
      const { document, localStorage } = globalThis as unknown as PageGlobals;
      await fetch(csrf, { credentials: 'include' });
      const token = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const answer = await fetch(login, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': token },
        body: JSON.stringify(user),
      });
      localStorage.setItem('kinfolio-session', '1');
      return answer.status;
    },
    { csrf: routePath('csrfCookie'), login: routePath('login'), user: USER },
  );
  if (status !== 200 && status !== 204) throw new Error(`login answered ${status}`);
}

/** Entries in the app's IndexedDB copy of its queries (shared/query/persister.ts). */
function persistedQueries(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const { indexedDB } = globalThis as unknown as PageGlobals;
        const open = indexedDB.open('kinfolio-offline');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const connection = open.result;
          if (!connection.objectStoreNames.contains('query-cache')) {
            connection.close();
            resolve(0);
            return;
          }
          const count = connection.transaction('query-cache').objectStore('query-cache').count();
          count.onsuccess = () => {
            connection.close();
            resolve(count.result);
          };
          count.onerror = () => resolve(0);
        };
      }),
  );
}

/**
 * A browser with a profile of its own on disk: Chrome judges no installability in an incognito
 * context (`in-incognito`), which is what Playwright's `browser.newContext()` makes.
 */
async function openProfile(
  base: string,
): Promise<{ context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-pwa-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME,
    headless: true,
    baseURL: base,
    serviceWorkers: 'allow',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const close = async () => {
    await context.close();
    // Chromium's helpers may still be writing the profile for a moment after it closed.
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
  return { context, page: context.pages()[0] ?? (await context.newPage()), close };
}

async function check(base: string) {
  // Logged out: installability, the manifest and its icons, the worker, `/` offline.
  const { context: guest, page, close: closeGuest } = await openProfile(base);
  await page.goto('/', { waitUntil: 'load' });
  await page.locator('main h1').first().waitFor({ timeout: 30_000 });
  const worker = await controlledAfterReload(page);
  const cdp = await guest.newCDPSession(page);
  const { product } = (await cdp.send('Browser.getVersion')) as { product: string };
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string; errorArguments: unknown[] }[];
  };
  const manifestAnswer = (await cdp.send('Page.getAppManifest')) as {
    url: string;
    errors: { message: string; critical: number }[];
    data?: string;
  };
  await cdp.detach();
  const manifest = JSON.parse(manifestAnswer.data ?? '{}') as {
    name?: string;
    short_name?: string;
    start_url?: string;
    scope?: string;
    display?: string;
    theme_color?: string;
    background_color?: string;
    icons?: ManifestIcon[];
  };
  const icons: IconCheck[] = [];
  for (const icon of manifest.icons ?? []) {
    const answer = await fetch(new URL(icon.src, manifestAnswer.url));
    const bytes = new Uint8Array(await answer.arrayBuffer());
    icons.push({
      ...icon,
      status: answer.status,
      contentType: answer.headers.get('content-type'),
      actual: pngSize(bytes),
    });
  }
  const requiredIcons = REQUIRED_ICONS.map((required) => ({
    ...required,
    found: icons.some(
      (icon) =>
        icon.status === 200 &&
        icon.actual === required.size &&
        (icon.sizes ?? '').split(/\s+/).includes(required.size) &&
        (icon.purpose ?? 'any').split(/\s+/).includes(required.purpose),
    ),
  }));
  const offlineHome = await reloadOffline(guest, page, '/');
  await closeGuest();

  // Logged in: the archive's list opened once online, then reloaded offline.
  const { context: member, page: memberPage, close: closeMember } = await openProfile(base);
  await memberPage.goto('/', { waitUntil: 'load' });
  await logIn(memberPage);
  await memberPage.goto('/posts', { waitUntil: 'load' });
  await memberPage.locator('article.kf-item-card').first().waitFor({ timeout: 30_000 });
  await controlledAfterReload(memberPage);
  await memberPage.locator('article.kf-item-card').first().waitFor({ timeout: 30_000 });
  // The persister writes at most once a second.
  for (let i = 0; i < 100 && (await persistedQueries(memberPage)) === 0; i++) {
    await memberPage.waitForTimeout(100);
  }
  const offlinePosts = await reloadOffline(member, memberPage, '/posts');
  await closeMember();

  return {
    chrome: product,
    installabilityErrors,
    manifest: {
      url: manifestAnswer.url,
      errors: manifestAnswer.errors,
      name: manifest.name,
      short_name: manifest.short_name,
      start_url: manifest.start_url,
      scope: manifest.scope,
      display: manifest.display,
      theme_color: manifest.theme_color,
      background_color: manifest.background_color,
      icons,
      requiredIcons,
    },
    serviceWorker: { controlsAfterReload: worker.scriptURL !== null, scriptURL: worker.scriptURL },
    offline: [offlineHome, offlinePosts],
  };
}

type Figures = Awaited<ReturnType<typeof check>>;

function failures(figures: Figures): string[] {
  const failed: string[] = [];
  if (figures.installabilityErrors.length > 0) failed.push('installability errors');
  if (figures.manifest.errors.length > 0) failed.push('manifest errors');
  if (!figures.manifest.name || !figures.manifest.start_url) failed.push('manifest name/start_url');
  if (!['standalone', 'fullscreen', 'minimal-ui'].includes(figures.manifest.display ?? '')) {
    failed.push('manifest display');
  }
  for (const icon of figures.manifest.requiredIcons) {
    if (!icon.found) failed.push(`icon ${icon.size} ${icon.purpose}`);
  }
  if (!figures.serviceWorker.controlsAfterReload) failed.push('service worker control');
  for (const reload of figures.offline) {
    if (!reload.shell || !reload.fromServiceWorker) failed.push(`offline reload of ${reload.path}`);
  }
  const posts = figures.offline.find((reload) => reload.path === '/posts');
  if (!posts || posts.cards === 0) failed.push('offline /posts list from IndexedDB');
  return failed;
}

function markdown(report: Record<string, unknown>, figures: Figures, failed: string[]): string {
  const yes = (value: boolean) => (value ? 'yes' : '**no**');
  const lines = [
    `# PWA checks, ${String(report.date).slice(0, 10)}`,
    '',
    `\`npx tsx bench/pwa-check.ts\` (Lighthouse 12 has no PWA category). ${figures.chrome} over CDP (Playwright), headless; server: ${String(report.server)}; web app: ${String(report.webDist)}; archive: ${String(report.archive)}.`,
    '',
    `**Result: ${failed.length === 0 ? 'every check passes' : `failed: ${failed.join(', ')}`}.**`,
    '',
    '| Check | Result |',
    '| --- | --- |',
    `| \`Page.getInstallabilityErrors\` | ${figures.installabilityErrors.length === 0 ? 'none' : figures.installabilityErrors.map((error) => `\`${error.errorId}\``).join(', ')} |`,
    `| \`Page.getAppManifest\` errors | ${figures.manifest.errors.length === 0 ? 'none' : figures.manifest.errors.map((error) => error.message).join('; ')} |`,
    `| name / short_name | ${figures.manifest.name ?? '—'} / ${figures.manifest.short_name ?? '—'} |`,
    `| start_url / scope | \`${figures.manifest.start_url ?? '—'}\` / \`${figures.manifest.scope ?? '—'}\` |`,
    `| display | ${figures.manifest.display ?? '—'} |`,
    `| theme / background colour | ${figures.manifest.theme_color ?? '—'} / ${figures.manifest.background_color ?? '—'} |`,
    ...figures.manifest.requiredIcons.map(
      (icon) => `| icon ${icon.size} (${icon.purpose}) | ${yes(icon.found)} |`,
    ),
    `| service worker controls the page after reload | ${yes(figures.serviceWorker.controlsAfterReload)} (\`${figures.serviceWorker.scriptURL ?? '—'}\`) |`,
    ...figures.offline.map(
      (reload) =>
        `| offline reload of \`${reload.path}\` | app shell ${yes(reload.shell)}, answered by the service worker ${yes(reload.fromServiceWorker)}, heading “${reload.heading ?? '—'}”${reload.path === '/posts' ? `, ${reload.cards} item cards from IndexedDB` : ''} |`,
    ),
    '',
    '## Icons in the manifest',
    '',
    '| src | declared | actual (PNG header) | purpose | HTTP | type |',
    '| --- | --- | --- | --- | --- | --- |',
    ...figures.manifest.icons.map(
      (icon) =>
        `| \`${icon.src}\` | ${icon.sizes ?? '—'} | ${icon.actual ?? 'not a PNG'} | ${icon.purpose ?? 'any'} | ${icon.status} | ${icon.contentType ?? '—'} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

async function main() {
  const webDist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'packages/web/dist'));
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`the web app is not built in ${webDist}: run \`npm run build\` first`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-pwa-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', JOB_WORKER: 'false', WEB_DIST: webDist };
  kinfolio(env, 'seed-demo');
  kinfolio(env, 'create-admin', '--email', USER.email, '--password', USER.password);
  const server = await startAppServer(serverCommand.argv, env, root, 60_000);
  try {
    const figures = await check(`http://127.0.0.1:${server.port}`);
    const failed = failures(figures);
    const report = {
      date: new Date().toISOString(),
      server: serverCommand.mode,
      webDist: webDist.startsWith(root) ? path.relative(root, webDist) : webDist,
      archive: 'seed-demo on SQLite',
      passed: failed.length === 0,
      failed,
      ...figures,
    };
    const date = report.date.slice(0, 10);
    const out = args.out ?? path.join(root, 'bench/results', `pwa-${date}.json`);
    fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
    fs.writeFileSync(out.replace(/\.json$/, '.md'), markdown(report, figures, failed));
    console.log(failed.length === 0 ? 'every PWA check passes' : `failed: ${failed.join(', ')}`);
    console.log(`written to ${path.relative(root, out)} and .md`);
    if (failed.length > 0) process.exitCode = 1;
  } finally {
    await stopAppServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
