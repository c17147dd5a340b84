/**
 * `npm run lighthouse [-- --runs N] [--out FILE]`: Lighthouse (mobile preset: a mid-range phone,
 * simulated slow 4G) on the built web app, for `/` logged out, `/posts` logged in and a share
 * link's page (`/s/…`, a category shared with no password, opened without an account), over a
 * demo family in a fresh SQLite archive. Records performance and accessibility with the metrics behind
 * them, and the JavaScript and CSS each page fetched, in bench/results/lighthouse-<date>.json.
 *
 * Needs `npm run build` first (it runs the compiled server) and a Chromium (CHROME_PATH, default /usr/bin/chromium). Each run
 * starts cold: no HTTP cache, no service worker, no stored queries; the logged-in run keeps only
 * the session cookie and the app's logged-in flag.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { routePath } from '@kinfolio/contract';
import { createDemoArchive, logIn, machineLoad, median, startDemoApp } from './demo-app.js';

const root = path.resolve(import.meta.dirname, '..');
const USER = { email: 'lighthouse@example.com', password: 'lighthouse-password-1' };
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    out: { type: 'string' },
    /** A folder for Lighthouse's full reports (JSON) and traces, one per page and run. */
    reports: { type: 'string' },
  },
});

interface PageFigures {
  url: string;
  performance: number;
  accessibility: number;
  metrics: Record<string, number>;
  /** Bytes over the wire (compressed) and decoded, per resource type. */
  transfer: Record<string, { requests: number; transferKB: number; resourceKB: number }>;
  failedAudits: { id: string; title: string; score: number | null }[];
  /**
   * Lighthouse's measure of this machine's speed (lhr.environment.benchmarkIndex). Its 4× slowdown
   * assumes a high-end desktop (1,500-2,000 in Lighthouse's docs/throttling.md) to mimic a mid-tier
   * phone: the simulated timings are this machine's times 4, so a lower index (a slower or loaded
   * machine) inflates them by about as much.
   */
  benchmarkIndex: number;
  /** Lighthouse's own failure (NO_NAVSTART, NO_FCP… on a loaded machine): the run has no score. */
  error?: string;
}

const KB = (bytes: number) => Math.round(bytes / 102.4) / 10;

function figuresOf(result: RunnerResult): PageFigures {
  const { lhr } = result;
  const audit = (id: string) => lhr.audits[id];
  const metric = (id: string) => Math.round(audit(id)?.numericValue ?? NaN);
  const transfer: PageFigures['transfer'] = {};
  const requests =
    (audit('network-requests')?.details as { items?: Record<string, unknown>[] } | undefined)
      ?.items ?? [];
  for (const request of requests) {
    const type = String(request.resourceType ?? 'Other');
    const row = (transfer[type] ??= { requests: 0, transferKB: 0, resourceKB: 0 });
    row.requests += 1;
    row.transferKB += KB(Number(request.transferSize ?? 0));
    row.resourceKB += KB(Number(request.resourceSize ?? 0));
  }
  for (const row of Object.values(transfer)) {
    row.transferKB = Math.round(row.transferKB * 10) / 10;
    row.resourceKB = Math.round(row.resourceKB * 10) / 10;
  }
  const failedAudits = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'manual' &&
        a.scoreDisplayMode !== 'notApplicable',
    )
    .map((a) => ({ id: a.id, title: a.title, score: a.score }));
  return {
    url: lhr.finalDisplayedUrl,
    ...(lhr.runtimeError ? { error: lhr.runtimeError.code } : {}),
    performance: lhr.categories.performance?.score ?? NaN,
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
    accessibility: lhr.categories.accessibility?.score ?? NaN,
    metrics: {
      firstContentfulPaintMs: metric('first-contentful-paint'),
      largestContentfulPaintMs: metric('largest-contentful-paint'),
      speedIndexMs: metric('speed-index'),
      totalBlockingTimeMs: metric('total-blocking-time'),
      cumulativeLayoutShift:
        Math.round((audit('cumulative-layout-shift')?.numericValue ?? NaN) * 1000) / 1000,
      unusedJavascriptKB: KB(
        (audit('unused-javascript')?.details as { overallSavingsBytes?: number } | undefined)
          ?.overallSavingsBytes ?? 0,
      ),
    },
    transfer,
    failedAudits,
  };
}

/** A cold start for the next page: the HTTP cache, offline worker and stored queries go. */
async function clearCaches(page: Page, origin: string) {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin,
    storageTypes: 'service_workers,cache_storage,indexeddb',
  });
  await cdp.detach();
}

