import fs from 'node:fs';
import path from 'node:path';
import { buildPath, itemRoutes, routes, type OcrAdmin } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { connectDatabase } from '../../db/connect.js';
import {
  processArchive,
  sanctum,
  startKinfolio,
  startServer,
  stopProcess,
  type KinfolioProcess,
  type SanctumClient,
} from '../../test/processes.js';
import { lavfiFile } from '../../test/audio.js';
import { ocrDb } from './repository.js';
import { pageImage } from './test-fixtures/scans.js';

const LETTERS = [
  ['Lettre numéro un', 'envoyée de Marseille'],
  ['Lettre numéro deux', 'envoyée de Toulouse'],
  ['Lettre numéro trois', 'envoyée de Grenoble'],
  ['Lettre numéro quatre', 'envoyée de Valence'],
  ['Lettre numéro cinq', 'envoyée de Rouen'],
  ['Lettre numéro six', 'envoyée de Nantes'],
];
const TOWNS = LETTERS.map(([, from]) => from!.split(' ').pop()!);

/**
 * A `kinfolio worker` process killed with SIGKILL while it reads the scans of an OCR backfill and
 * scans a record's silences (both on the `media` queue, at once): a new worker takes both jobs
 * again once their leases run out, and each finishes once. Every scan then has exactly one text
 * (none read twice into two rows, none skipped) and the record its segments once.
 */
