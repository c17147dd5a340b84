import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { KyselyPlugin, PluginTransformResultArgs, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/server.js';
import { runImport } from '../job.js';
import { emptyReport, importsDb, parseReport } from '../repository.js';
import { mbox, message } from './test-fixtures.js';

/** Counts the reads of participants and tags by name (a round trip each on PostgreSQL). */
class LookupCounter implements KyselyPlugin {
  lookups = 0;
  transformQuery({ node }: { node: RootOperationNode }): RootOperationNode {
    const text = JSON.stringify(node);
    if (
      node.kind === 'SelectQueryNode' &&
      (text.includes('"name":"participants"') || text.includes('"name":"tags"'))
    ) {
      this.lookups += 1;
    }
    return node;
  }
  transformResult(args: PluginTransformResultArgs) {
    return Promise.resolve(args.result);
  }
}

describe('a mailbox of the same few people and labels', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('looks each person and label up once per batch, each mail linked to them', async () => {
    const mails = Array.from({ length: 12 }, (_, n) =>
      message({
        headers: {
          From: 'Rosa Lookup <rosa@lookup.example>',
          To: 'Ugo Lookup <ugo@lookup.example>, Ada Lookup <ada@lookup.example>',
          Subject: `Lookup ${n}`,
          Date: `Mon, ${String(n + 1).padStart(2, '0')} Mar 2003 10:00:00 +0000`,
          'Message-ID': `<lookup-${n}@lookup.example>`,
          'X-Gmail-Labels': 'Lookup famille,Lookup voyages',
        },
        text: `Lettre numéro ${n} de la famille, avec des nouvelles de la maison.`,
      }),
    );
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-mail-lookups-'));
    const file = path.join(tmp, 'Lookups.mbox');
    fs.writeFileSync(file, mbox(mails));
    const row = await importsDb(server.ctx.db)
      .insertInto('imports')
      .values({
        source_kind: null,
        origin: 'path',
        file_name: 'Lookups.mbox',
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
    const counter = new LookupCounter();
    try {
      await runImport({ ...server.ctx, db: server.ctx.db.withPlugin(counter) }, row.id);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    const done = await importsDb(server.ctx.db)
      .selectFrom('imports')
      .select(['status', 'report'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(done.status).toBe('done');
    const report = parseReport(done);
    expect(report.counts.created).toBe(12);
    // Three people and two labels: five lookups a batch (a slow machine may cut the twelve
    // mails into a few batches), where each mail looked them up again before (60).
    expect(counter.lookups).toBeGreaterThanOrEqual(5);
    expect(counter.lookups).toBeLessThanOrEqual(15);
    const links = await server.ctx.db
      .selectFrom('items')
      .innerJoin('item_participants as ip', 'ip.item_id', 'items.id')
      .innerJoin('participants as p', 'p.id', 'ip.participant_id')
      .select(['items.id', 'ip.role', 'p.name'])
      .where('items.id', 'in', report.created.mail!)
      .execute();
    expect(links).toHaveLength(36);
    expect(new Set(links.map((link) => `${link.role} ${link.name}`))).toEqual(
      new Set(['from Rosa Lookup', 'to Ugo Lookup', 'to Ada Lookup']),
    );
    const tags = await server.ctx.db
      .selectFrom('item_tags')
      .innerJoin('tags', 'tags.id', 'item_tags.tag_id')
      .select(['tags.id', 'tags.name_en', 'tags.name_fr'])
      .where('item_tags.item_id', 'in', report.created.mail!)
      .execute();
    expect(tags).toHaveLength(24);
    expect(new Set(tags.map((tag) => tag.id)).size).toBe(2);
    expect(report.created.tags).toHaveLength(2);
  });
});
