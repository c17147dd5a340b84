import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../test/database.js';
import {
  processArchive,
  startKinfolio,
  startServer,
  stopProcess,
  type KinfolioProcess,
} from '../test/processes.js';

/**
 * On SQLite one process serves (or works jobs on) a database: a second `serve` or a `worker`
 * beside it is refused with a clear message, the CLI's one-shot commands still run, and a server
 * killed with SIGKILL leaves nothing that stops the next one.
 */
describe.skipIf(testDialect() !== 'sqlite')('the SQLite instance lock', () => {
  let archive: Awaited<ReturnType<typeof processArchive>>;
  const running: KinfolioProcess[] = [];
  const start = (args: string[]) => {
    const p = startKinfolio(args, archive.env);
    running.push(p);
    return p;
  };
  const serve = async () => {
    const p = await startServer(archive.env);
    running.push(p);
    return p;
  };
  const refusal =
    /another Kinfolio server or worker is using .*kinfolio\.sqlite; on SQLite run one process \(jobs run inside it\), or use PostgreSQL for several/;

  beforeAll(async () => {
    archive = await processArchive('instance-lock');
  });
  afterAll(async () => {
    await Promise.all(running.map((p) => stopProcess(p, 'SIGKILL')));
    await archive.remove();
  });

  it('refuses a second server or a worker, lets one-shot commands run, survives kill -9', async () => {
    const first = await serve();

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
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);

    await stopProcess(first, 'SIGKILL');
    expect(first.child.signalCode).toBe('SIGKILL');
    const next = await serve();
    expect((await fetch(`${next.url}/readyz`)).status).toBe(200);
    expect(await stopProcess(next)).toBe(0);
  }, 120_000);
});