async function audit(
  browser: Browser,
  url: string,
  prepare?: (page: Page) => Promise<void>,
): Promise<PageFigures> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    const flags: Flags = {
      onlyCategories: ['performance', 'accessibility'],
      output: 'json',
      logLevel: 'error',
    };
    if (prepare) {
      await prepare(page);
      await clearCaches(page, new URL(url).origin);
      // Lighthouse would otherwise clear the cookie and the logged-in flag too.
      flags.disableStorageReset = true;
    }
    const result = await lighthouse(url, flags, undefined, page);
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    if (args.reports) {
      fs.mkdirSync(args.reports, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
      fs.writeFileSync(path.join(args.reports, name), JSON.stringify(result.lhr));
      // The page's trace beside it: which task Lighthouse counted, and what ran in it.
      const { Trace } = result.artifacts as { Trace?: unknown };
      if (Trace) {
        fs.writeFileSync(
          path.join(args.reports, name.replace(/\.json$/, '.trace.json')),
          JSON.stringify(Trace),
        );
      }
    }
    return figuresOf(result);
  } finally {
    await context.close();
  }
}

/**
 * Makes a link to the demo archive's first category, as its user would, and returns the link's
 * path: the page a relative opens from a messaging app.
 */
async function shareLink(browser: Browser, base: string): Promise<string> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    await logIn(page, base, USER);
    await page.goto(`${base}/`, { waitUntil: 'domcontentloaded' });
    const made = await page.evaluate(
      async ({ categories, shares }) => {
        const { document } = globalThis as unknown as { document: { cookie: string } };
        const token = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
        const list = (await (await fetch(categories, { credentials: 'include' })).json()) as
          { id: number }[] | { data: { id: number }[] };
        const first = (Array.isArray(list) ? list : list.data)[0];
        if (!first) return { status: 0, url: '' };
        const answer = await fetch(shares, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json', 'x-xsrf-token': token },
          body: JSON.stringify({ target_type: 'categories', target_id: first.id }),
        });
        const body = (await answer.json()) as { url?: string };
        return { status: answer.status, url: body.url ?? '' };
      },
      { categories: routePath('categories'), shares: routePath('shareCreate') },
    );
    if (made.status !== 201) throw new Error(`making a share link answered ${made.status}`);
    return new URL(made.url).pathname;
  } finally {
    await context.close();
  }
}

async function main() {
  const runs = Math.max(1, Number(args.runs));
  // WEB_DIST: another build to measure (a copy no one rebuilds while Lighthouse runs).
  const webDist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'packages/web/dist'));
  // Lighthouse simulates the phone from what it measures here: its figures move with the load.
  const [loadBefore = NaN] = os.loadavg();
  const archive = createDemoArchive(USER);
  const app = await startDemoApp(archive, webDist);
  const base = app.base;
  const browser = await puppeteer.launch({
    executablePath: CHROME,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const shared = await shareLink(browser, base);
    const pages: Record<string, PageFigures[]> = { '/': [], '/posts': [], '/s/…': [] };
    for (let run = 0; run < runs; run++) {
      pages['/']!.push(await audit(browser, `${base}/`));
      pages['/posts']!.push(
        await audit(browser, `${base}/posts`, (page) => logIn(page, base, USER)),
      );
      // A relative's first visit: no account, nothing cached.
      pages['/s/…']!.push(await audit(browser, `${base}${shared}`));
    }
    const summary = Object.fromEntries(
      Object.entries(pages).map(([url, all]) => {
        // A run Lighthouse could not score would sort anywhere (NaN): the median is of the others.
        const results = all.filter((r) => Number.isFinite(r.performance));
        const byScore = [...results].sort((a, b) => a.performance - b.performance);
        return [
          url,
          {
            performance: median(results.map((r) => r.performance)),
            accessibility: median(results.map((r) => r.accessibility)),
            benchmarkIndex: median(results.map((r) => r.benchmarkIndex)),
            runs: all.map((r) => ({
              performance: r.performance,
              accessibility: r.accessibility,
              benchmarkIndex: r.benchmarkIndex,
              ...(r.error ? { error: r.error } : {}),
            })),
            median: byScore[Math.floor((byScore.length - 1) / 2)],
          },
        ];
      }),
    );
    const date = new Date().toISOString().slice(0, 10);
    const out = args.out ?? path.join(root, 'bench/results', `lighthouse-${date}.json`);
    const report = {
      date: new Date().toISOString(),
      lighthouse: (await import('lighthouse/package.json', { with: { type: 'json' } })).default
        .version,
      preset: 'mobile (default config: Moto G Power emulation, simulated slow 4G, 4x CPU slowdown)',
      chrome: CHROME,
      archive: 'seed-demo on SQLite',
      machine: machineLoad(loadBefore),
      pages: summary,
    };
    fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
    for (const [url, page] of Object.entries(summary)) {
      console.log(
        `${url}: performance ${page.performance}, accessibility ${page.accessibility}, benchmarkIndex ${page.benchmarkIndex}`,
        page.median?.metrics,
      );
    }
    console.log(`written to ${path.relative(root, out)}`);
  } finally {
    await browser.close();
    await app.stop();
    archive.remove();
  }
}

await main();
