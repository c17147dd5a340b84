import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { Queue } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { createAccount } from './auth/index.js';
import { loadConfig } from './config.js';
import { createContext, type AppContext } from './context.js';
import { connectDatabase } from './db/connect.js';
import { MAIL_JOB } from './mail/mailer.js';
import { TestClient } from './test/client.js';
import { createTestDatabase } from './test/database.js';
import { jobBackends, TEST_REDIS_URL } from './test/redis.js';

const backends = await jobBackends('context');

/** Settles once `probe` gives a truthy value, or fails after 10 s. */
async function until<T>(probe: () => Promise<T>): Promise<NonNullable<T>> {
  const end = Date.now() + 10_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function outbox(ctx: AppContext) {
  const mails: string[] = [];
  for await (const stored of ctx.storage.mail.list()) {
    mails.push(await text(ctx.storage.mail.get(stored.key)));
  }
  return mails;
}

describe.each(backends)('roles and mail through the job queue (%s)', (_label, backendEnv) => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  const configOf = (env: Record<string, string>) =>
    loadConfig({
      APP_URL: 'http://kinfolio.test',
      WEB_DIST: path.join(os.tmpdir(), 'kinfolio-no-web-build'),
      LOG_LEVEL: 'silent',
      JOB_POLL_MS: '50',
      ...backendEnv,
      ...env,
    });

  it('a JOB_WORKER=false server queues mail and works no job; a worker context delivers it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-roles-'));
    closers.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const database = await createTestDatabase();
    const web = await buildApp(configOf({ DATA_DIR: dataDir, JOB_WORKER: 'false' }), {
      database,
      logger: false,
    });
    closers.push(() => web.app.close());
    await web.app.ready();
    await createAccount(
      web.ctx.db,
      {
        name: 'Marie',
        email: 'marie@example.com',
        password: 'user-password-1',
        permissions: [],
        verified: true,
      },
      new Date(),
    );

    const asked = await new TestClient(web.app).post('/forgot-password', {
      email: 'marie@example.com',
    });
    expect(asked.statusCode).toBe(200);
    // Queued before the answer, and still only queued: nothing here works jobs, schedules included.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await outbox(web.ctx)).toEqual([]);
    if (web.ctx.jobs.backend === 'database') {
      const jobs = await web.ctx.db.selectFrom('jobs').select(['name', 'state']).execute();
      expect(jobs).toEqual([{ name: MAIL_JOB, state: 'queued' }]);
      expect(await web.ctx.db.selectFrom('job_schedules').selectAll().execute()).toEqual([]);
    } else {
      const queue = new Queue('default', {
        connection: { url: TEST_REDIS_URL },
        prefix: backendEnv.JOB_QUEUE_PREFIX!,
      });
      closers.push(() => queue.close());
      expect(await queue.getJobSchedulers()).toEqual([]);
    }

    // A worker: the context alone, on the same database and storage, no web server.
    const worker = await createContext(configOf({ DATA_DIR: dataDir }), {
      database: connectDatabase(database.location),
    });
    closers.push(() => worker.close());
    await worker.jobs.start();
    await web.ctx.mailer.flush();
    const [mail, ...others] = await until(async () => {
      const mails = await outbox(worker);
      return mails.length ? mails : undefined;
    });
    expect(others).toEqual([]);
    expect(mail).toContain('To: marie@example.com');
    expect(mail).toContain('http://kinfolio.test/user/password-reset/');
    if (worker.jobs.backend === 'database') {
      // The worker declared every module's schedules without any route being registered.
      const schedules = await worker.db.selectFrom('job_schedules').select('name').execute();
      expect(schedules.map((s) => s.name)).toEqual(
        expect.arrayContaining(['auth.prune', 'files.maintenance', 'trash.retention']),
      );
    }
  });

  it('a mail that keeps failing lands in the failed jobs, its links hidden', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-mail-'));
    closers.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    // Nothing listens on port 9 (discard) of the loopback: every attempt is refused.
    const ctx = await createContext(
      configOf({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:9' }),
      { database: await createTestDatabase(), mailRetries: { attempts: 2, backoffMs: 50 } },
    );
    closers.push(() => ctx.close());
    await ctx.jobs.start();
    const message = {
      to: 'lena@example.com',
      subject: 'Invitation',
      text: 'Hello,\nopen http://kinfolio.test/user/invitation/s3cr3t-t0k3n within 7 days.',
    };
    await ctx.mailer.queue(message);
    const failure = await until(async () => (await ctx.jobs.failed.list(1, 10)).rows[0]);
    expect(failure).toMatchObject({ name: MAIL_JOB, queue: 'mail', attempts: 2 });
    expect(failure.payload).toEqual({
      ...message,
      text: 'Hello,\nopen http://kinfolio.test/user/invitation/… within 7 days.',
    });
    expect(JSON.stringify(failure)).not.toContain('s3cr3t');
    expect(failure.error).toMatch(/ECONNREFUSED/);
    await ctx.mailer.flush();
    expect(await outbox(ctx)).toEqual([]);
  });

  it('without SMTP, writes the mail to the outbox storage; close() is once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-outbox-'));
    closers.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const ctx = await createContext(configOf({ DATA_DIR: dataDir }), {
      database: await createTestDatabase(),
    });
    await ctx.jobs.start();
    await ctx.mailer.queue({ to: 'ann@example.com', subject: 'Bonjour', text: 'Salut Ann' });
    await ctx.mailer.flush();
    const [stored] = await until(async () => {
      const keys: string[] = [];
      for await (const object of ctx.storage.mail.list()) keys.push(object.key);
      return keys.length ? keys : undefined;
    });
    expect(stored).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/);
    expect(fs.existsSync(path.join(dataDir, 'mail', stored!))).toBe(true);
    expect(await outbox(ctx)).toEqual([expect.stringContaining('Salut Ann')]);
    await Promise.all([ctx.close(), ctx.close()]);
  });
});
