import fs from 'node:fs';
import path from 'node:path';
import { routePath } from '@kinfolio/contract';
import type { AppContext } from '../../context.js';

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
 * The backups that are done and whose file is still in the backups folder, newest first: a row
 * whose file was removed by hand would only offer a download that answers 404.
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
    const file = path.join(ctx.config.backups.dir, path.basename(row.file_name));
    const stats = await fs.promises.stat(file).catch(() => undefined);
    if (!stats?.isFile()) continue;
    const id = Number(row.id);
    found.push({
      id,
      name: row.file_name,
      size: stats.size,
      date: row.finished_at ?? row.created_at,
      who: row.user_name ?? null,
      url: routePath('backupDownload', { params: { id } }),
    });
  }
  return found;
}
