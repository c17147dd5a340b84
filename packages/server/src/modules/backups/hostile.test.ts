import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routes } from '@kinfolio/contract';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/seed.js';
import { STORAGE_KINDS } from '../../storage/storage.js';
import type { TestClient } from '../../test/client.js';
import { ADMIN, createTestServer, type TestServer } from '../../test/server.js';
import { multipartBody } from '../../test/uploads.js';
import { MANIFEST_ENTRY, type BackupManifest } from './format.js';
import { backupTarget } from './service.js';
import { writeBackup } from './write.js';

/** One entry of a tar as the tests rebuild them. */
interface TarEntry {
  header: Partial<tar.Header> & { name: string };
  body: Buffer;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function entriesOf(bytes: Buffer): Promise<TarEntry[]> {
  const extract = tar.extract();
  const entries: TarEntry[] = [];
  const done = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      entries.push({ header: entry.header, body: Buffer.concat(chunks) });
    }
  })();
  extract.end(bytes);
  await done;
  return entries;
}

async function packed(entries: TarEntry[]): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const read = (async () => {
    for await (const chunk of pack) chunks.push(chunk as Buffer);
  })();
  for (const { header, body } of entries) {
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error | null) => (error ? reject(error) : resolve());
      if (header.type === 'file') pack.entry(header, body, done);
      else pack.entry(header, done).end(Buffer.alloc(0));
    });
  }
  pack.finalize();
  await read;
  return Buffer.concat(chunks);
}

/**
 * The backup with its manifest rewritten by `change`, and every entry the manifest names (the
 * added ones too) given its true size and checksum: only what the test means to lie about lies.
 */
async function tampered(
  source: Buffer,
  change: (entries: TarEntry[], manifest: BackupManifest) => void,
): Promise<Buffer> {
  const entries = await entriesOf(source);
  const manifest = JSON.parse(entries.pop()!.body.toString('utf8')) as BackupManifest;
  change(entries, manifest);
  manifest.entries = entries.map(({ header, body }) => ({
    name: header.name,
    size: body.length,
    sha256: sha256(body),
  }));
  const body = Buffer.from(JSON.stringify(manifest));
  entries.push({ header: { name: MANIFEST_ENTRY, size: body.length, type: 'file' }, body });
  return packed(entries);
}

/** Every file under `dir`, as relative paths. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('restoring a hostile backup file', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-backup-hostile-'));
  const targetDir = path.join(tmp, 'target');
  let source: TestServer;
  let target: TestServer;
  let admin: TestClient;
  let genuine: Buffer;

  beforeAll(async () => {
    source = await createTestServer({ env: { DATA_DIR: path.join(tmp, 'source') } });
    await seedDemo(source.ctx, { size: 6, seed: 3, audio: source.ctx.storage.files });
    const chunks: Buffer[] = [];
    await writeBackup(backupTarget(source.ctx), async (body) => {
      for await (const chunk of body) chunks.push(chunk as Buffer);
    });
    genuine = Buffer.concat(chunks);
    target = await createTestServer({ env: { DATA_DIR: targetDir, STORAGE: 'local' } });
    await target.createAdmin();
    admin = await target.loggedIn(ADMIN.email, ADMIN.password);
  }, 60_000);

  afterAll(async () => {
    await source?.close();
    await target?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const upload = (data: Buffer) => {
    const { payload, contentType } = multipartBody(
      { name: 'backup.tar', type: 'application/x-tar', data },
      'backup',
    );
    return admin.sendRaw('POST', routes.backupRestore.path, payload, {
      'content-type': contentType,
    });
  };

  /** What a refused restore must leave as it was: the rows, every stored byte, every file. */
  async function archiveState() {
    const stored: Record<string, string[]> = {};
    for (const kind of STORAGE_KINDS) {
      stored[kind] = [];
      for await (const object of target.ctx.storage[kind].list()) stored[kind].push(object.key);
      stored[kind].sort();
    }
    const db = target.ctx.db;
    return {
      users: await db.selectFrom('users').select(['id', 'email']).orderBy('id').execute(),
      items: await db.selectFrom('items').select('id').execute(),
      records: await db.selectFrom('records').select('id').execute(),
      files: await db.selectFrom('files').select('id').execute(),
      stored,
      // Nothing anywhere near the archive's folders: not beside them, not above them.
      onDisk: filesUnder(tmp).filter((file) => !file.startsWith('source')),
    };
  }

  async function refused(data: Buffer, language: string, message: RegExp) {
    const before = await archiveState();
    admin.language = language;
    const response = await upload(data);
    admin.language = 'en';
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect(await archiveState()).toEqual(before);
  }

  it('refuses an entry whose path climbs out of its folder, in the reader’s language', async () => {
    const escaping = await tampered(genuine, (entries) => {
      entries.splice(1, 0, {
        header: { name: 'files/../../escaped', size: 7, type: 'file', mode: 0o644 },
        body: Buffer.from('escaped'),
      });
    });
    await refused(escaping, 'fr', /contient une entrée que Kinfolio n’écrit jamais/);
    const climbing = await tampered(genuine, (entries) => {
      entries.push({
        header: { name: 'data/../../../escaped.jsonl', size: 3, type: 'file', mode: 0o644 },
        body: Buffer.from('{}\n'),
      });
    });
    await refused(climbing, 'it', /una voce che Kinfolio non scrive mai/);
  });

  it('refuses symbolic and hard links instead of restoring them as empty files', async () => {
    const file = (await entriesOf(genuine)).find((e) => e.header.name.startsWith('files/'))!;
    expect(file).toBeDefined();
    for (const type of ['symlink', 'link'] as const) {
      const linked = await tampered(genuine, (entries) => {
        const at = entries.findIndex((e) => e.header.name === file.header.name);
        entries[at] = {
          header: { name: file.header.name, type, linkname: '/etc/passwd', size: 0 },
          body: Buffer.alloc(0),
        };
      });
      await refused(linked, 'de', /einen Eintrag, den Kinfolio nie schreibt/);
    }
  });

  it('refuses a manifest whose counts do not match the data, as damaged', async () => {
    const entries = await entriesOf(genuine);
    const items = entries.find((e) => e.header.name === 'data/items.jsonl')!;
    const lines = items.body.toString('utf8').trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    // One row fewer than the manifest counts (checksums made to match).
    const fewer = await tampered(genuine, (all) => {
      const entry = all.find((e) => e.header.name === 'data/items.jsonl')!;
      entry.body = Buffer.from(`${lines.slice(0, -1).join('\n')}\n`);
      entry.header = { ...entry.header, size: entry.body.length };
    });
    await refused(fewer, 'de', /beschädigt/);
    // A count raised with the data untouched.
    const more = await tampered(genuine, (_all, manifest) => {
      manifest.tables.tags!.rows += 1;
    });
    await refused(more, 'en', /damaged/);
    // Files the manifest does not count.
    const files = await tampered(genuine, (_all, manifest) => {
      manifest.files.count += 2;
    });
    await refused(files, 'fr', /endommagée/);
    // A table the manifest names without its data.
    const missing = await tampered(genuine, (all) => {
      all.splice(
        all.findIndex((e) => e.header.name === 'data/tags.jsonl'),
        1,
      );
    });
    await refused(missing, 'it', /danneggiato/);
  });

  it('still restores the genuine file afterwards', async () => {
    const response = await upload(genuine);
    expect(response.statusCode).toBe(200);
    expect((await target.ctx.db.selectFrom('items').select('id').execute()).length).toBe(
      (await source.ctx.db.selectFrom('items').select('id').execute()).length,
    );
  });
});
