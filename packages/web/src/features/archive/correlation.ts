import {
  correlationEntrySchema,
  isContentLanguage,
  type ContentLanguage,
  type CorrelationEntry,
  type CorrelationRow,
} from '@kinfolio/contract';

export type CorrelationCells = Partial<Record<ContentLanguage, CorrelationEntry>>;

/**
 * A correlation row's `translations` (JSON text of `{id, language, content}` entries) as one cell
 * per correlation language; malformed text or entries are skipped, never thrown.
 */
export function correlationCells(row: Pick<CorrelationRow, 'translations'>): CorrelationCells {
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.translations);
  } catch {
    return {};
  }
  const cells: CorrelationCells = {};
  if (!Array.isArray(parsed)) return cells;
  for (const raw of parsed) {
    const entry = correlationEntrySchema.safeParse(raw);
    if (!entry.success) continue;
    const lang = entry.data.language;
    if (isContentLanguage(lang) && !cells[lang]) {
      cells[lang] = entry.data;
    }
  }
  return cells;
}
