/**
 * `npm run family-tree-bench [-- --runs N] [--people N] [--out FILE]`: how long the Tree page takes
 * to show a family of 5,000 people around one person (the target: under a second), in
 * Chromium. The server is the real one over the demo archive; its `GET /api/family-tree` answer is
 * replaced by a generated family (the centre person's ancestors over ten generations, then
 * descendants with their partners until the count is reached), so the figure is the browser's
 * alone. The page lays the whole tree out but draws only the boxes in (or near) the frame, so the
 * figures are per view rather than "every box drawn":
 * - `layout`: the page's measure of topola's layout of everyone (`kf-tree-layout`);
 * - `draw`: from the data to the first view drawn, layout included (`kf-tree-draw`);
 * - `answer → drawn`: from the answer received to the centre's box in the page at a frame (React,
 *   the zoom's centring included), and `answer → settled` to the first two quick frames after it;
 * - `pan`: a mouse drag of 1,200 px across the tree, a move a frame: its slowest frame and the
 *   slowest redraw of the view (`kf-tree-view`).
 * Needs `npm run build`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer, { type Page } from 'puppeteer-core';
import { createDemoArchive, logIn, machineLoad, median, startDemoApp } from './demo-app.js';
import { generatedFamily } from './family-tree-data.js';

const root = path.resolve(import.meta.dirname, '..');
const USER = { email: 'family-tree@example.com', password: 'family-tree-password-1' };
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The page's globals the functions run there use (this file is typed for Node). */
interface PageGlobals {
  document: {
    querySelector(selector: string): unknown;
    querySelectorAll(selector: string): { length: number };
  };
  requestAnimationFrame(callback: (now: number) => void): number;
}
const inPage = () => globalThis as unknown as PageGlobals;

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    people: { type: 'string', default: '5000' },
    out: { type: 'string' },
  },
});

async function main() {
  const runs = Number(args.runs);
  const size = Number(args.people);
  const tree = generatedFamily(size);
  const body = JSON.stringify(tree);
  const startLoad = os.loadavg()[0] ?? NaN;
  const archive = createDemoArchive(USER);
  const app = await startDemoApp(
    archive,
    process.env.WEB_DIST ?? path.join(root, 'packages/web/dist'),
  );
  const browser = await puppeteer.launch({
    executablePath: CHROME,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--window-size=1440,900'],
    defaultViewport: { width: 1440, height: 900 },
  });
  const results: {
    layout: number;
    draw: number;
    answerToDrawn: number;
    answerToSettled: number;
    boxesDrawn: number;
    panSlowestFrame: number;
    panSlowestView: number;
  }[] = [];
  try {
    const page = await browser.newPage();
    // tsx names the functions it compiles with a helper the page lacks; the page's functions
    // reach its globals through `inPage`.
    await page.evaluateOnNewDocument(
      'globalThis.__name = (f) => f; globalThis.inPage = () => globalThis;',
    );
    await logIn(page, app.base, USER);
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/family-tree') {
        void request.respond({ status: 200, contentType: 'application/json', body });
      } else {
        void request.continue();
      }
    });
    for (let run = 0; run < runs; run++) {
      await page.goto('about:blank');
      await page.goto(`${app.base}/tree/1?run=${run}`);
      const drawn = await page.waitForFunction(
        () => {
          const { document } = inPage();
          const box = document.querySelector('svg.kf-tree a.kf-tree-centre');
          const draw = performance.getEntriesByName('kf-tree-draw').at(-1);
          const layout = performance.getEntriesByName('kf-tree-layout').at(-1);
          const answer = performance
            .getEntriesByType('resource')
            .find((entry) => entry.name.includes('/api/family-tree')) as
            { responseEnd: number } | undefined;
          if (!box || !draw || !layout || !answer) return null;
          return {
            layout: layout.duration,
            draw: draw.duration,
            answerToDrawn: performance.now() - answer.responseEnd,
            boxesDrawn: document.querySelectorAll('svg.kf-tree a.kf-tree-box').length,
          };
        },
        { timeout: 60_000, polling: 'raf' },
      );
      const figures = (await drawn.jsonValue())!;
      const answerToSettled = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const answer = performance
              .getEntriesByType('resource')
              .find((entry) => entry.name.includes('/api/family-tree')) as unknown as {
              responseEnd: number;
            };
            const { requestAnimationFrame } = inPage();
            let last = performance.now();
            let quick = 0;
            const tick = (now: number) => {
              quick = now - last < 50 ? quick + 1 : 0;
              last = now;
              if (quick >= 2) resolve(now - answer.responseEnd);
              else requestAnimationFrame(tick);
            };
            requestAnimationFrame(tick);
          }),
      );
      results.push({ ...figures, answerToSettled, ...(await panAcross(page)) });
    }
  } finally {
    await browser.close();
    await app.stop();
    archive.remove();
  }
  const report = {
    date: new Date().toISOString(),
    people: size,
    relations: tree.relations.length,
    runs: results,
    median: Object.fromEntries(
      (
        [
          'layout',
          'draw',
          'answerToDrawn',
          'answerToSettled',
          'panSlowestFrame',
          'panSlowestView',
        ] as const
      ).map((key) => [key, Math.round(median(results.map((r) => r[key])))]),
    ),
    target: '< 1000 ms',
    machine: machineLoad(startLoad),
  };
  console.log(JSON.stringify(report, null, 2));
  if (args.out) fs.writeFileSync(args.out, `${JSON.stringify(report, null, 2)}\n`);
}

/** A drag of 1,200 px to the left from the frame's middle, a mouse move a frame. */
async function panAcross(page: Page) {
  const frame = await page.$('svg.kf-tree');
  const box = await frame!.boundingBox();
  const [x, y] = [box!.x + box!.width / 2, box!.y + box!.height / 2];
  await page.evaluate(() => {
    const state = { slowestFrame: 0, slowestView: 0, running: true };
    (globalThis as unknown as { kfPan: typeof state }).kfPan = state;
    const { requestAnimationFrame } = inPage();
    new PerformanceObserver((list) => {
      for (const entry of list.getEntriesByName('kf-tree-view'))
        state.slowestView = Math.max(state.slowestView, entry.duration);
    }).observe({ type: 'measure' });
    let last = performance.now();
    const tick = (now: number) => {
      state.slowestFrame = Math.max(state.slowestFrame, now - last);
      last = now;
      if (state.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 40; step++) {
    await page.mouse.move(x - 30 * step, y);
    await page.evaluate(() => new Promise((resolve) => inPage().requestAnimationFrame(resolve)));
  }
  await page.mouse.up();
  await page.evaluate(() => new Promise((resolve) => inPage().requestAnimationFrame(resolve)));
  return page.evaluate(() => {
    const state = (
      globalThis as unknown as {
        kfPan: { slowestFrame: number; slowestView: number; running: boolean };
      }
    ).kfPan;
    state.running = false;
    return { panSlowestFrame: state.slowestFrame, panSlowestView: state.slowestView };
  });
}

await main();
