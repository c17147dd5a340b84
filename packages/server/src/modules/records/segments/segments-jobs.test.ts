import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Permission, RecordSegment } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/server.js';
import { restoreBackup, writeBackup } from '../../backups/index.js';
import { recordWithParts, passagesFile, startsOf } from './test-fixtures/audio.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-segments-jobs-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const EDITOR = {
  email: 'editor@example.com',
  permissions: ['records.edit', 'content.edit'] as Permission[],
};

/**
 * A detection whose worker gives it up mid-scan (its ffmpeg stopped with it) is taken again by
 * another worker once the lease runs out, and finishes: the segments are written once.
 */
describe('a segment detection abandoned by its worker', () => {
  let server: TestServer;

  beforeAll(async () => {
    // The API does not work jobs itself: workers started by the test do.
    server = await createTestServer({ env: { JOB_WORKER: 'false', JOB_LEASE_MS: '2000' } });
    await server.createUser(EDITOR);
  });
  afterAll(() => server?.close());

  it('is resumed by another worker and ends with the segments written once', async () => {
    const editor = await server.loggedIn(EDITOR.email);
    // An hour of MP3: passages of 50 s every minute, long enough to be caught scanning.
    const long = await passagesFile(path.join(tmp, 'long.mp3'), 3600, {
      period: 60,
      on: 50,
      rate: 8000,
    });
    const id = await recordWithParts(editor, [long]);
    const queued = await editor.post(`/api/records/${id}/segments/detect`, {});
    expect(queued.statusCode, queued.body).toBe(202);
    const jobId: string = queued.json().job_id;
    const status = async () => (await editor.get(`/api/records/${id}/segments/detect`)).json();

    const first = await server.startWorker();
    for (let i = 0; ; i += 1) {
      const now = await status();
      // Running is enough: a quiet machine scans the hour before it reports any progress.
      if (now.status === 'running') break;
      expect(now.status, JSON.stringify(now)).not.toBe('done');
      if (i > 3000) throw new Error('the detection never started');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // The worker gives the job up as a dying one would: its lease left to run out.
    await (first.ctx.jobs as unknown as { abandon(): Promise<void> }).abandon();
    await first.close();
    expect((await status()).status).toBe('running');
    expect((await editor.get(`/api/records/${id}/segments`)).json().data).toEqual([]);

    const second = await server.startWorker();
    try {
      for (let i = 0; (await status()).status !== 'done'; i += 1) {
        if (i > 1200) throw new Error(`not done: ${JSON.stringify(await status())}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await second.close();
    }
    expect((await server.ctx.jobs.status(jobId))?.attempts).toBe(2);
    const segments: RecordSegment[] = (await editor.get(`/api/records/${id}/segments`)).json().data;
    expect(startsOf(segments)).toEqual(Array.from({ length: 60 }, (_, i) => i * 60));
  }, 180_000);
});

/** Segments travel in the portable backup, and are searched again once restored. */
describe('segments in a backup', () => {
  let server: TestServer;
  let target: TestServer | undefined;

  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser(EDITOR);
  });
  afterAll(async () => {
    await target?.close();
    await server?.close();
  });

  it('are restored with their people, keywords and search', async () => {
    const editor = await server.loggedIn(EDITOR.email);
    const person = await editor.post('/api/participants', { name: 'Rosa Bianchi' });
    expect(person.statusCode, person.body).toBe(201);
    const personId: number = person.json().participant.id;
    const id = await recordWithParts(editor, [], {
      rawtranscription: '[00:00:00] Bonjour. [00:01:00] La traversée vers Camogli.',
    });
    const made = await editor.post(`/api/records/${id}/segments/from-time-codes`);
    const [, crossing] = made.json().data as RecordSegment[];
    await editor.patch(`/api/record-segments/${crossing!.id}`, {
      keywords: ['bateau'],
      participants: [personId],
      synopsis: 'Le départ de Gênes',
    });
    const before = (await editor.get(`/api/records/${id}/segments`)).json().data;

    const file = path.join(tmp, 'backup.tar');
    const { manifest } = await writeBackup(server.ctx, (body) =>
      pipeline(body, fs.createWriteStream(file)),
    );
    expect(manifest.tables.record_segments?.rows).toBe(2);
    expect(manifest.tables.record_segment_people?.rows).toBe(1);
    expect(manifest.tables.record_segment_jobs).toBeUndefined();

    target = await createTestServer();
    await restoreBackup(target.ctx, {
      size: fs.statSync(file).size,
      open: () => fs.createReadStream(file),
    });
    const restored = await target.loggedIn(EDITOR.email);
    expect((await restored.get(`/api/records/${id}/segments`)).json().data).toEqual(before);
    const found = (await restored.get('/api/records?query=depart%20genes')).json();
    expect(
      found.data.map((r: { id: number; segment?: { start: number } }) => [r.id, r.segment?.start]),
    ).toEqual([[id, 60]]);
  });

  it('follow a merge of participants', async () => {
    const editor = await server.loggedIn(EDITOR.email);
    const ids: number[] = [];
    for (const name of ['Nonna', 'Nonna Rosa']) {
      ids.push((await editor.post('/api/participants', { name })).json().participant.id);
    }
    const id = await recordWithParts(editor, [], { rawtranscription: '[00:00:00] Ciao.' });
    const [segment] = (await editor.post(`/api/records/${id}/segments/from-time-codes`)).json()
      .data as RecordSegment[];
    await editor.patch(`/api/record-segments/${segment!.id}`, { participants: [ids[0]] });
    const merged = await editor.post('/api/participants/merge', {
      participants: ids,
      participantToKeep: ids[1],
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const after = (await editor.get(`/api/records/${id}/segments`)).json().data as RecordSegment[];
    expect(after[0]!.participants).toEqual([{ id: ids[1], name: 'Nonna Rosa' }]);
  });
});
