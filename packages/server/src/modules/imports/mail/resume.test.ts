import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/server.js';
import { runImport } from '../job.js';
import { emptyReport, importsDb, parseReport } from '../repository.js';
import { mbox, message } from './test-fixtures.js';

/** A mail import stopped between two messages (its worker aborted) and run again. */
describe('a resumed mail import', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('resumes an interrupted import: the mails it committed are its own, none twice', async () => {
    const mails = [1, 2, 3].map((n) =>
      message({
        headers: {
          From: 'paul@example.com',
          Subject: `Resume ${n}`,
          'Message-ID': `<resume-${n}@example.com>`,
        },
        text: `letter ${n}`,
        attachments: [{ name: `n${n}.txt`, type: 'text/plain', data: Buffer.from(`n${n}`) }],
      }),
    );
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-mail-resume-'));
    const file = path.join(tmp, 'Resume.mbox');
    fs.writeFileSync(file, mbox(mails));
    const row = await importsDb(server.ctx.db)
      .insertInto('imports')
      .values({
        source_kind: null,
        origin: 'path',
        file_name: 'Resume.mbox',
        storage_key: null,
        source_path: file,
        size: null,
        received: 0,
        status: 'queued',
        options: JSON.stringify({}),
        report: JSON.stringify(emptyReport()),
        job_id: null,
        created_by: null,
        created_at: new Date().toISOString(),
        finished_at: null,
        undone_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stop = new AbortController();
    const put = server.ctx.storage.files.put.bind(server.ctx.storage.files);
    let puts = 0;
    const spy = vi.spyOn(server.ctx.storage.files, 'put').mockImplementation((...args) => {
      // The second mail's attachment: that mail commits, the worker stops before the third.
      puts += 1;
      if (puts === 2) stop.abort();
      return put(...args);
    });
    try {
      await expect(runImport(server.ctx, row.id, undefined, stop.signal)).rejects.toThrow();
    } finally {
      spy.mockRestore();
    }
    const titles = async () =>
      (
        await server.ctx.db
          .selectFrom('items')
          .select('title')
          .where('title', 'like', 'Resume %')
          .orderBy('title')
          .execute()
      ).map((item) => item.title);
    expect(await titles()).toEqual(['Resume 1', 'Resume 2']);
    await runImport(server.ctx, row.id);
    fs.rmSync(tmp, { recursive: true, force: true });
    expect(await titles()).toEqual(['Resume 1', 'Resume 2', 'Resume 3']);
    const done = await importsDb(server.ctx.db)
      .selectFrom('imports')
      .select(['status', 'report'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(done.status).toBe('done');
    const resumed = parseReport(done);
    expect(resumed.counts).toEqual({ created: 3, existing: 0, near_duplicates: 0, skipped: 0 });
    expect(resumed.created.mail).toHaveLength(3);
  });
});
