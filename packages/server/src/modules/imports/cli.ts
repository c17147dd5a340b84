import path from 'node:path';
import type { ImportOptions } from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import { translate } from '../../i18n/translate.js';
import { serverPathKind } from '../../storage/index.js';
import { importsDb, parseReport } from './repository.js';
import { startImport } from './service.js';

/** How often the command line reads the import's row for its progress. */
const POLL_MS = 300;

/** Why the command line cannot start an import (worded for the operator, in English). */
export class ImportCommandError extends Error {}

/**
 * `kinfolio import PATH [--as EMAIL]`: records the import of a server-side file or folder as an
 * admin's would be, works the imports queue in this process until it ends (printing its
 * progress), then prints its counts. Killed meanwhile, the import stays queued: a worker or the
 * server resumes it, and running the command again imports nothing twice.
 */
export async function importCommand(
  ctx: AppContext,
  input: { path: string; email?: string; options: ImportOptions; work: boolean },
  print: (line: string) => void,
): Promise<'done' | 'failed'> {
  const target = path.resolve(input.path);
  if (!(await serverPathKind(target))) {
    throw new ImportCommandError(`No file or folder at ${target}`);
  }
  let userId: number | null = null;
  if (input.email) {
    const user = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', input.email.trim().toLowerCase())
      .executeTakeFirst();
    if (!user) throw new ImportCommandError(`No user with the email ${input.email}`);
    userId = user.id;
  }
  const id = await startImport(
    ctx,
    { origin: 'path', path: target, fileName: path.basename(target) },
    input.options,
    userId,
  );
  print(`Import ${id} of ${target} queued.`);
  // Else (SQLite with a server running) the server works it: this follows its progress.
  if (input.work) await ctx.jobs.start({ queues: ['imports'] });
  else print('The running server imports it; following its progress.');
  let shown = -1;
  for (;;) {
    const row = await importsDb(ctx.db)
      .selectFrom('imports')
      .select(['status', 'progress', 'report', 'source_kind'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (row.progress !== shown && row.status !== 'queued') {
      shown = row.progress;
      print(`import ${row.progress}%`);
    }
    if (row.status === 'done' || row.status === 'failed') {
      const report = parseReport(row);
      const { created, existing, near_duplicates, skipped } = report.counts;
      print(
        `Import ${id} ${row.status}${row.source_kind ? ` (${row.source_kind.replaceAll(',', ', ')})` : ''}: ` +
          `${created} created, ${existing} already there, ${near_duplicates} near-duplicates, ` +
          `${skipped} skipped.`,
      );
      for (const entry of report.skipped) print(`  skipped ${entry.name}: ${entry.reason}`);
      for (const error of report.errors) print(`  ${translate('en', error.key, error.params)}`);
      return row.status;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
