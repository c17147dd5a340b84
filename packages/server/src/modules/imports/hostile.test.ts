import { buildPath, routes, type Import } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { storedKeys } from '../../test/uploads.js';
import { makeZip, type ZipEntrySpec } from '../../test/zip-writer.js';
import { DEFAULT_ARCHIVE_LIMITS } from './archive.js';
import { setArchiveLimits } from './job.js';
import * as media from './test-fixtures/media.js';
import { imported as importedBy, mediaCount as countMedia } from './test-fixtures/requests.js';

/**
 * Sources that try to harm: refused as a whole with a clear reason in the reader's language, and
 * nothing of them written (no item, no stored byte).
 */
describe('imports of hostile sources', () => {
  let server: TestServer;
  let editor: TestClient;

  beforeAll(async () => {
    server = await createTestServer();
    ({ editor } = await server.editorAndReader());
  });
  afterAll(() => server.close());

  const imported = (name: string, data: Buffer) => importedBy(server, editor, name, data);
  const mediaCount = () => countMedia(server);

  const cases: [string, () => Promise<ZipEntrySpec[]>, string][] = [
    [
      'a zip bomb (a huge entry packed tiny)',
      async () => [{ name: 'zeros.jpg', data: Buffer.alloc(20 * 1024 * 1024) }],
      'zip bomb',
    ],
    [
      'an entry larger than it declares',
      async () => [
        { name: 'ok.jpg', data: await media.jpeg(50) },
        { name: 'liar.png', data: await media.png(51), declaredSize: 100 },
      ],
      'zip bomb',
    ],
    [
      'a path leaving the archive',
      async () => [
        { name: 'ok.jpg', data: await media.jpeg(52) },
        { name: '../../evil.jpg', data: await media.jpeg(53) },
      ],
      'a path leaving its folder',
    ],
    [
      'an absolute path',
      async () => [{ name: '/etc/evil.jpg', data: await media.jpeg(54) }],
      'a path leaving its folder',
    ],
    [
      'a symbolic link',
      async () => [
        { name: 'ok.jpg', data: await media.jpeg(55) },
        { name: 'link.jpg', data: Buffer.from('/etc/passwd'), symlink: true },
      ],
      'a link',
    ],
    [
      'an entry lying about its type',
      async () => [
        { name: 'ok.jpg', data: await media.jpeg(56) },
        { name: 'holiday.jpg', data: Buffer.from('<html><script>alert(1)</script></html>') },
      ],
      'not what its name says',
    ],
  ];

  it.each(cases)('%s', async (_label, entries, says) => {
    const before = await mediaCount();
    const files = (await storedKeys(server.ctx.storage.files)).length;
    const report = await imported('hostile.zip', makeZip(await entries()));
    expect(report.status).toBe('failed');
    expect(report.errors.join(' ')).toContain(says);
    expect(report.errors.join(' ')).toContain('Nothing was imported');
    expect(report.counts.created).toBe(0);
    expect(await mediaCount()).toBe(before);
    expect((await storedKeys(server.ctx.storage.files)).length).toBe(files);
  });

  it('refuses a zip unpacking to more than the total cap', async () => {
    setArchiveLimits({ ...DEFAULT_ARCHIVE_LIMITS, maxTotalBytes: 20 * 1024 });
    try {
      const report = await imported(
        'big.zip',
        makeZip([
          { name: 'a.png', data: await media.png(80, 256) },
          { name: 'b.png', data: await media.png(81, 256) },
        ]),
      );
      expect(report.status).toBe('failed');
      expect(report.errors).toEqual([
        'This archive unpacks to more than 20 KB. Nothing was imported.',
      ]);
    } finally {
      setArchiveLimits();
    }
  });

  it('says why in the reader’s language', async () => {
    const report = await imported(
      'hostile.zip',
      makeZip([{ name: '../evil.jpg', data: await media.jpeg(57) }]),
    );
    editor.language = 'fr';
    const shown = await editor.get(buildPath(routes.importStatus.path, { id: report.id }));
    editor.language = 'en';
    expect(shown.json<Import>().errors[0]).toContain('Rien n’a été importé');
  });

  it('refuses a file that is not a zip nor a picture', async () => {
    const report = await imported('notes.txt', Buffer.from('hello'));
    expect(report.status).toBe('failed');
    expect(report.errors[0]).toContain('Nothing Kinfolio can import');
  });
});
