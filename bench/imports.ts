/**
 * `npm run bench -- --only imports [--import-photos 1000,10000 --import-mails 10000,100000
 * --import-chat 100000 --dialect sqlite|postgres|both --keep --label L]`: imports of generated sources,
 * each by `kinfolio import PATH` as its own process into a fresh archive, its wall clock and peak
 * resident memory (VmHWM read from /proc) reported per source size, so that flat memory shows as
 * a peak that hardly moves with the size. Sources:
 * - photos: a Google Takeout folder of ~2 MP JPEGs, each with its supplemental-metadata sidecar;
 *   `PHOTO_BASES` distinct pictures, the others copies made distinct by a JPEG comment (their
 *   bytes and SHA-256 differ, their perceptual hash does not: they are flagged near-duplicates,
 *   which costs what a real picture costs);
 * - mails: one mbox of ~10 KB messages (one in twenty with a small attachment);
 * - chat: an Android WhatsApp export (`.txt`) of N lines over three years, five authors.
 * Writes bench/results/<date>-imports-<engine>[-<label>].json and .md. `--keep` keeps the
 * generated sources for the next run. Not a timed test: nothing fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { megabytes, runCli } from './cli-process.js';
import sharp from 'sharp';

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Where sources and archives are generated (BENCH_IMPORTS_DIR: another, for a run beside one). */
const work = process.env.BENCH_IMPORTS_DIR ?? path.join(os.tmpdir(), 'kinfolio-bench-imports');

/** Distinct pictures drawn; the other photos are byte-distinct copies of them. */
const PHOTO_BASES = 200;

export type ImportBenchKind = 'photos' | 'mails' | 'chat';

export interface ImportBenchRow {
  dialect: 'sqlite' | 'postgres';
  kind: ImportBenchKind;
  size: number;
  sourceBytes: number;
  created: number;
  wallSeconds: number;
  perSecond: number;
  /** The import process's CPU time (user and system). */
  cpuSeconds: number;
  peakRssMegabytes: number;
  /** The largest anonymous (V8's heap and native allocations) and file-backed parts of it seen. */
  peakAnonMegabytes?: number;
  peakFileMegabytes?: number;
  /** The machine's load average (1 minute) as the import ended: other work slows the wall clock. */
  loadAverage: number;
  summary: string;
}

export interface ImportBenchResult {
  date: string;
  rows: ImportBenchRow[];
  /** V8's old space cap of each import (`--import-heap`), if any. */
  heapMegabytes?: number;
  loadAverage: number;
  node: string;
  cpus: number;
}

/** A small deterministic random generator, so that two runs import the same sources. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function basePictures(): Promise<Buffer[]> {
  const next = random(7);
  const pictures: Buffer[] = [];
  for (let i = 0; i < PHOTO_BASES; i++) {
    const shapes = Array.from({ length: 12 }, () => {
      const [x, y, w, h] = [next() * 1600, next() * 1200, 100 + next() * 600, 100 + next() * 500];
      const colour = `hsl(${Math.floor(next() * 360)},${40 + Math.floor(next() * 50)}%,50%)`;
      return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${colour}"/>`;
    }).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><rect width="1600" height="1200" fill="hsl(${i},30%,80%)"/>${shapes}</svg>`;
    // Grain, as a camera's sensor gives: it makes the JPEG weigh what a real photo weighs.
    const { data, info } = await sharp(Buffer.from(svg))
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (let b = 0; b < data.length; b++) data[b] = Math.min(255, data[b]! + next() * 40);
    pictures.push(
      await sharp(data, {
        raw: { width: info.width, height: info.height, channels: info.channels },
      })
        .jpeg({ quality: 85 })
        .toBuffer(),
    );
  }
  return pictures;
}

/** `jpeg` with a comment segment after its start marker: other bytes, the same picture. */
function withComment(jpeg: Buffer, text: string): Buffer {
  const body = Buffer.from(text, 'latin1');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, body, jpeg.subarray(2)]);
}

async function takeoutOf(count: number, dir: string): Promise<void> {
  const bases = await basePictures();
  const start = Date.UTC(2015, 0, 1) / 1000;
  for (let i = 0; i < count; i++) {
    const taken = start + i * 3600 * 7;
    const year = new Date(taken * 1000).getUTCFullYear();
    const folder = path.join(dir, 'Takeout', 'Google Photos', `Photos from ${year}`);
    if (i === 0 || new Date((taken - 3600 * 7) * 1000).getUTCFullYear() !== year) {
      fs.mkdirSync(folder, { recursive: true });
    }
    const name = `IMG_${String(i).padStart(6, '0')}.jpg`;
    fs.writeFileSync(path.join(folder, name), withComment(bases[i % bases.length]!, `bench ${i}`));
    const sidecar = {
      title: name,
      description: i % 10 === 0 ? `Photo ${i} au bord de la mer` : '',
      photoTakenTime: { timestamp: String(taken) },
      geoData: { latitude: i % 3 ? 43.7 + (i % 100) / 1000 : 0, longitude: i % 3 ? 7.26 : 0 },
      people: i % 7 === 0 ? [{ name: 'Nonna Lucia' }] : [],
    };
    fs.writeFileSync(
      path.join(folder, `${name}.supplemental-metadata.json`),
      JSON.stringify(sidecar),
    );
  }
}

