import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/server.js';
import { removeMp3Leftovers } from '../records/index.js';
import { removeBackupLeftovers } from './jobs.js';
import { backupTarget, storeBackup } from './service.js';
import { writeBackup } from './write.js';

// A temporary folder of this file's own: the check looks at the system's, shared with others.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-leftovers-'));
const systemTmp = path.join(tmp, 'system-tmp');
fs.mkdirSync(systemTmp);
const previousTmp = process.env.TMPDIR;
process.env.TMPDIR = systemTmp;

/** A file (and its folders) last written `minutesAgo`. */
function leftBehind(file: string, minutesAgo: number, folder = false) {
  fs.mkdirSync(folder ? file : path.dirname(file), { recursive: true });
  if (folder) fs.writeFileSync(path.join(file, 'part-0'), 'a copy of a record’s audio');
  else fs.writeFileSync(file, 'half a file');
  const then = new Date(Date.now() - minutesAgo * 60_000);
  fs.utimesSync(file, then, then);
}

describe('what a process killed mid-backup or mid-MP3 leaves behind', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer({
      env: { DATA_DIR: path.join(tmp, 'data'), STORAGE: 'local', JOB_LEASE_MS: '60000' },
    });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    if (previousTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmp;
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('is removed by the storage check once idle longer than a job lease, fresh work kept', async () => {
    const backups = server.config.backups.dir;
    const mp3s = path.join(server.config.dataDir, 'records-mp3');
    // Ten minutes idle: far past a lease, far from the day a bucket's uploads are given.
    const stale = [
      path.join(backups, 'kinfolio-backup-2026-01-01.tar.0b9e.part'),
      path.join(mp3s, 'record-3-abc.mp3.77aa.part'),
    ];
    const staleFolders = [
      path.join(systemTmp, 'kinfolio-tmp-backup-AbC123'),
      path.join(systemTmp, 'kinfolio-tmp-mp3-XyZ789'),
    ];
    for (const file of stale) leftBehind(file, 10);
    for (const folder of staleFolders) leftBehind(folder, 10, true);
    // Written a moment ago: another process's work in progress.
    const fresh = path.join(backups, 'kinfolio-backup-now.tar.1c2d.part');
    const freshFolder = path.join(systemTmp, 'kinfolio-tmp-mp3-Fresh1');
    leftBehind(fresh, 0);
    leftBehind(freshFolder, 0, true);
    // Not ours: left alone whatever its age.
    const foreign = path.join(systemTmp, 'kinfolio-backup-api-Other1');
    leftBehind(foreign, 10, true);

    await removeBackupLeftovers(server.ctx);
    await removeMp3Leftovers(server.ctx);

    for (const gone of [...stale, ...staleFolders]) expect(fs.existsSync(gone), gone).toBe(false);
    for (const kept of [fresh, freshFolder, foreign]) expect(fs.existsSync(kept), kept).toBe(true);
    fs.rmSync(fresh);

    // The next backup does not trip on anything, and is the only one there.
    const name = 'kinfolio-backup-next.tar';
    await writeBackup(backupTarget(server.ctx), storeBackup(server.ctx.storage, name));
    const listed: string[] = [];
    for await (const object of server.ctx.storage.backups.list()) listed.push(object.key);
    expect(listed).toEqual([name]);
    expect(fs.readdirSync(backups)).toEqual([name]);
    // Its own temporary folder went with it.
    expect(fs.readdirSync(systemTmp).filter((n) => n.startsWith('kinfolio-tmp-backup-'))).toEqual(
      [],
    );
  });
});
