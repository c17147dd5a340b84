import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { importsDb, parseReport, type ImportRow } from './repository.js';

/**
 * After a backup's rows were restored: uploaded sources and jobs do not travel, so no import
 * keeps a storage key or a job, and one still under way when the backup was made (reading its
 * source, waiting on its preview, queued or running) ends failed, saying why. What the settled
 * ones imported stays known (import_identities): importing those sources again creates nothing.
 */
export async function settleRestoredImports(trx: Transaction<Database>): Promise<void> {
  const db = importsDb(trx);
  const unsettled = (await db
    .selectFrom('imports')
    .selectAll()
    .where('status', 'in', ['analysing', 'ready', 'queued', 'running'])
    .execute()) as ImportRow[];
  for (const row of unsettled) {
    const report = parseReport(row);
    report.errors.push({ key: 'imports.not_restored' });
    await db
      .updateTable('imports')
      .set({ status: 'failed', report: JSON.stringify(report), finished_at: row.created_at })
      .where('id', '=', row.id)
      .execute();
  }
  await db.updateTable('imports').set({ storage_key: null, job_id: null }).execute();
}