const WORDS = (
  'lettre famille nonna maison jardin mer voyage école travail fête souvenir photo enfants ' +
  'letter family garden house sea trip school work party memory picture children ' +
  'lettera famiglia casa giardino mare viaggio scuola festa ricordo bambini'
).split(' ');

async function mboxOf(count: number, file: string): Promise<void> {
  const next = random(11);
  const out = fs.createWriteStream(file);
  const write = (text: string) =>
    out.write(text)
      ? Promise.resolve()
      : new Promise<void>((resolve) => out.once('drain', () => resolve()));
  const attachment = (
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c84' } })
      .png()
      .toBuffer()
  )
    .toString('base64')
    .replace(/.{76}/g, '$&\n');
  const people = ['anna@example.org', 'marco@example.it', 'lucia@example.fr', 'paul@example.de'];
  for (let i = 0; i < count; i++) {
    const date = new Date(Date.UTC(2005, 0, 1) + i * 3_600_000 * 3);
    const from = people[i % people.length]!;
    const to = people[(i + 1) % people.length]!;
    const words = Array.from({ length: 1400 }, () => WORDS[Math.floor(next() * WORDS.length)]);
    const body = words.join(' ').replace(/(.{70}) /g, '$1\n');
    const headers =
      `From ${from} ${date.toUTCString()}\n` +
      `From: ${from.split('@')[0]} <${from}>\nTo: <${to}>\n` +
      `Subject: =?UTF-8?B?${Buffer.from(`Nouvelles n°${i} — été`).toString('base64')}?=\n` +
      `Date: ${date.toUTCString()}\nMessage-ID: <bench-${i}@example.org>\n` +
      `X-Gmail-Labels: Famille,${i % 2 ? 'Vacances' : 'Maison'}\nMIME-Version: 1.0\n`;
    if (i % 20 === 0) {
      await write(
        `${headers}Content-Type: multipart/mixed; boundary="b${i}"\n\n--b${i}\n` +
          `Content-Type: text/plain; charset=utf-8\n\n${body}\n--b${i}\n` +
          `Content-Type: image/png; name="photo-${i}.png"\nContent-Transfer-Encoding: base64\n` +
          `Content-Disposition: attachment; filename="photo-${i}.png"\n\n${attachment}\n--b${i}--\n\n`,
      );
    } else {
      await write(`${headers}Content-Type: text/plain; charset=utf-8\n\n${body}\n\n`);
    }
  }
  await new Promise<void>((resolve) => out.end(resolve));
}

async function chatOf(lines: number, file: string): Promise<void> {
  const next = random(13);
  const out = fs.createWriteStream(file);
  const authors = ['Lucia', 'Marco', 'Anna', 'Paul', 'Nonna'];
  const pad = (n: number) => String(n).padStart(2, '0');
  let time = Date.UTC(2021, 0, 1, 8);
  for (let i = 0; i < lines; i++) {
    time += Math.floor(next() * 900_000) + 60_000;
    const d = new Date(time);
    const stamp =
      `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}, ` +
      `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
    const words = Array.from(
      { length: 4 + Math.floor(next() * 16) },
      () => WORDS[Math.floor(next() * WORDS.length)],
    );
    const text = i % 50 === 7 ? `${words.join(' ')}\nsuite du message` : words.join(' ');
    const line = `${stamp} - ${authors[i % authors.length]}: ${text}\n`;
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve) => out.end(resolve));
}

/** The source of `kind` at `size`, generated once per run of the bench. */
async function sourceOf(kind: ImportBenchKind, size: number): Promise<string> {
  const target = path.join(work, `${kind}-${size}`);
  if (fs.existsSync(`${target}.ready`)) {
    return kind === 'photos' ? target : `${target}${kind === 'mails' ? '.mbox' : '.txt'}`;
  }
  console.log(`  generating ${kind} ${size}…`);
  let made: string;
  if (kind === 'photos') {
    fs.rmSync(target, { recursive: true, force: true });
    await takeoutOf(size, target);
    made = target;
  } else if (kind === 'mails') {
    made = `${target}.mbox`;
    await mboxOf(size, made);
  } else {
    made = `${target}.txt`;
    await chatOf(size, made);
  }
  fs.writeFileSync(`${target}.ready`, '');
  return made;
}

function bytesOf(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.size;
  return fs
    .readdirSync(target, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

/** A fresh, migrated archive for `dialect`; its environment and its removal. */
async function freshArchive(dialect: 'sqlite' | 'postgres') {
  const dataDir = path.join(work, `archive-${dialect}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = { DATA_DIR: dataDir };
  const database = `kinfolio_bench_imports_${dialect}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: PG_ADMIN_URL });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  if (dialect === 'postgres') {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${database}`);
  }
  await runCli(['migrate'], env);
  return {
    env,
    cleanup: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (dialect === 'postgres') await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}

