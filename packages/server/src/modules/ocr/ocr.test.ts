import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  buildPath,
  routes,
  type ExportInfo,
  type FileText,
  type OcrAdmin,
} from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import { localStorage, STORAGE_KINDS, type Storage } from '../../storage/index.js';
import { readZip } from '../../test/archives.js';
import type { TestClient } from '../../test/client.js';
import { createTestDatabase } from '../../test/database.js';
import { itemsApi } from '../../test/items-api.js';
import { ADMIN, createTestServer, type TestServer } from '../../test/server.js';
import { restoreBackup, writeBackup } from '../backups/index.js';
import { backfillTexts } from './read-job.js';
import { ocrDb } from './repository.js';
import { pageImage, photo, scannedPdf, textPdf, uploadScan } from './test-fixtures/scans.js';

const SETTLE_MS = 240_000;

const FRENCH = [
  'Ma chère Hélène,',
  'la moisson fut belle cette année',
  'à Bordeaux. Je t’embrasse.',
];
const GERMAN = ['Liebe Grete,', 'wir sind gut in Hamburg angekommen.', 'Herzliche Grüße, Vater'];
const PAGE_ONE = ['Première page du testament', 'de notre grand-père Marcel'];
const PAGE_TWO = ['Deuxième page signée', 'au notaire de Lyon'];

function jobContext(server: TestServer, stopAfter?: number) {
  const controller = new AbortController();
  let reports = 0;
  return {
    id: 'test',
    attempt: 1,
    log: server.app.log,
    signal: controller.signal,
    progress: async () => {
      reports += 1;
      if (stopAfter !== undefined && reports >= stopAfter) controller.abort();
    },
  };
}

const textOf = async (client: TestClient, fileId: number): Promise<FileText> => {
  const response = await client.get(buildPath(routes.fileText.path, { id: fileId }));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as FileText;
};

