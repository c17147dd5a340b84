/**
 * The cold workload: one person browsing an archive nobody read since the last edit. Every URL
 * is asked exactly once, one request at a time, against the app with its response cache on, so
 * every answer is computed (the cache's `X-Kinfolio-Cache` header is checked to say so). The URLs
 * are drawn from the archive itself (see sample.ts): words of random items, common and rare, their
 * first letters as prefixes, the global search, list pages at depths spread from the first to the
 * last, each filter (category with its subtree, participant, tag, language) and single items.
 */
import { ITEM_TYPES, LIMITS, routePath } from '@kinfolio/contract';
import { seeded, type ColdSample, type Counts } from './sample.js';

/** The seed the cold URLs are drawn with unless `--cold-seed` says otherwise. */
export const COLD_SEED = 11;

/** Classes of the cold workload and their p95 target in ms (100 for searches, 30 for the rest). */
export const COLD_CLASSES = {
  'search word': 100,
  'search prefix': 100,
  '/api/search': 100,
  'list page': 30,
  'filter category': 30,
  'filter participant': 30,
  'filter tag': 30,
  'filter language': 30,
  'single item': 30,
} as const;
export type ColdClass = keyof typeof COLD_CLASSES;

export interface ColdFigures {
  name: ColdClass;
  requests: number;
  /** Milliseconds, from sending the request to the last byte of the answer. */
  p50: number;
  p95: number;
  max: number;
  /** The slowest URL, to tell what to look at. */
  slowest: string;
  /** The five slowest URLs with their times, slowest first: the p95 tail (JSON only). */
  tail: { url: string; ms: number }[];
  errors: number;
  /** Answers the response cache already held (should be none). */
  hits: number;
  targetMs: number;
}

const perPage = LIMITS.pageSizeDefault;

/** A page between 1 and the last, spread evenly on a log scale (as many shallow as deep). */
function depth(random: () => number, items: number): number {
  const last = Math.max(1, Math.ceil(items / perPage));
  return Math.min(last, Math.max(1, Math.round(Math.exp(random() * Math.log(last)))));
}

/** Words of at least three letters, in order of appearance (common words come up often). */
function words(texts: string[]): string[] {
  return texts.flatMap((text) => text.toLowerCase().match(/\p{L}{3,}/gu) ?? []);
}

/** The URLs of the cold workload, `perClass` distinct ones per class, deterministic. */
export function coldPlan(
  sample: ColdSample,
  perClass: number,
  seed: number,
): [ColdClass, string][] {
  const random = seeded(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const type = () => pick(ITEM_TYPES);
  const tokens = words(sample.texts);
  const vocabulary = [...new Set(tokens)];
  // Half drawn by occurrence (common words), half from the distinct words (rarer ones).
  const word = () => (random() < 0.5 ? pick(tokens) : pick(vocabulary));
  const prefix = () =>
    Array.from(word())
      .slice(0, random() < 0.5 ? 3 : 4)
      .join('');
  const filtered = (counts: Counts, route: 'all' | 'category' | 'participant' | 'tag') => () => {
    const key = pick(Object.keys(counts));
    const t = type();
    const page = depth(random, counts[key]?.[t] ?? 0);
    return route === 'all'
      ? routePath(`${t}.all`, { query: { language: key, page } })
      : routePath(`${t}.${route}`, { params: { id: key }, query: { page } });
  };
  const makers: Record<ColdClass, () => string> = {
    'search word': () => routePath(`${type()}.search`, { query: { query: word() } }),
    'search prefix': () => routePath(`${type()}.search`, { query: { query: prefix() } }),
    '/api/search': () =>
      routePath('searchAll', { query: { query: random() < 0.5 ? word() : prefix() } }),
    'list page': () => {
      const t = type();
      return routePath(`${t}.all`, { query: { page: depth(random, sample.live[t] ?? 0) } });
    },
    'filter category': filtered(sample.categories, 'category'),
    'filter participant': filtered(sample.participants, 'participant'),
    'filter tag': filtered(sample.tags, 'tag'),
    'filter language': filtered(sample.languages, 'all'),
    'single item': () => {
      const item = pick(sample.items);
      return routePath(`${item.type}.single`, { params: { id: item.id } });
    },
  };
  const seen = new Set<string>();
  const plan: [ColdClass, string][] = [];
  for (const name of Object.keys(makers) as ColdClass[]) {
    let made = 0;
    for (let tries = 0; made < perClass && tries < perClass * 50; tries++) {
      const url = makers[name]();
      if (seen.has(url)) continue;
      seen.add(url);
      plan.push([name, url]);
      made++;
    }
  }
  // Interleaved, as a person goes from a list to a search to an item.
  for (let i = plan.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [plan[i], plan[j]] = [plan[j]!, plan[i]!];
  }
  return plan;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** Asks every URL of the plan once, in order, one at a time. */
export async function runCold(
  appUrl: string,
  headers: Record<string, string>,
  plan: [ColdClass, string][],
): Promise<ColdFigures[]> {
  const times = new Map<ColdClass, { ms: number; url: string }[]>();
  const errors = new Map<ColdClass, number>();
  const hits = new Map<ColdClass, number>();
  for (const [name, url] of plan) {
    const started = performance.now();
    const response = await fetch(`${appUrl}${url}`, { headers });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (response.status !== 200) {
      errors.set(name, (errors.get(name) ?? 0) + 1);
      console.error(`  cold ${name}: ${url} answered ${response.status}`);
    }
    if (response.headers.get('x-kinfolio-cache') === 'hit')
      hits.set(name, (hits.get(name) ?? 0) + 1);
    (times.get(name) ?? times.set(name, []).get(name)!).push({ ms, url });
  }
  return (Object.keys(COLD_CLASSES) as ColdClass[]).flatMap((name) => {
    const list = (times.get(name) ?? []).sort((a, b) => a.ms - b.ms);
    if (list.length === 0) return [];
    const sorted = list.map((t) => t.ms);
    return [
      {
        name,
        requests: list.length,
        p50: round(percentile(sorted, 50)),
        p95: round(percentile(sorted, 95)),
        max: round(sorted[sorted.length - 1]!),
        slowest: list[list.length - 1]!.url,
        tail: list
          .slice(-5)
          .reverse()
          .map(({ url, ms }) => ({ url, ms: round(ms) })),
        errors: errors.get(name) ?? 0,
        hits: hits.get(name) ?? 0,
        targetMs: COLD_CLASSES[name],
      },
    ];
  });
}
