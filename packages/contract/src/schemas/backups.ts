import { z } from 'zod';
import { integerField } from './common.js';

/** Where a backup stands: written by a job (`running`, with its progress), then done or failed. */
export const BACKUP_STATUSES = ['running', 'done', 'failed'] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];

/** Who started it: an admin on the backup screen, the schedule, or the command line. */
export const BACKUP_ORIGINS = ['manual', 'scheduled', 'cli'] as const;

export const backupCountsSchema = z.object({
  /** Rows per table. */
  tables: z.record(z.string(), z.number().int()),
  /** Stored files (originals, thumbnails, pictures, generated MP3s) and their bytes. */
  files: z.number().int(),
  bytes: z.number().int(),
});

/** A backup file of this installation (BACKUP_DIR). */
export const backupSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  status: z.enum(BACKUP_STATUSES),
  /** 0..100. */
  progress: z.number().int(),
  size: z.number().int().nullable(),
  sha256: z.string().nullable(),
  counts: backupCountsSchema.nullable(),
  origin: z.enum(BACKUP_ORIGINS),
  created_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** The failure's first line, when it failed. */
  error: z.string().nullable(),
});
export type Backup = z.infer<typeof backupSchema>;

export const backupListSchema = z.object({ data: z.array(backupSchema) });

export const backupSaved = z.object({ message: z.string(), backup: backupSchema });

export const backupVerified = z.object({
  message: z.string(),
  /** What the manifest says: the format and schema it was written with. */
  format_version: z.number().int(),
  schema_version: z.string(),
  app_version: z.string(),
  entries: z.number().int(),
});

/** The nightly backup: on or off, the hour (server time) and how many backups are kept. */
export const backupScheduleSchema = z.object({
  nightly: z.boolean(),
  hour: integerField(0, 23),
  keep: integerField(1, 1000),
});
export type BackupSchedule = z.infer<typeof backupScheduleSchema>;

export const backupScheduleSaved = z.object({
  message: z.string(),
  schedule: backupScheduleSchema,
});

export const backupRestored = z.object({
  message: z.string(),
  counts: backupCountsSchema,
});
