import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routePath, type ExportInfo } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../../test/archives.js';
import type { TestClient } from '../../test/client.js';
import { sineFile } from '../../test/audio.js';
import { ADMIN, createTestServer, type TestServer } from '../../test/server.js';
import { uploadFile } from '../../test/uploads.js';

/**
 * The readable HTML export carries the archive's recordings: a page each with its details, its
 * audio parts, its index of segments with their transcripts, and its whole transcript; trashed
 * records stay out, and every text is escaped.
 */
describe('exports: recordings in the HTML export', () => {
  let server: TestServer;
  let tmp: string;
  let admin: TestClient;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-html-records-'));
    server = await createTestServer({ env: { DATA_DIR: tmp, JOB_POLL_MS: '50' } });
    await server.createAdmin();
    admin = await server.loggedIn(ADMIN.email, ADMIN.password);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** A record made through the API, with these audio files as its parts. */
  async function recordWithParts(files: string[], fields: Record<string, unknown>) {
    const created = await admin.post('/api/records', { lang: 'fr', ...fields });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json().record as { id: number }).id;
    for (const file of files) {
      const data = fs.readFileSync(file);
      const uploaded = await uploadFile(admin, {
        name: path.basename(file),
        type: 'audio/mpeg',
        data,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const attached = await admin.patch(routePath('addFilepond'), {
        newmedias: [uploaded.body],
        modelId: id,
        modelType: 'record',
      });
      expect(attached.statusCode, attached.body).toBe(200);
    }
    return id;
  }

  async function exportedHtml(): Promise<Map<string, Buffer>> {
    const started = await admin.post('/api/exports', {
      scope: 'type',
      type: 'post',
      format: 'html',
    });
    expect(started.statusCode, started.body).toBe(202);
    let info = started.json().export as ExportInfo;
    const deadline = Date.now() + 30_000;
    while (info.status === 'queued' || info.status === 'running') {
      if (Date.now() > deadline) throw new Error(`export ${info.id} did not finish`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      info = (await admin.get(`/api/exports/${info.id}`)).json() as ExportInfo;
    }
    expect(info.status, info.error ?? '').toBe('done');
    return readZip((await admin.get(info.url!)).rawPayload);
  }

  it('writes a page per live recording with its segments and transcript', async () => {
    const tone = await sineFile(path.join(tmp, 'tone.mp3'), 2, 440);
    const person = await admin.post('/api/participants', { name: 'Rosa <Bianchi>' });
    expect(person.statusCode, person.body).toBe(201);
    const personId: number = person.json().participant?.id ?? person.json().id;
    const id = await recordWithParts([tone], {
      title: '<script>alert(1)</script> Nonna',
      summary: 'Souvenirs de Gênes',
      rawtranscription: '[00:00:00] Bonjour. [00:01:00] Le bateau partait de Gênes.',
    });
    const made = await admin.post(`/api/records/${id}/segments/from-time-codes`, {});
    expect(made.json().created).toBe(2);
    const second = made.json().data[1].id as number;
    const titled = await admin.patch(`/api/record-segments/${second}`, {
      title: 'La traversée en bateau',
      synopsis: 'Le départ, la mer.',
      keywords: ['bateau', 'Gênes'],
      participants: [personId],
    });
    expect(titled.statusCode, titled.body).toBe(200);
    const trashed = await recordWithParts([], { title: 'Cassette jetée' });
    expect((await admin.delete(`/api/records/${trashed}`)).statusCode).toBe(200);

    const zip = await exportedHtml();
    expect([...zip.keys()]).toContain(`records/${id}.html`);
    expect([...zip.keys()]).not.toContain(`records/${trashed}.html`);
    const audio = [...zip.keys()].find((name) => /^files\/\d+-tone\.mp3$/.test(name));
    expect(audio).toBeDefined();

    const index = zip.get('index.html')!.toString('utf8');
    expect(index).toContain(`href="records/${id}.html"`);
    expect(index).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Nonna');
    expect(index).not.toContain('Cassette jetée');
    expect(index).not.toMatch(/<script/i);

    const page = zip.get(`records/${id}.html`)!.toString('utf8');
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain(`<audio controls preload="none" src="../${audio!}"`);
    expect(page).toContain('00:01:00</span> La traversée en bateau');
    expect(page).toContain('Le départ, la mer.');
    expect(page).toContain('bateau, Gênes');
    expect(page).toContain('Rosa &lt;Bianchi&gt;');
    // Each segment's own transcript, and the record's whole one.
    expect(page).toContain('<div class="text" dir="auto">Le bateau partait de Gênes.</div>');
    expect(page).toContain('[00:00:00] Bonjour. [00:01:00] Le bateau partait de Gênes.');
    expect(page).toContain('Souvenirs de Gênes');
  });
});
