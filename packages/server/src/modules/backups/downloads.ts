import { routePath } from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import { storedBackupNamed } from './service.js';

/** A written backup, for the admin's downloads list. */
export interface BackupDownload {
  id: number;
  name: string;
  size: number;
  /** When it was finished. */
  date: string;
  /** Who asked for it (null for the schedule and the command line). */
  who: string | null;
  url: string;
}

/**
 * The backups that are done and whose bytes are still in the backups storage, newest first: a
 * row whose file was removed by hand would only offer a download that answers 404.
 */
export async function listBackupDownloads(ctx: AppContext): Promise<BackupDownload[]> {
  const rows = await ctx.db
    .selectFrom('backups')
    .leftJoin('users', 'users.id', 'backups.created_by')
    .select([
      'backups.id',
      'backups.file_name',
      'backups.created_at',
      'backups.finished_at',
      'users.name as user_name',
    ])
    .where('backups.status', '=', 'done')
    .orderBy('backups.created_at', 'desc')
    .orderBy('backups.id', 'desc')
    .execute();
  const found: BackupDownload[] = [];
  for (const row of rows) {
    const stored = await storedBackupNamed(ctx.storage, row.file_name);
    if (!stored) continue;
    const id = Number(row.id);
    found.push({
      id,
      name: row.file_name,
      size: stored.size,
      date: row.finished_at ?? row.created_at,
      who: row.user_name ?? null,
      url: routePath('backupDownload', { params: { id } }),
    });
  }
  return found;
}
