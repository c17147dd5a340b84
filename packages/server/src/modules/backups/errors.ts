/** Why a backup file cannot be restored (or verified); the routes word each in four languages. */
export type BackupProblem =
  | 'not_backup'
  | 'damaged'
  | 'truncated'
  | 'newer_format'
  | 'newer_schema'
  | 'schema_mismatch'
  | 'unsafe_entry'
  | 'not_empty';

const ENGLISH: Record<BackupProblem, string> = {
  not_backup: 'This file is not a Kinfolio backup.',
  damaged: 'This backup is damaged: a checksum does not match. Nothing was restored.',
  truncated: 'This backup is incomplete (cut short). Nothing was restored.',
  newer_format:
    'This backup was made by a newer version of Kinfolio. Update Kinfolio, then restore it.',
  newer_schema:
    'This backup was made by a newer version of Kinfolio. Update Kinfolio, then restore it.',
  schema_mismatch: 'This backup does not fit this version of Kinfolio. Nothing was restored.',
  unsafe_entry:
    'This backup holds an entry Kinfolio never writes (a link, or a path leaving its folder). Nothing was restored.',
  not_empty: 'The archive is not empty: a backup can only be restored into an empty archive.',
};

export class BackupError extends Error {
  constructor(
    readonly problem: BackupProblem,
    readonly detail?: string,
  ) {
    super(detail ? `${ENGLISH[problem]} (${detail})` : ENGLISH[problem]);
    this.name = 'BackupError';
  }
}
