import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../test/database.js';
import {
  listeningUrl,
  processArchive,
  startKinfolio,
  type KinfolioProcess,
} from '../test/process.js';

/**
 * On SQLite one process serves (or works jobs on) a database: a second `serve` or a `worker`
 * beside it is refused with a clear message, the CLI's one-shot commands still run, and a server
 * killed with SIGKILL leaves nothing that stops the next one.
 */
describe.skipIf(testDialect() !== 'sqlite')('the SQLite instance lock', () => {
  let archive: Awaited<ReturnType<typeof processArchive>>;
  const running: KinfolioProcess[] = [];
  const start = (args: string[], env: Record<string, string> = {}) => {
    const p = startKinfolio(args, archive, env);
    running.push(p);
    return p;
  };
  const refusal =
    /another Kinfolio server or worker is using .*kinfolio\.sqlite; on SQLite run one process \(jobs run inside it\), or use PostgreSQL for several/;

  beforeAll(async () => {
    archive = await processArchive();
  });
  afterAll(async () => {
    for (const p of running) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await Promise.all(running.map((p) => p.exited));
    await archive.remove();
  });

  it('refuses a second server or a worker, lets one-shot commands run, survives kill -9', async () => {
    const first = start(['serve']);
    const url = await listeningUrl(first);

    // Each command is a process of its own, started side by side.
    const second = start(['serve']);
    const worker = start(['worker']);
    const migrate = start(['migrate']);
    const backup = start(['backup', '--out', path.join(archive.dataDir, 'while-serving.tar')]);
    expect(await second.exited).toBe(2);
    expect(second.output()).toMatch(refusal);
    expect(await worker.exited).toBe(2);
    expect(worker.output()).toMatch(refusal);
    expect(await migrate.exited, migrate.output()).toBe(0);
    expect(await backup.exited, backup.output()).toBe(0);
    expect(backup.output()).toContain('Backup written');
    // The first server never noticed.
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    const next = start(['serve']);
    const nextUrl = await listeningUrl(next);
    expect((await fetch(`${nextUrl}/readyz`)).status).toBe(200);
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  }, 120_000);
});
