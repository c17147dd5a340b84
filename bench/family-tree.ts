/**
 * `npm run family-tree-bench [-- --runs N] [--people N] [--out FILE]`: how long the Tree page takes
 * to draw a family of 5,000 people around one person (the target: under a second), in
 * Chromium. The server is the real one over the demo archive; its `GET /api/family-tree` answer is
 * replaced by a generated family (the centre person's ancestors over ten generations, then
 * descendants with their partners until the count is reached: every one of them is drawn), so the
 * figure is the browser's alone. Two figures per run: `draw` (the page's own measure of topola's
 * layout and drawing, `kf-tree-draw`) and `answer → drawn` (from the answer received to every box
 * in the page, React and the zoom's centring included). Needs `npm run build`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer from 'puppeteer-core';
import { createDemoArchive, logIn, machineLoad, median, startDemoApp } from './demo-app.js';
import { generatedFamily } from './family-tree-data.js';

const root = path.resolve(import.meta.dirname, '..');
const USER = { email: 'family-tree@example.com', password: 'family-tree-password-1' };
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

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
  const results: { draw: number; answerToDrawn: number; boxes: number }[] = [];
  try {
    const page = await browser.newPage();
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
      const figures = await page.waitForFunction(
        (expected: number) => {
          // The page's globals (this file is typed for Node).
          const { document } = globalThis as unknown as {
            document: { querySelectorAll(selector: string): { length: number } };
          };
          const boxes = document.querySelectorAll('svg.kf-tree a.kf-tree-box').length;
          const draw = performance.getEntriesByName('kf-tree-draw').at(-1);
          const answer = performance
            .getEntriesByType('resource')
            .find((entry) => entry.name.includes('/api/family-tree')) as
            { duration: number; responseEnd: number } | undefined;
          if (boxes < expected || !draw || !answer) return null;
          return {
            draw: draw.duration,
            answerToDrawn: performance.now() - answer.responseEnd,
            boxes,
          };
        },
        { timeout: 60_000, polling: 'raf' },
        size,
      );
      results.push((await figures.jsonValue())!);
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
    median: {
      draw: Math.round(median(results.map((r) => r.draw))),
      answerToDrawn: Math.round(median(results.map((r) => r.answerToDrawn))),
    },
    target: '< 1000 ms',
    machine: machineLoad(startLoad),
  };
  console.log(JSON.stringify(report, null, 2));
  if (args.out) fs.writeFileSync(args.out, `${JSON.stringify(report, null, 2)}\n`);
}

await main();
