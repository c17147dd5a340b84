/** The figures of one bench run and their rendering as a markdown table with the targets. */
import { COLD_SEED, type ColdFigures } from './cold.js';

export interface Scenario {
  name: string;
  path: string;
  requestsPerSecond: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  requests: number;
  /** The server process's CPU time per request (the bare route's server included). */
  serverMicrosPerRequest: number;
  /** Non-2xx responses, socket errors and timeouts. */
  errors: number;
}

export interface BenchResult {
  dialect: 'sqlite' | 'postgres';
  date: string;
  size: number;
  translations: number;
  livePosts: number;
  matches: { common: number; rare: number };
  /** Null when the database was kept from an earlier run. */
  seedSeconds: number | null;
  databaseMegabytes: number | null;
  connections: number;
  durationSeconds: number;
  node: string;
  scenarios: Scenario[];
  /** The cold workload, when it ran: figures per class, and the URLs asked per class. */
  cold?: ColdFigures[];
  coldPerClass?: number;
  /** The seed the cold URLs were drawn with (`--cold-seed`). */
  coldSeed?: number;
}

/** Marks the scenarios served by the app without its response cache. */
export const UNCACHED = '(no response cache)';

export interface TargetCheck {
  name: string;
  value: string;
  pass: boolean;
}

/** The targets (set for SQLite; shown for PostgreSQL as a comparison). */
export function targets(result: BenchResult): TargetCheck[] {
  const served = result.scenarios.filter((s) => !s.name.endsWith(UNCACHED));
  const bare = served.find((s) => s.name.startsWith('bare'))?.requestsPerSecond ?? 0;
  const checks: TargetCheck[] = [];
  for (const s of served.filter((s) => s.name.startsWith('posts-search'))) {
    checks.push({ name: `${s.name}: p99 < 50 ms`, value: `${s.p99} ms`, pass: s.p99 < 50 });
  }
  for (const s of served.filter((s) => s.name.startsWith('posts-all'))) {
    const ratio = bare ? s.requestsPerSecond / bare : 0;
    checks.push({
      name: `${s.name}: ≥ 1/3 of the bare route's req/s`,
      value: `${(ratio * 100).toFixed(1)} %`,
      pass: ratio >= 1 / 3,
    });
  }
  return checks;
}

function coldReport(result: BenchResult): string[] {
  if (!result.cold) return [];
  return [
    `### Cold reads (${result.coldPerClass} distinct URLs per class drawn with seed ${result.coldSeed ?? COLD_SEED}, each asked once, one client)`,
    '',
    '| class | requests | p50 ms | p95 ms | max ms | target p95 | result | errors | cache hits | slowest |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | --- |',
    ...result.cold.map(
      (c) =>
        `| ${c.name} | ${c.requests} | ${c.p50} | ${c.p95} | ${c.max} | < ${c.targetMs} ms | ` +
        `${c.p95 < c.targetMs ? 'pass' : 'FAIL'} | ${c.errors} | ${c.hits} | \`${c.slowest}\` |`,
    ),
    '',
    'Every URL is new to the running app (response cache on, nothing asked before): each answer ' +
      'is computed, as the first read after an edit is. Words come from random items of the ' +
      'archive (half by occurrence, half among distinct words), prefixes are their first 3–4 ' +
      'letters, pages are spread on a log scale from the first to the last.',
    '',
  ];
}

export function markdownReport(result: BenchResult): string {
  const generated =
    result.seedSeconds === null
      ? 'Database kept from an earlier run'
      : `Generated in ${result.seedSeconds} s`;
  const cached = result.scenarios.length
    ? [
        `autocannon -c ${result.connections} -d ${result.durationSeconds}.`,
        '',
        '| scenario | req/s | p50 ms | p99 ms | requests | errors | server µs CPU/req |',
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
        ...result.scenarios.map(
          (s) =>
            `| ${s.name} | ${s.requestsPerSecond} | ${s.p50} | ${s.p99} | ${s.requests} | ${s.errors} | ${s.serverMicrosPerRequest} |`,
        ),
        '',
        `Scenarios marked ${UNCACHED} are served by a second instance of the app on the same ` +
          'database with its response cache off: the cost of a first read, or of the first read ' +
          'after a change. The targets below are checked on the app as it runs.',
        '',
        `| target${result.dialect === 'sqlite' ? '' : ' (set for SQLite)'} | value | result |`,
        '| --- | ---: | --- |',
        ...targets(result).map((t) => `| ${t.name} | ${t.value} | ${t.pass ? 'pass' : 'FAIL'} |`),
        '',
      ]
    : [''];
  const lines = [
    `## ${result.dialect}, ${result.size.toLocaleString('en')} items (${result.date.slice(0, 16)}Z)`,
    '',
    `${result.translations.toLocaleString('en')} translations, ${result.livePosts.toLocaleString('en')} live posts; ` +
      (result.scenarios.length
        ? `search matches: common ${result.matches.common}, rare ${result.matches.rare}. `
        : '') +
      generated +
      (result.databaseMegabytes ? `, database ${result.databaseMegabytes} MB` : '') +
      `. Node ${result.node}. ${cached[0]}`,
    ...cached.slice(1),
    ...coldReport(result),
  ];
  return lines.join('\n');
}
