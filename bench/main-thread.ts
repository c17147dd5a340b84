/**
 * `npm run main-thread [-- --runs N] [--slowdown K] [--watch MS] [--out FILE]`: how long a cold
 * first load keeps the page's main thread busy, measured in Chromium with a real CPU slowdown (K×,
 * default 4, as Lighthouse's mobile preset assumes) rather than Lighthouse's simulation, for `/`
 * logged out and `/posts` logged in over a demo family. Each run records the long tasks (over
 * 50 ms) of the first 15 s; the figures are their count, their total and their total beyond 50 ms
 * each (Total Blocking Time counted from the start rather than from the first paint).
 *
 * WEB_DIST may name several builds, comma-separated: their runs alternate on one archive and one
 * browser, so that a change of the machine's load weighs on each alike (Lighthouse's figures moved
 * by 3× between runs minutes apart here). Needs `npm run build` (the server runs compiled).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer, { type Browser } from 'puppeteer-core';
import {
  createDemoArchive,
  type DemoArchive,
  logIn,
  machineLoad,
  median,
  startDemoApp,
} from './demo-app.js';

const root = path.resolve(import.meta.dirname, '..');
const USER = { email: 'main-thread@example.com', password: 'main-thread-password-1' };
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    slowdown: { type: 'string', default: '4' },
    /**
     * How long each load is watched: long enough for the first page with its lists, the deferred
     * providers and the idle work, slowed down (with 8 s, a slower build's late work fell outside
     * the window and made it look lighter).
     */
    watch: { type: 'string', default: '15000' },
    out: { type: 'string' },
  },
});
const WATCH_MS = Number(args.watch);

/** Collects the page's long tasks from its first script on (buffered: none is missed). */
const WATCH_LONG_TASKS = `
  window.__kfLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__kfLongTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
`;

interface Run {
  longTasks: number;
  busyMs: number;
  blockingMs: number;
}

async function measure(browser: Browser, base: string, url: string, loggedIn: boolean) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true });
    if (loggedIn) await logIn(page, base, USER);
    await page.evaluateOnNewDocument(WATCH_LONG_TASKS);
    await page.emulateCPUThrottling(Number(args.slowdown));
    await page.goto(`${base}${url}`, { waitUntil: 'load' });
    await new Promise((resolve) => setTimeout(resolve, WATCH_MS));
    const tasks = (await page.evaluate('window.__kfLongTasks')) as [number, number][];
    const within = tasks.filter(([start]) => start < WATCH_MS);
    return {
      longTasks: within.length,
      busyMs: Math.round(within.reduce((sum, [, duration]) => sum + duration, 0)),
      blockingMs: Math.round(within.reduce((sum, [, duration]) => sum + duration - 50, 0)),
    } satisfies Run;
  } finally {
    await context.close();
  }
}

async function main() {
  const runs = Math.max(1, Number(args.runs));
  const builds = (process.env.WEB_DIST ?? path.join(root, 'packages/web/dist'))
    .split(',')
    .map((dir) => path.resolve(dir));
  const [loadBefore = NaN] = os.loadavg();
  const archive: DemoArchive = createDemoArchive(USER);
  const apps = [];
  const browser = await puppeteer.launch({
    executablePath: CHROME,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    for (const build of builds) apps.push(await startDemoApp(archive, build));
    const pages = [
      { url: '/', loggedIn: false },
      { url: '/posts', loggedIn: true },
    ];
    const results = builds.map(() => pages.map((): Run[] => []));
    for (let run = 0; run < runs; run++) {
      for (const [p, { url, loggedIn }] of pages.entries()) {
        for (const [b, app] of apps.entries()) {
          results[b]![p]!.push(await measure(browser, app.base, url, loggedIn));
        }
      }
    }
    const summary = builds.map((build, b) => ({
      build,
      pages: Object.fromEntries(
        pages.map(({ url }, p) => {
          const all = results[b]![p]!;
          return [
            url,
            {
              medianBlockingMs: median(all.map((r) => r.blockingMs)),
              medianBusyMs: median(all.map((r) => r.busyMs)),
              runs: all,
            },
          ];
        }),
      ),
    }));
    const report = {
      date: new Date().toISOString(),
      chrome: CHROME,
      cpuSlowdown: Number(args.slowdown),
      watchMs: WATCH_MS,
      archive: 'seed-demo on SQLite',
      machine: machineLoad(loadBefore),
      builds: summary,
    };
    const date = report.date.slice(0, 10);
    const out = args.out ?? path.join(root, 'bench/results', `main-thread-${date}.json`);
    fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
    for (const { build, pages: figures } of summary) {
      for (const [url, page] of Object.entries(figures)) {
        const each = page.runs.map((r) => r.blockingMs).join(' / ');
        console.log(
          `${path.relative(root, build) || build} ${url}: blocking ${page.medianBlockingMs} ms (${each}), long tasks ${page.medianBusyMs} ms`,
        );
      }
    }
    console.log(`written to ${path.relative(root, out)}`);
  } finally {
    await browser.close();
    await Promise.all(apps.map((app) => app.stop()));
    archive.remove();
  }
}

await main();
