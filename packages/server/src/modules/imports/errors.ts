/** Why a source is refused as a whole (nothing of it is imported); each worded in four languages. */
export type ImportProblem =
  | 'damaged'
  | 'bomb'
  | 'too_large'
  | 'unsafe_entry'
  | 'lying_entry'
  | 'not_mbox'
  | 'not_recognised'
  | 'path_missing'
  | 'bad_time_zone'
  | 'gedcom_unreadable'
  | 'gedcom_too_large';

/** A refused source: its message key is `imports.<problem>`, with `params` for its placeholders. */
export class ImportError extends Error {
  constructor(
    readonly problem: ImportProblem,
    readonly params: Record<string, string> = {},
  ) {
    super(`import refused: ${problem}${params.name ? ` (${params.name})` : ''}`);
    this.name = 'ImportError';
  }
}
