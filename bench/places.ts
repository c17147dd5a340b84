/**
 * `--only places`: the map's points (`GET /api/places/points`) on a generated archive, cold: every
 * URL asked once, one at a time, on the app with its response cache on (each answer computed;
 * the cache's header is checked to say so). Classes: world views (zoom 2–3, the whole world or a
 * hemisphere), region views (zoom 5–8 around the family's places), city views (zoom 13–16 around
 * them), and world and region views with a type or a language filter. The issue's target: p95
 * under 50 ms for each.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ReadyMessage } from './protocol.js';
import { seeded } from './sample.js';

export const PLACES_TARGET_MS = 50;
export const PLACES_CLASSES = ['world', 'region', 'city', 'world filtered', 'region filtered'];

/** The demo family's places (packages/server/src/demo/pictures.ts), where views are centred. */
const CENTRES: [number, number][] = [
  [43.2965, 5.3698],
  [43.7646, 5.3626],
  [45.0703, 7.6869],
  [47.6505, 9.4797],
  [33.5731, -7.5898],
  [48.2372, -3.0811],
  [48.8443, 2.3744],
  [43.2148, 5.5381],
  [48.1374, 11.5755],
  [43.5297, 5.4474],
  [45.9237, 6.8694],
  [51.5072, -0.1276],
];
const TYPES = ['post', 'mail', 'message', 'media', 'dream', 'record'];
const LANGUAGES = ['fr', 'en', 'it', 'de', 'ar'];

export interface PlacesFigures {
  name: string;
  requests: number;
  p50: number;
  p95: number;
  max: number;
  slowest: string;
  errors: number;
  hits: number;
  /** Points answered, on average (what a map draws). */
  points: number;
  targetMs: number;
}

const round = (n: number) => Math.round(n * 1e4) / 1e4;

/** A box of `width` × `height` degrees around a centre moved by up to a tenth of the box. */
function boxAround(random: () => number, [lat, lon]: [number, number], width: number) {
  const height = width / 2;
  const cLat = lat + (random() - 0.5) * height * 0.2;
  const cLon = lon + (random() - 0.5) * width * 0.2;
  const clamp = (v: number, limit: number) => Math.max(-limit, Math.min(limit, v));
  return [
    round(clamp(cLon - width / 2, 180)),
    round(clamp(cLat - height / 2, 90)),
    round(clamp(cLon + width / 2, 180)),
    round(clamp(cLat + height / 2, 90)),
  ].join(',');
}