describe('OCR backfill and segment detection killed with their worker', () => {
  let archive: Awaited<ReturnType<typeof processArchive>>;
  let handle: ReturnType<typeof connectDatabase>;
  let api: KinfolioProcess & { url: string };
  let client: SanctumClient;
  const workers: KinfolioProcess[] = [];
  const fileIds: number[] = [];
  let recordId: number;

  const json = async (method: string, route: string, body?: unknown, status = 200) => {
    const response = await client.request(method, route, body);
    expect(response.status, response.text).toBe(status);
    return JSON.parse(response.text) as Record<string, unknown>;
  };

  const upload = async (name: string, type: string, data: Buffer) => {
    const response = await client.uploadWhole({ name, type, data });
    expect(response?.status, response?.body).toBe(201);
    return response!.body;
  };

  const attach = (token: string, modelId: number, modelType: 'media' | 'record') =>
    json('PATCH', routes.addFilepond.path, { newmedias: [token], modelId, modelType });

  beforeAll(async () => {
    archive = await processArchive('media_kill');
    // Short leases: the killed worker's jobs are taken again within seconds.
    Object.assign(archive.env, { OCR: 'on', JOB_LEASE_MS: '8000', JOB_POLL_MS: '100' });
    api = await startServer({ ...archive.env, JOB_WORKER: 'false' });
    client = sanctum(api.url);
    await client.login();
    handle = connectDatabase(loadConfig({ ...process.env, ...archive.env }).database);

    // Off while the scans arrive, so that no reading job per file reads them: the backfill queued
    // by turning OCR on is what has them all to read.
    await json('PATCH', routes.ocrAdminUpdate.path, { enabled: false });
    for (const [n, lines] of LETTERS.entries()) {
      const media = await json(
        'POST',
        itemRoutes.media.create.path,
        {
          title: `Lettre ${n + 1}`,
          language: 'fr',
        },
        201,
      );
      const itemId = (media.item as { id: number }).id;
      const token = await upload(`lettre-${n}.png`, 'image/png', await pageImage(lines, 'png'));
      await attach(token, itemId, 'media');
      const file = await handle.db
        .selectFrom('files')
        .select('id')
        .where('item_id', '=', itemId)
        .executeTakeFirstOrThrow();
      fileIds.push(file.id);
    }
    // An hour of passages of 50 s every minute: a scan that lasts long enough to be caught.
    const audio = await lavfiFile(
      path.join(archive.dataDir, 'entretien.mp3'),
      'aevalsrc=exprs=0.5*sin(2*PI*440*t)*lt(mod(t\\,60)\\,50):s=8000:d=3600',
      ['-ac', '1'],
    );
    const record = await json('POST', '/api/records', { lang: 'fr', title: 'Entretien' }, 201);
    recordId = (record.record as { id: number }).id;
    await attach(
      await upload('entretien.mp3', 'audio/mpeg', fs.readFileSync(audio)),
      recordId,
      'record',
    );
  }, 120_000);

  afterAll(async () => {
    for (const worker of workers) await stopProcess(worker, 'SIGKILL');
    if (api) await stopProcess(api, 'SIGKILL');
    await handle?.destroy();
    await archive?.remove();
  });

  const texts = () =>
    ocrDb(handle.db)
      .selectFrom('file_texts')
      .select(['file_id', 'status', 'text'])
      .orderBy('file_id')
      .execute();
  const segments = () =>
    // The records module's table, read as rows (its repository is the module's own).
    handle.db
      .withTables<{ record_segments: { id: number; record_id: number; start_seconds: number } }>()
      .selectFrom('record_segments')
      .select(['id', 'start_seconds as start'])
      .where('record_id', '=', recordId)
      .orderBy('start_seconds')
      .execute();
  const job = (id: string | number) =>
    handle.db
      .selectFrom('jobs')
      .select(['state', 'attempts', 'error'])
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();

  const startWorker = async () => {
    // Two at once: the backfill and the detection run side by side, as on a real worker.
    const worker = startKinfolio(['worker', '--queue', 'media'], {
      ...archive.env,
      JOB_CONCURRENCY: '2',
    });
    workers.push(worker);
    const started = await worker.logLine('worker started');
    // The jobs table is what this test reads: the database backend.
    expect(started.backend).toBe('database');
    return worker;
  };

  it('resumes both after kill -9, each finished once, with no duplicate rows', async () => {
    const turnedOn = await json('PATCH', routes.ocrAdminUpdate.path, { enabled: true });
    const backfillId = (turnedOn.settings as OcrAdmin).backfill!.job_id;
    const detection = await json('POST', `/api/records/${recordId}/segments/detect`, {}, 202);
    const detectionId = detection.job_id as string;
    // On SQLite one process at a time uses the archive: the API steps aside for the workers.
    await stopProcess(api);

    const first = await startWorker();
    const deadline = Date.now() + 90_000;
    // Killed once a scan is read (the backfill has committed work behind it and more ahead) while
    // the detection runs with nothing written yet.
    for (;;) {
      const read = (await texts()).length;
      const scanning = (await job(detectionId)).state === 'running';
      if (read >= 1 && scanning) break;
      expect(Date.now(), first.output()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    first.child.kill('SIGKILL');
    await first.exited;
    const readBefore = (await texts()).length;
    expect(readBefore, first.output()).toBeGreaterThanOrEqual(1);
    expect(readBefore).toBeLessThan(LETTERS.length);
    expect((await job(backfillId)).state).toBe('running');
    expect((await job(detectionId)).state).toBe('running');
    expect(await segments()).toEqual([]);

    const second = await startWorker();
    const until = Date.now() + 180_000;
    for (;;) {
      const states = [(await job(backfillId)).state, (await job(detectionId)).state];
      if (states.every((state) => state === 'done')) break;
      expect(states, second.output()).not.toContain('failed');
      expect(Date.now(), `${JSON.stringify(states)}\n${second.output()}`).toBeLessThan(until);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Each job was taken again after the killed attempt, and finished once. (More than two
    // attempts happen when a loaded machine stalls a worker past the short lease: harmless, and
    // what the rows below check.)
    for (const id of [backfillId, detectionId]) {
      const row = await job(id);
      expect(row.state).toBe('done');
      expect(row.attempts).toBeGreaterThanOrEqual(2);
    }

    // One text per scan, each the letter's own.
    const read = await texts();
    expect(read.map((row) => row.file_id)).toEqual(fileIds);
    read.forEach((row, n) => {
      expect(row.status).toBe('done');
      expect(row.text).toContain(TOWNS[n]);
    });
    expect(await ocrDb(handle.db).selectFrom('file_text_revisions').select('id').execute()).toEqual(
      [],
    );
    // The segments once: one a minute, none twice.
    expect((await segments()).map((s) => Math.round(s.start))).toEqual(
      Array.from({ length: 60 }, (_, i) => i * 60),
    );

    await stopProcess(second);
    api = await startServer({ ...archive.env, JOB_WORKER: 'false' });
    client = sanctum(api.url);
    await client.login();
    // The OCR text is searched: the resumed work is in the index too.
    const found = await json(
      'GET',
      `${routes.searchAll.path}?query=${encodeURIComponent(TOWNS.at(-1)!)}`,
    );
    expect((found.data as unknown[]).length).toBe(1);
    const status = await json('GET', `/api/records/${recordId}/segments/detect`);
    expect(status).toMatchObject({ status: 'done', progress: 100 });
    const last = await json('GET', buildPath(routes.fileText.path, { id: fileIds.at(-1)! }));
    expect(last).toMatchObject({ status: 'done' });
    expect(last.text).toContain(TOWNS.at(-1));
  }, 300_000);
});
