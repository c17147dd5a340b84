import { formatTimeCode } from '@/shared/content/timeCodes';

export {
  activeSegment,
  clock,
  formatTimeCode,
  parseTranscript,
  type TranscriptSegment,
} from '@/shared/content/timeCodes';

/**
 * The transcript with a time code typed at the cursor (replacing a selection), spaced from the
 * words around it, and where the cursor goes next (just after the code and its space).
 */
export function insertTimeCode(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  seconds: number,
): { text: string; cursor: number } {
  const start = Math.max(0, Math.min(selectionStart, text.length));
  const end = Math.max(start, Math.min(selectionEnd, text.length));
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead = before === '' || /\s$/.test(before) ? '' : ' ';
  const trail = /^[^\S\n]/.test(after) ? '' : ' ';
  const inserted = `${lead}${formatTimeCode(seconds)}${trail}`;
  return { text: before + inserted + after, cursor: before.length + inserted.length };
}