/** `perClass` distinct URLs per class, deterministic for a seed. */
export function placesPlan(perClass: number, seed: number): [string, string][] {
  const random = seeded(seed);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  // A 1440-pixel wide map shows 1440 / 256 tiles: 360° × 5.6 / 2^zoom wide.
  const widthAt = (zoom: number) => (360 * 5.6) / 2 ** zoom;
  const url = (bbox: string, zoom: number, extra = '') =>
    `/api/places/points?bbox=${bbox}&zoom=${zoom}${extra}`;
  const makers: Record<string, () => string> = {
    world: () => {
      const zoom = pick([2, 3]);
      const west = round(-180 + random() * 20);
      return url(`${west},-85,${round(Math.min(180, west + widthAt(zoom)))},85`, zoom);
    },
    region: () => {
      const zoom = pick([5, 6, 7, 8]);
      return url(boxAround(random, pick(CENTRES), widthAt(zoom)), zoom);
    },
    city: () => {
      const zoom = pick([13, 14, 15, 16]);
      return url(boxAround(random, pick(CENTRES), widthAt(zoom)), zoom);
    },
    'world filtered': () => {
      const zoom = pick([2, 3]);
      const west = round(-180 + random() * 20);
      const filter = random() < 0.5 ? `&type=${pick(TYPES)}` : `&language=${pick(LANGUAGES)}`;
      return url(`${west},-85,${round(Math.min(180, west + widthAt(zoom)))},85`, zoom, filter);
    },
    'region filtered': () => {
      const zoom = pick([5, 6, 7, 8]);
      const filter = random() < 0.5 ? `&type=${pick(TYPES)}` : `&language=${pick(LANGUAGES)}`;
      return url(boxAround(random, pick(CENTRES), widthAt(zoom)), zoom, filter);
    },
  };
  const plan: [string, string][] = [];
  const seen = new Set<string>();
  for (const name of PLACES_CLASSES) {
    let made = 0;
    for (let tries = 0; made < perClass && tries < perClass * 20; tries++) {
      const next = makers[name]!();
      if (seen.has(next)) continue;
      seen.add(next);
      plan.push([name, next]);
      made++;
    }
  }
  return plan;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Asks every URL once, in order, one at a time. */
export async function runPlaces(
  appUrl: string,
  headers: Record<string, string>,
  plan: [string, string][],
): Promise<PlacesFigures[]> {
  const byClass = new Map<string, { ms: number; url: string; points: number }[]>();
  const errors = new Map<string, number>();
  const hits = new Map<string, number>();
  for (const [name, url] of plan) {
    const started = performance.now();
    const response = await fetch(`${appUrl}${url}`, { headers });
    const body = await response.text();
    const ms = performance.now() - started;
    let points = 0;
    if (response.status === 200) {
      points = (JSON.parse(body) as { data: unknown[] }).data.length;
    } else {
      errors.set(name, (errors.get(name) ?? 0) + 1);
      console.error(`  places ${name}: ${url} answered ${response.status}`);
    }
    if (response.headers.get('x-kinfolio-cache') === 'hit')
      hits.set(name, (hits.get(name) ?? 0) + 1);
    (byClass.get(name) ?? byClass.set(name, []).get(name)!).push({ ms, url, points });
  }
  return PLACES_CLASSES.flatMap((name) => {
    const list = (byClass.get(name) ?? []).sort((a, b) => a.ms - b.ms);
    if (!list.length) return [];
    const sorted = list.map((t) => t.ms);
    const r = (n: number) => Math.round(n * 10) / 10;
    return [
      {
        name,
        requests: list.length,
        p50: r(percentile(sorted, 50)),
        p95: r(percentile(sorted, 95)),
        max: r(sorted[sorted.length - 1]!),
        slowest: list[list.length - 1]!.url,
        errors: errors.get(name) ?? 0,
        hits: hits.get(name) ?? 0,
        points: Math.round(list.reduce((sum, t) => sum + t.points, 0) / list.length),
        targetMs: PLACES_TARGET_MS,
      },
    ];
  });
}

export interface PlacesBenchResult {
  dialect: string;
  date: string;
  size: number;
  placed: number | null;
  seedSeconds: number | null;
  perClass: number;
  seed: number;
  load: number[];
  node: string;
  classes: PlacesFigures[];
}

export function placesReport(result: PlacesBenchResult): string {
  const rows = result.classes.map(
    (c) =>
      `| ${c.name} | ${c.requests} | ${c.points} | ${c.p50} | ${c.p95} | ${c.max} | ${c.targetMs} | ${
        c.p95 < c.targetMs && c.errors === 0 ? 'met' : 'missed'
      } | ${c.hits} | \`${c.slowest}\` |`,
  );
  return [
    `# Map points, cold — ${result.dialect}, ${result.size.toLocaleString('en')} items`,
    '',
    `${result.date}; ${result.placed === null ? '' : `${result.placed.toLocaleString('en')} placed items; `}` +
      `archive generated in ${result.seedSeconds ?? '(kept)'} s; load average at start ${result.load.map((l) => l.toFixed(2)).join(' / ')}; ` +
      `${result.perClass} URLs per class (seed ${result.seed}), each asked once, one client; Node ${result.node}.`,
    '',
    '| class | requests | points (mean) | p50 ms | p95 ms | max ms | target p95 | result | cache hits | slowest |',
    '|---|---:|---:|---:|---:|---:|---:|---|---:|---|',
    ...rows,
    '',
  ].join('\n');
}

/** Each engine in turn: a fresh archive, the JIT warmed, the plan asked cold; reports written. */
export async function runPlacesBench(options: {
  dialects: string[];
  startServer: (dialect: string) => Promise<{ child: ChildProcess; ready: ReadyMessage }>;
  login: (appUrl: string) => Promise<Record<string, string>>;
  perClass: number;
  seed: number;
  resultsDir: string;
  label: string | undefined;
}): Promise<boolean> {
  let failed = false;
  for (const dialect of options.dialects) {
    try {
      const load = os.loadavg();
      console.log(`\n${dialect}: generating the archive…`);
      const { child, ready } = await options.startServer(dialect);
      try {
        const headers = await options.login(ready.appUrl);
        // A few URLs first, not counted, for the JIT; then the plan without them.
        const warm = placesPlan(2, 99);
        const skip = new Set(warm.map(([, url]) => url));
        await runPlaces(ready.appUrl, headers, warm);
        const plan = placesPlan(options.perClass, options.seed).filter(([, url]) => !skip.has(url));
        console.log(`  map points: ${plan.length} URLs, each asked once…`);
        const result: PlacesBenchResult = {
          dialect,
          date: new Date().toISOString(),
          size: ready.items,
          placed: ready.placed ?? null,
          seedSeconds: ready.reused ? null : Math.round(ready.seedMs / 100) / 10,
          perClass: options.perClass,
          seed: options.seed,
          load,
          node: process.version,
          classes: await runPlaces(ready.appUrl, headers, plan),
        };
        const report = placesReport(result);
        const size =
          result.size >= 1e6 ? `${result.size / 1e6}M` : `${Math.round(result.size / 1e3)}k`;
        const tail = options.label ? `-${options.label}` : '';
        const base = path.join(
          options.resultsDir,
          `${result.date.slice(0, 10)}-${dialect}-${size}-places${tail}`,
        );
        fs.writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
        fs.writeFileSync(`${base}.md`, report);
        console.log(`\n${report}\nWritten to ${path.relative(process.cwd(), base)}.json and .md`);
      } finally {
        child.send('stop');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    } catch (error) {
      failed = true;
      console.error(`${dialect}: the places bench did not complete`, error);
    }
  }
  return failed;
}