const search = async (client: TestClient, query: string) => {
  const response = await client.get(`${routes.searchAll.path}?query=${encodeURIComponent(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: { original_id: number; versions: { id: number; snippet?: string }[] }[];
  };
};

const texts = (server: TestServer) =>
  ocrDb(server.ctx.db).selectFrom('file_texts').selectAll().orderBy('file_id').execute();

describe('OCR of scans', { timeout: SETTLE_MS }, () => {
  let server: TestServer;
  let client: TestClient;
  const scans: Record<string, { fileId: number; itemId: number }> = {};

  beforeAll(async () => {
    server = await createTestServer({ env: { OCR: 'on' } });
    await server.createAdmin();
    client = await server.loggedIn(ADMIN.email, ADMIN.password);
    scans.french = await uploadScan(server, client, {
      name: 'lettre.png',
      type: 'image/png',
      data: await pageImage(FRENCH, 'png', 2),
      language: 'fr',
      title: 'Une lettre',
    });
    scans.german = await uploadScan(server, client, {
      name: 'brief.jpg',
      type: 'image/jpeg',
      data: await pageImage(GERMAN, 'jpeg', 90),
      language: 'de',
      title: 'Ein Brief',
    });
    scans.scanned = await uploadScan(server, client, {
      name: 'testament.pdf',
      type: 'application/pdf',
      data: scannedPdf([await pageImage(PAGE_ONE, 'png'), await pageImage(PAGE_TWO, 'png')]),
      language: 'fr',
      title: 'Testament',
    });
    scans.layered = await uploadScan(server, client, {
      name: 'acte.pdf',
      type: 'application/pdf',
      data: textPdf([['Acte de naissance de Josephine Dupuis', 'nee a Quimper en 1921']]),
      language: 'fr',
      title: 'Acte',
    });
    scans.photo = await uploadScan(server, client, {
      name: 'jardin.jpg',
      type: 'image/jpeg',
      data: await photo(),
      language: 'fr',
      title: 'Au jardin',
    });
    await server.jobsSettled(SETTLE_MS);
  }, SETTLE_MS);
  afterAll(() => server.close());

  it('reads a French letter (slightly skewed) with its confidence and word boxes', async () => {
    const text = await textOf(client, scans.french!.fileId);
    expect(text).toMatchObject({ status: 'done', language: 'fr', skipped: false, reason: null });
    expect(text.text).toMatch(/moisson/);
    expect(text.text).toMatch(/Bordeaux/);
    expect(text.confidence).toBeGreaterThan(70);
    expect(text.pages).toHaveLength(1);
    const word = text.pages[0]!.words.find((w) => w.text.startsWith('moisson'));
    expect(word?.box.x).toBeGreaterThan(0);
    expect(word!.box.x + word!.box.width).toBeLessThanOrEqual(1);
  });

  it('reads a German letter photographed sideways, turned upright', async () => {
    const text = await textOf(client, scans.german!.fileId);
    expect(text).toMatchObject({ status: 'done', language: 'de', skipped: false });
    expect(text.text).toMatch(/Hamburg/);
    expect(text.text).toMatch(/Grüße/);
    expect(text.pages[0]!.rotation).not.toBe(0);
  });

  it('reads a two-page scanned PDF page by page, and a PDF with a text layer directly', async () => {
    const scanned = await textOf(client, scans.scanned!.fileId);
    expect(scanned.status).toBe('done');
    expect(scanned.pages.map((p) => [p.page, p.source])).toEqual([
      [1, 'ocr'],
      [2, 'ocr'],
    ]);
    expect(scanned.pages[0]!.text).toMatch(/testament/);
    expect(scanned.pages[1]!.text).toMatch(/notaire/);
    const layered = await textOf(client, scans.layered!.fileId);
    expect(layered).toMatchObject({ status: 'done', confidence: 100 });
    expect(layered.pages[0]!.source).toBe('pdf_text');
    expect(layered.text).toMatch(/Quimper/);
  });

  it('skips a photo with no writing, and says why', async () => {
    const text = await textOf(client, scans.photo!.fileId);
    expect(text.status).toBe('done');
    expect(text.skipped).toBe(true);
    expect(['empty', 'low_confidence']).toContain(text.reason);
    expect(text.text).toBe('');
  });

  it('finds the items by words of their scans, with a snippet from the scan', async () => {
    const hamburg = await search(client, 'Hamburg');
    expect(hamburg.data.map((g) => g.original_id)).toEqual([scans.german!.itemId]);
    expect(hamburg.data[0]!.versions[0]!.snippet).toContain('<mark>Hamburg</mark>');
    const notaire = await search(client, 'notaire');
    expect(notaire.data.map((g) => g.original_id)).toEqual([scans.scanned!.itemId]);
    const quimper = await search(client, 'quimper');
    expect(quimper.data.map((g) => g.original_id)).toEqual([scans.layered!.itemId]);
    // The per-type search of media too.
    const media = await itemsApi(client, 'media').list('search', { query: 'moisson' });
    expect(media.data.map((r) => r.id)).toEqual([scans.french!.itemId]);
    expect(media.data[0]!.snippet).toContain('<mark>moisson</mark>');
  });

  it('keeps a correction, with the text it replaced as a revision, and searches it', async () => {
    const url = buildPath(routes.fileTextUpdate.path, { id: scans.french!.fileId });
    const before = await textOf(client, scans.french!.fileId);
    const saved = await client.patch(url, {
      text: 'Ma chère Hélène, la moisson fut belle à Libourne.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await textOf(client, scans.french!.fileId);
    expect(after).toMatchObject({ edited: true, revisions_count: 1, status: 'done' });
    expect(after.text).toContain('Libourne');
    // What was read stays in the pages.
    expect(after.pages[0]!.text).toMatch(/Bordeaux/);
    const revisions = await client.get(
      buildPath(routes.fileTextRevisions.path, { id: scans.french!.fileId }),
    );
    expect(revisions.json()).toMatchObject({
      data: [{ text: before.text, user_name: expect.any(String) }],
    });
    expect((await search(client, 'Libourne')).data.map((g) => g.original_id)).toEqual([
      scans.french!.itemId,
    ]);
    expect((await search(client, 'Bordeaux')).data).toEqual([]);
    // The same text again changes nothing; bad bodies are 422 and change nothing.
    await client.patch(url, { text: 'Ma chère Hélène, la moisson fut belle à Libourne.' });
    expect((await textOf(client, scans.french!.fileId)).revisions_count).toBe(1);
    expect((await client.patch(url, { text: 42 })).statusCode).toBe(422);
    expect((await client.patch(url, { text: 'x'.repeat(200_001) })).statusCode).toBe(422);
  });

  it('answers 404 for files that are no scan, and refuses readers without the right', async () => {
    expect((await client.get(buildPath(routes.fileText.path, { id: 999_999 }))).statusCode).toBe(
      404,
    );
    await server.createUser({ email: 'reader@example.test', permissions: [] });
    const reader = await server.loggedIn('reader@example.test', 'user-password-1');
    expect(
      (await reader.get(buildPath(routes.fileText.path, { id: scans.german!.fileId }))).statusCode,
    ).toBe(200);
    const refused = await reader.patch(
      buildPath(routes.fileTextUpdate.path, { id: scans.german!.fileId }),
      { text: 'nope' },
    );
    expect(refused.statusCode).toBe(403);
    expect((await textOf(client, scans.german!.fileId)).text).toMatch(/Hamburg/);
  });

  it('takes a file moved to the deleted medias out of the search', async () => {
    const removed = await client.delete(
      buildPath(routes.fileDelete.path, { id: scans.layered!.fileId }),
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await search(client, 'quimper')).data).toEqual([]);
  });

  it(
    'backfills what was never read, resuming after the job was given up half-way',
    async () => {
      // Forget two readings, as if they were stored while OCR was off.
      const db = ocrDb(server.ctx.db);
      await db
        .deleteFrom('file_texts')
        .where('file_id', 'in', [scans.german!.fileId, scans.scanned!.fileId])
        .execute();
      expect((await textOf(client, scans.german!.fileId)).status).toBe('pending');
      const state = (await client.get(routes.ocrAdmin.path)).json() as OcrAdmin;
      expect(state.counts).toMatchObject({ pending: 2 });
      const first = await backfillTexts(server.ctx, jobContext(server, 1));
      expect(first.read).toBe(1);
      const second = await backfillTexts(server.ctx, jobContext(server));
      expect(second.read).toBe(1);
      expect((await backfillTexts(server.ctx, jobContext(server))).read).toBe(0);
      expect((await textOf(client, scans.german!.fileId)).text).toMatch(/Hamburg/);
      expect((await search(client, 'notaire')).data).toHaveLength(1);
    },
    SETTLE_MS,
  );

  it('keeps the texts and their revisions in a backup, searchable after a restore', async () => {
    let bytes = Buffer.alloc(0);
    await writeBackup(server.ctx, async (body) => {
      bytes = await buffer(body);
    });
    const target = await createTestDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-ocr-restore-'));
    try {
      await migrateToLatest(target.db);
      const storage = Object.fromEntries(
        STORAGE_KINDS.map((kind) => [kind, localStorage(path.join(dir, kind))]),
      ) as unknown as Storage;
      await restoreBackup(
        { db: target.db, dialect: server.ctx.dialect, storage },
        { size: bytes.length, open: () => Readable.from([bytes]) },
      );
      const columns = ['file_id', 'status', 'text', 'pages', 'edited'] as const;
      const before = await ocrDb(server.ctx.db)
        .selectFrom('file_texts')
        .select(columns)
        .orderBy('file_id')
        .execute();
      const after = await ocrDb(target.db)
        .selectFrom('file_texts')
        .select(columns)
        .orderBy('file_id')
        .execute();
      expect(after).toEqual(before);
      expect(
        await ocrDb(target.db).selectFrom('file_text_revisions').select('text').execute(),
      ).toHaveLength(1);
      const item = await target.db
        .selectFrom('items')
        .select('scan_text')
        .where('id', '=', scans.german!.itemId)
        .executeTakeFirstOrThrow();
      expect(item.scan_text).toMatch(/Hamburg/);
    } finally {
      await target.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('carries the text of scans in the HTML export, under each file', async () => {
    const started = await client.post('/api/exports', {
      scope: 'type',
      type: 'media',
      format: 'html',
    });
    expect(started.statusCode, started.body).toBe(202);
    let info = started.json().export as ExportInfo;
    const deadline = Date.now() + 60_000;
    while (info.status === 'queued' || info.status === 'running') {
      if (Date.now() > deadline) throw new Error('the export did not finish');
      await new Promise((resolve) => setTimeout(resolve, 100));
      info = (await client.get(`/api/exports/${info.id}`)).json() as ExportInfo;
    }
    expect(info.status, info.error ?? '').toBe('done');
    const zip = readZip((await client.get(info.url!)).rawPayload);
    const page = zip.get(`items/${scans.german!.itemId}.html`)!.toString('utf8');
    // Labelled in the exporting admin's language.
    expect(page).toContain('<details><summary>Text read from the scan</summary>');
    expect(page).toMatch(/<pre class="scan" dir="auto">[^<]*Hamburg/);
    const photoPage = zip.get(`items/${scans.photo!.itemId}.html`)!.toString('utf8');
    expect(photoPage).not.toContain('<pre class="scan"');
  });

  it('turned off: says `off` for scans never read, reads nothing new, 409 on backfill', async () => {
    const off = await client.patch(routes.ocrAdminUpdate.path, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    const later = await uploadScan(server, client, {
      name: 'later.png',
      type: 'image/png',
      data: await pageImage(['Une carte postale de Nice'], 'png'),
      language: 'fr',
    });
    await server.jobsSettled(SETTLE_MS);
    expect((await textOf(client, later.fileId)).status).toBe('off');
    expect((await textOf(client, scans.german!.fileId)).status).toBe('done');
    expect((await client.post(routes.ocrBackfill.path)).statusCode).toBe(409);
    expect((await texts(server)).map((t) => t.file_id)).not.toContain(later.fileId);
  });
});
