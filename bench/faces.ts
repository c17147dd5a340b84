/**
 * `npm run bench -- --only faces [--faces-known 100000 --faces-pictures 100 --dialect
 * sqlite|postgres|both --label L]`: the faces module (packages/server/src/modules/faces).
 * - Suggestions: `--faces-known` synthetic faces (128 values each, 10 per person, half the people
 *   named) in a fresh database of each engine; then what detection works out for a new face
 *   (placementFor: the in-memory index kept in step with the table, the nearest named and unknown
 *   faces, the suggestion checked against the table), timed per face: the index's first load,
 *   then 200 new faces, then 50 more each after another process named a face (the index reads
 *   what changed). The issue's target: under 50 ms among 100,000 faces.
 * - Detection: `--faces-pictures` pictures of about 2 MP made from the face-api package's demo
 *   pictures (cropped, mirrored, scaled), each decoded and read as the job does (detectFaces),
 *   one after the other: pictures per second and faces found, and the process's peak memory
 *   (VmHWM) once done. The issue's target: at least 1 picture a second, under 800 MB.
 * Run it through `npm run bench`, which sets MALLOC_ARENA_MAX=2 as the worker has it (glibc's
 * default arenas under libvips' threads add ~100 MB to the peak).
 * Writes bench/results/<date>-faces[-<label>].json and .md. Not a timed test: nothing fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import sharp from 'sharp';
import { connectDatabase, type DatabaseHandle } from '../packages/server/src/db/connect.js';
import { migrateToLatest } from '../packages/server/src/db/migrate.js';
import {
  descriptorBytes,
  detectFaces,
  MODEL_VERSION,
  placementFor,
  TARGET_PIXELS,
} from '../packages/server/src/modules/faces/index.js';

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const work = path.join(os.tmpdir(), 'kinfolio-bench-faces');
const FACES_PER_PERSON = 10;
const FACES_PER_FILE = 100;

export interface FacesBenchRow {
  dialect: 'sqlite' | 'postgres';
  known: number;
  named: number;
  seedSeconds: number;
  firstLoadMs: number;
  warm: Timing;
  /** CPU time of this process per suggestion (the wall time also waits for a busy machine). */
  warmCpu: Timing;
  afterForeignWrite: Timing;
  /** Share of the new faces suggested as the person they were made from. */
  rightSuggestions: number;
}

interface Timing {
  p50: number;
  p95: number;
  max: number;
}

export interface FacesBenchResult {
  date: string;
  model: string;
  rows: FacesBenchRow[];
  detection: {
    pictures: number;
    megapixels: number;
    faces: number;
    seconds: number;
    picturesPerSecond: number;
    /** Pictures per second of this process's CPU time: what the machine would do unshared. */
    picturesPerCpuSecond: number;
    peakRssMegabytes: number;
  };
  loadAverage: number;
  cpus: string;
  node: string;
}

/** A small deterministic random generator, so that two runs see the same faces. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function gaussian(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(rand() || 1e-9)) * Math.cos(2 * Math.PI * rand());
}

/** A person's centre: values like face-api's (about ±0.1 each, length about 1). */
const centre = (rand: () => number) =>
  Float32Array.from({ length: 128 }, () => gaussian(rand) * 0.09);
/** One face of a person: their centre and some noise (same person: distances about 0.3). */
const faceOf = (person: Float32Array, rand: () => number) =>
  Float32Array.from(person, (v) => v + gaussian(rand) * 0.02);

const ms = (start: number) => performance.now() - start;
function timing(values: number[]): Timing {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const round = (v: number) => Math.round(v * 100) / 100;
  return { p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted.at(-1)!) };
}