export async function runImportBench(
  dialects: ('sqlite' | 'postgres')[],
  plan: { kind: ImportBenchKind; sizes: number[] }[],
  options: {
    /** Keeps the generated sources (under the system's temporary folder) for the next run. */
    keepSources?: boolean;
    /** Caps V8's old space of each import at this many megabytes. */
    heapMegabytes?: number;
  } = {},
): Promise<ImportBenchResult> {
  fs.mkdirSync(work, { recursive: true });
  const rows: ImportBenchRow[] = [];
  try {
    for (const dialect of dialects) {
      for (const { kind, sizes } of plan) {
        for (const size of sizes) {
          const source = await sourceOf(kind, size);
          const archive = await freshArchive(dialect);
          try {
            // BENCH_CPU_PROF=DIR: a V8 CPU profile of each import, written to DIR.
            const profile = process.env.BENCH_CPU_PROF
              ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
              : [];
            // V8's old space capped: what the import holds, not the garbage it leaves for later.
            const heap = options.heapMegabytes
              ? [`--max-old-space-size=${options.heapMegabytes}`]
              : [];
            const run = await runCli(['import', source], archive.env, [...profile, ...heap]);
            const summary =
              /Import \d+ (done|failed).*$/m.exec(run.stdout)?.[0] ?? run.stdout.slice(-300);
            const created = Number(/(\d+) created/.exec(summary)?.[1] ?? 0);
            rows.push({
              dialect,
              kind,
              size,
              sourceBytes: bytesOf(source),
              created,
              wallSeconds: Math.round(run.seconds * 10) / 10,
              perSecond: Math.round((size / run.seconds) * 10) / 10,
              cpuSeconds: Math.round(run.cpuSeconds * 10) / 10,
              peakRssMegabytes: megabytes(run.peakKb),
              peakAnonMegabytes: megabytes(run.peakAnonKb),
              peakFileMegabytes: megabytes(run.peakFileKb),
              loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
              summary,
            });
            console.log(`  ${dialect} ${kind} ${size}: ${JSON.stringify(rows.at(-1))}`);
          } finally {
            await archive.cleanup();
          }
        }
      }
    }
  } finally {
    if (!options.keepSources) fs.rmSync(work, { recursive: true, force: true });
  }
  return {
    date: new Date().toISOString(),
    rows,
    ...(options.heapMegabytes ? { heapMegabytes: options.heapMegabytes } : {}),
    loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
    node: process.version,
    cpus: os.cpus().length,
  };
}

const TARGETS: Record<ImportBenchKind, string> = {
  photos: '10,000 photos with sidecars under 10 minutes',
  mails: '100,000 mails (1 GB) under 10 minutes',
  chat: '100,000 lines under a minute',
};

export function importReport(result: ImportBenchResult): string {
  const lines = [
    `# Imports: time and peak memory by source size (${result.date.slice(0, 10)})`,
    '',
    'Each import ran as its own process (`kinfolio import PATH`, through tsx) into a fresh',
    "archive; peak RSS is its VmHWM (anon / file: the largest RssAnon, V8's heap and native",
    "allocations, and RssFile seen), CPU its user and system time (the figure the machine's",
    'other work changes least), load the 1-minute load average as it ended. Targets: ' +
      Object.entries(TARGETS)
        .map(([kind, target]) => `${kind}: ${target}`)
        .join('; ') +
      '. Memory is flat when the peak hardly moves with the size.',
    '',
    '| engine | source | size | bytes | created | wall clock | per second | CPU | peak RSS | anon / file | load |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...result.rows.map(
      (r) =>
        `| ${r.dialect} | ${r.kind} | ${r.size.toLocaleString('en')} | ` +
        `${Math.round(r.sourceBytes / 1e6)} MB | ${r.created.toLocaleString('en')} | ` +
        `${r.wallSeconds} s | ${r.perSecond} | ${r.cpuSeconds} s | ${r.peakRssMegabytes} MB | ` +
        `${r.peakAnonMegabytes ?? '–'} / ${r.peakFileMegabytes ?? '–'} MB | ${r.loadAverage} |`,
    ),
    ...(result.heapMegabytes
      ? ['', `Each import ran with V8's old space capped at ${result.heapMegabytes} MB.`]
      : []),
    '',
    ...result.rows.map((r) => `- ${r.dialect} ${r.kind} ${r.size}: ${r.summary}`),
    '',
    `Load average at the end: ${result.loadAverage}; ${result.cpus} CPUs; Node ${result.node}.`,
    '',
  ];
  return lines.join('\n');
}
