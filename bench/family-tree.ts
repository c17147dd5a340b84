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
import type { FamilyTree, Relation } from '@kinfolio/contract';
import { createDemoArchive, logIn, machineLoad, median, startDemoApp } from './demo-app.js';

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

const life = (year: number | null) => ({
  given_names: null,
  surname: null,
  sex: null,
  birth: year ? { date: { qualifier: 'about' as const, start: { year } }, place: null } : null,
  death: null,
  biography: null,
  portrait: null,
});

/** The centre (id 1), ten generations of ancestors, then couples with three children each. */
export function generatedFamily(size: number): FamilyTree {
  const people: FamilyTree['people'] = [];
  const relations: Relation[] = [];
  const person = (year: number) => {
    const id = people.length + 1;
    people.push({ id, name: `Person ${id} Familyname`, count: 0, life: life(year) });
    return id;
  };
  const relate = (type: Relation['type'], a: number, b: number) =>
    relations.push({
      id: relations.length + 1,
      type,
      person1_id: a,
      person2_id: b,
      kind: type === 'spouse' ? 'married' : 'birth',
      start: null,
      end: null,
      place: null,
    });
  const centre = person(1950);
  let generation = [centre];
  for (let depth = 1; depth <= 10 && people.length < size / 2; depth++) {
    const next: number[] = [];
    for (const child of generation) {
      const father = person(1950 - 30 * depth);
      const mother = person(1950 - 30 * depth);
      relate('spouse', father, mother);
      relate('parent', father, child);
      relate('parent', mother, child);
      next.push(father, mother);
    }
    generation = next;
  }
  let couples = [centre];
  for (let depth = 1; people.length < size; depth++) {
    const next: number[] = [];
    for (const parent of couples) {
      if (people.length >= size) break;
      const partner = person(1950 + 30 * (depth - 1));
      relate('spouse', parent, partner);
      for (let child = 0; child < 3 && people.length < size; child++) {
        const id = person(1950 + 30 * depth);
        relate('parent', parent, id);
        relate('parent', partner, id);
        next.push(id);
      }
    }
    couples = next;
  }
  return { people, relations };
}

async function main() {
  const runs = Number(args.runs);
  const size = Number(args.people);
  const tree = generatedFamily(size);
  const body = JSON.stringify(tree);
  const startLoad = os.loadavg()[0] ?? NaN;
  const archive = createDemoArchive(USER);
  const app = await startDemoApp(archive, process.env.WEB_DIST ?? path.join(root, 'packages/web/dist'));
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
          const boxes = document.querySelectorAll('svg.kf-tree a.kf-tree-box').length;
          const draw = performance.getEntriesByName('kf-tree-draw').at(-1);
          const answer = performance
            .getEntriesByType('resource')
            .find((entry) => entry.name.includes('/api/family-tree')) as PerformanceResourceTiming | undefined;
          if (boxes < expected || !draw || !answer) return null;
          return { draw: draw.duration, answerToDrawn: performance.now() - answer.responseEnd, boxes };
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