async function freshDatabase(dialect: 'sqlite' | 'postgres'): Promise<{
  handle: DatabaseHandle;
  cleanup: () => Promise<void>;
}> {
  const database = 'kinfolio_bench_faces';
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: PG_ADMIN_URL });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  let handle: DatabaseHandle;
  if (dialect === 'sqlite') {
    handle = connectDatabase({ dialect: 'sqlite', file: path.join(work, 'faces.sqlite') });
  } else {
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${database}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${database}`;
    handle = connectDatabase({ dialect: 'postgres', url: url.toString() });
  }
  await migrateToLatest(handle.db);
  return {
    handle,
    cleanup: async () => {
      await handle.destroy();
      if (dialect === 'postgres') await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

/** People, pictures and faces, written in batches; the people's centres (id 0: unnamed). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- synthetic rows of the faces' tables, outside the typed schema
async function seed(db: Kysely<any>, known: number, rand: () => number) {
  const now = new Date().toISOString();
  const people = Math.ceil(known / FACES_PER_PERSON);
  const centres: { participantId: number; centre: Float32Array }[] = [];
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < people; start += 1000) {
      const batch = Array.from({ length: Math.min(1000, people - start) }, (_, i) => {
        const name = `Personne ${start + i}`;
        return {
          name,
          name_lower: name.toLowerCase(),
          search_key: name.toLowerCase(),
          created_at: now,
          updated_at: now,
        };
      });
      const ids = await trx.insertInto('participants').values(batch).returning('id').execute();
      for (const [i, row] of ids.entries()) {
        // Half the people are named on their faces; the others are unknown.
        centres.push({ participantId: (start + i) % 2 === 0 ? row.id : 0, centre: centre(rand) });
      }
    }
    const files = Math.ceil(known / FACES_PER_FILE);
    const fileIds: number[] = [];
    for (let start = 0; start < files; start += 500) {
      const batch = Array.from({ length: Math.min(500, files - start) }, (_, i) => ({
        name: `photo-${start + i}.jpg`,
        mime: 'image/jpeg',
        size: 1,
        storage_key: `bench/${start + i}`,
        sha256: `${start + i}`,
        created_at: now,
        thumb_pending: 0,
      }));
      const ids = await trx.insertInto('files').values(batch).returning('id').execute();
      fileIds.push(...ids.map((row) => row.id));
    }
    let batch: Record<string, unknown>[] = [];
    for (let n = 0; n < known; n += 1) {
      const person = centres[Math.floor(n / FACES_PER_PERSON)]!;
      batch.push({
        file_id: fileIds[Math.floor(n / FACES_PER_FILE)]!,
        box_x: 0.1,
        box_y: 0.1,
        box_width: 0.1,
        box_height: 0.1,
        descriptor: descriptorBytes(faceOf(person.centre, rand)),
        score: 0.9,
        model_version: MODEL_VERSION,
        origin: 'detected',
        participant_id: person.participantId || null,
        created_at: now,
        revision: 1,
      });
      if (batch.length === 1000) {
        await trx.insertInto('faces').values(batch).execute();
        batch = [];
      }
    }
    if (batch.length) await trx.insertInto('faces').values(batch).execute();
    await trx
      .insertInto('settings')
      .values({ key: 'faces_revision', value: '1' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '1' }))
      .execute();
  });
  return centres;
}

async function suggestionsOn(
  dialect: 'sqlite' | 'postgres',
  known: number,
): Promise<FacesBenchRow> {
  const { handle, cleanup } = await freshDatabase(dialect);
  try {
    const rand = random(7);
    const t0 = performance.now();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as seed()
    const centres = await seed(handle.db as Kysely<any>, known, rand);
    const seedSeconds = Math.round(ms(t0) / 100) / 10;
    if (dialect === 'postgres') await sql`analyze faces`.execute(handle.db);
    const named = centres.filter((c) => c.participantId !== 0);
    const probe = () => named[Math.floor(rand() * named.length)]!;

    const first = performance.now();
    await placementFor(handle.db, faceOf(probe().centre, rand));
    const firstLoadMs = Math.round(ms(first));

    const warm: number[] = [];
    const warmCpu: number[] = [];
    let right = 0;
    for (let i = 0; i < 200; i += 1) {
      const person = probe();
      const query = faceOf(person.centre, rand);
      const start = performance.now();
      const cpu = process.cpuUsage();
      const placement = await placementFor(handle.db, query);
      const used = process.cpuUsage(cpu);
      warm.push(ms(start));
      warmCpu.push((used.user + used.system) / 1000);
      if (placement.suggestion?.participantId === person.participantId) right += 1;
    }

    // Another process names a face each time: the index reads the row it wrote, no more.
    const afterWrite: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      await handle.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ value: string }>`
          update settings set value = cast(cast(value as integer) + 1 as text)
          where key = 'faces_revision' returning value`.execute(trx);
        await sql`update faces set participant_id = ${named[i]!.participantId},
          revision = ${Number(rows[0]!.value)} where id = ${2 + i * 20}`.execute(trx);
      });
      const start = performance.now();
      await placementFor(handle.db, faceOf(probe().centre, rand));
      afterWrite.push(ms(start));
    }
    return {
      dialect,
      known,
      named: named.length * FACES_PER_PERSON,
      seedSeconds,
      firstLoadMs,
      warm: timing(warm),
      warmCpu: timing(warmCpu),
      afterForeignWrite: timing(afterWrite),
      rightSuggestions: Math.round((right / 200) * 1000) / 10,
    };
  } finally {
    await cleanup();
  }
}

/** The demo pictures, varied: cropped, mirrored, scaled to about 2 MP. */
async function picture(n: number, rand: () => number): Promise<Buffer> {
  const demo = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
    'demo',
  );
  const source = sharp(fs.readFileSync(path.join(demo, `sample${(n % 6) + 1}.jpg`)));
  const { width = 1920, height = 1280 } = await source.metadata();
  const keep = 0.85 + rand() * 0.15;
  const w = Math.floor(width * keep);
  const h = Math.floor(height * keep);
  const scale = Math.sqrt(TARGET_PIXELS / (w * h));
  let image = source
    .extract({
      left: Math.floor(rand() * (width - w)),
      top: Math.floor(rand() * (height - h)),
      width: w,
      height: h,
    })
    .resize(Math.round(w * scale), Math.round(h * scale));
  if (n % 2 === 1) image = image.flop();
  return image.jpeg({ quality: 85 }).toBuffer();
}

function peakRssMegabytes(): number {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function detection(count: number): Promise<FacesBenchResult['detection']> {
  const rand = random(11);
  // The models load once, before the clock starts (a worker loads them once too).
  await detectFaces(await picture(0, rand));
  let seconds = 0;
  let cpuSeconds = 0;
  let faces = 0;
  let pixels = 0;
  for (let n = 0; n < count; n += 1) {
    const bytes = await picture(n, rand);
    const start = performance.now();
    const cpu = process.cpuUsage();
    const found = await detectFaces(bytes);
    const used = process.cpuUsage(cpu);
    cpuSeconds += (used.user + used.system) / 1e6;
    seconds += ms(start) / 1000;
    faces += found?.faces.length ?? 0;
    pixels += (found?.width ?? 0) * (found?.height ?? 0);
    if ((n + 1) % 25 === 0) console.log(`  ${n + 1}/${count} pictures, ${faces} faces`);
  }
  return {
    pictures: count,
    megapixels: Math.round((pixels / count / 1e6) * 100) / 100,
    faces,
    seconds: Math.round(seconds * 10) / 10,
    picturesPerSecond: Math.round((count / seconds) * 100) / 100,
    picturesPerCpuSecond: Math.round((count / cpuSeconds) * 100) / 100,
    peakRssMegabytes: peakRssMegabytes(),
  };
}

export async function runFacesBench(
  dialects: ('sqlite' | 'postgres')[],
  known: number,
  pictures: number,
): Promise<FacesBenchResult> {
  console.log(`Detection: ${pictures} pictures of about 2 MP…`);
  const detected = await detection(pictures);
  const rows: FacesBenchRow[] = [];
  for (const dialect of dialects) {
    console.log(`Suggestions among ${known} faces on ${dialect}…`);
    rows.push(await suggestionsOn(dialect, known));
  }
  return {
    date: new Date().toISOString(),
    model: MODEL_VERSION,
    rows,
    detection: detected,
    loadAverage: Math.round(os.loadavg()[0]! * 100) / 100,
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}`,
    node: process.version,
  };
}

