import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, loginViaUi } from '../support/app.js';
import { launchBrowser, newContext, snap, type Browser, type Page } from '../support/browser.js';
import { startKinfolio, type RunningServer } from '../support/server.js';

const ADMIN = { name: 'Admin', email: 'admin@example.com', password: 'e2e-admin-password' };
const PATH = '/admin/tabAdminParam/failedJobs';

const STACK = [
  'Error: ffmpeg exited with code 1: Invalid data found when processing input',
  '    at ChildProcess.<anonymous> (/srv/kinfolio/packages/server/src/modules/records/mp3.ts:88:19)',
  '    at ChildProcess.emit (node:events:518:28)',
  '    at Process.ChildProcess._handle.onexit (node:internal/child_process:293:12)',
].join('\n');

describe('failed jobs admin screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let db: SQLite.Database;

  /** Failures as a worker records them (the jobs are declared by the app: they can run again). */
  const recordFailures = () => {
    const insert = db.prepare(
      `insert into failed_jobs (job_id, queue, name, payload, error, attempts, failed_at)
       values (?, ?, ?, ?, ?, ?, ?)`,
    );
    insert.run(
      '41',
      'default',
      'auth.prune',
      'null',
      'Error: database is locked',
      3,
      '2026-11-20T08:15:00.000Z',
    );
    insert.run(
      '42',
      'default',
      'files.maintenance',
      '{"announce":true}',
      STACK,
      3,
      '2026-11-21T09:30:00.000Z',
    );
    insert.run(
      '43',
      'default',
      'files.maintenance',
      'null',
      'Error: EACCES: permission denied',
      2,
      '2026-11-22T10:45:00.000Z',
    );
  };
  const failedRows = () =>
    db.prepare('select id, name from failed_jobs order by id').all() as {
      id: number;
      name: string;
    }[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startKinfolio({
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ...(process.env.KINFOLIO_E2E_WEB_DIST
          ? { WEB_DIST: process.env.KINFOLIO_E2E_WEB_DIST }
          : {}),
      }),
      launchBrowser(),
    ]);
    db = new SQLite(path.join(server.dataDir, 'kinfolio.sqlite'));
    db.pragma('busy_timeout = 5000');
  });
  afterAll(async () => {
    db?.close();
    await browser?.close();
    await server?.stop();
  });

  const open = async (page: Page) => {
    await page.goto(PATH);
    await page.getByRole('heading', { level: 1, name: 'Site parameters' }).waitFor();
  };

  it('lists failures with their stack, light and dark, wide and narrow, without axe violations', async () => {
    recordFailures();
    for (const [scheme, width] of [
      ['light', 1440],
      ['dark', 375],
    ] as const) {
      const context = await newContext(browser, server.url, {
        locale: 'en-US',
        colorScheme: scheme,
        width,
        height: width < 600 ? 812 : 900,
        touch: width < 600,
      });
      // The interface's colour scheme is the account's choice.
      db.prepare(`update users set siteparams = json_set(siteparams, '$.darkMode', json(?))`).run(
        scheme === 'dark' ? 'true' : 'false',
      );
      const page = await context.newPage();
      await loginViaUi(page, ADMIN);
      await open(page);
      await expect.poll(() => page.getByText('3 failed jobs').isVisible()).toBe(true);
      await expect
        .poll(() => page.getByRole('tab', { name: 'Failed jobs', selected: true }).isVisible())
        .toBe(true);
      // The newest first; its stack shows on demand.
      const details = page.getByRole('button', { name: 'Show payload and stack' }).filter({
        visible: true,
      });
      await details.nth(1).click();
      await page.getByText('mp3.ts:88:19', { exact: false }).filter({ visible: true }).waitFor();
      await snap(page, `failed-jobs-${scheme}-${width}`);
      await expectNoSeriousA11yViolations(page, `failed jobs ${scheme} ${width}`);
      await context.close();
    }
  });

  it('retries one job (which then runs), deletes one and then all after confirmation', async () => {
    const context = await newContext(browser, server.url, { locale: 'en-US' });
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    await open(page);
    const before = failedRows();
    expect(before.length).toBeGreaterThanOrEqual(3);
    const jobsBefore = (db.prepare('select max(id) as id from jobs').get() as { id: number }).id;

    await page.getByRole('button', { name: 'Run auth.prune again' }).click();
    await page.getByText('The job has been queued again.').first().waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: 'Run auth.prune again' }).count())
      .toBe(0);
    expect(failedRows().map((r) => r.name)).not.toContain('auth.prune');
    // The queue ran it.
    await expect
      .poll(
        () =>
          db
            .prepare(`select state from jobs where id > ? and name = 'auth.prune'`)
            .all(jobsBefore)
            .map((r) => (r as { state: string }).state),
        { timeout: 10_000 },
      )
      .toEqual(['done']);
    // Said once: a second toast of the same words stacked over the tray's buttons and took
    // the click meant for "Delete all".
    expect(await page.getByText('The job has been queued again.').count()).toBe(1);

    const remove = page.getByRole('button', { name: 'Delete the failure of files.maintenance' });
    await remove.first().click();
    await page.getByRole('dialog', { name: 'Delete this failed job?' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(failedRows()).toHaveLength(before.length - 1);
    await remove.first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('The failed job has been deleted.').first().waitFor();
    expect(failedRows()).toHaveLength(before.length - 2);

    await page.getByRole('button', { name: 'Delete all', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete every failed job?' })
      .getByRole('button', { name: 'Delete all' })
      .click();
    await page.getByText('No background job has failed.').waitFor();
    expect(failedRows()).toEqual([]);
    await expect
      .poll(() => page.getByRole('button', { name: 'Retry all' }).isDisabled())
      .toBe(true);
    await context.close();
  });
});