export function facesReport(r: FacesBenchResult): string {
  const d = r.detection;
  return [
    `# Faces, ${r.date.slice(0, 10)}`,
    '',
    `${r.cpus} (load average ${r.loadAverage} at the end); Node ${r.node}; ${r.model}.`,
    '',
    '## Suggestions for a new face (placementFor), ms',
    '',
    '| Engine | Known faces | Named | First load | p50 | p95 | max | CPU p50 / p95 | After another process named one: p50 / p95 | Right person |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...r.rows.map(
      (row) =>
        `| ${row.dialect} | ${row.known} | ${row.named} | ${row.firstLoadMs} | ${row.warm.p50} | ${row.warm.p95} | ${row.warm.max} | ${row.warmCpu.p50} / ${row.warmCpu.p95} | ${row.afterForeignWrite.p50} / ${row.afterForeignWrite.p95} | ${row.rightSuggestions} % |`,
    ),
    '',
    'Target: under 50 ms among 100,000 faces on both engines.',
    '',
    '## Detection (decode, scale to about 2 MP, detect, landmarks, descriptors)',
    '',
    '| Pictures | Average size | Faces found | Time | Pictures per second | Per CPU second | Peak RSS |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    `| ${d.pictures} | ${d.megapixels} MP | ${d.faces} | ${d.seconds} s | ${d.picturesPerSecond} | ${d.picturesPerCpuSecond} | ${d.peakRssMegabytes} MB |`,
    '',
    'Target: at least 1 picture per second with the worker under 800 MB. The peak RSS is read',
    'after detection, before the suggestions part loads its index.',
    '',
  ].join('\n');
}
