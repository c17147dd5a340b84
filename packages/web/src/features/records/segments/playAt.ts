import { RECORD_SEGMENT_LIMITS } from '@kinfolio/contract';

/** A record page's address may say where its player starts: `?t=` seconds (a search hit's). */
export interface RecordProfileSearch {
  t?: number;
}

/** `?t=` when it is a moment of a recording (seconds, a tenth at most), else nothing. */
export function validateRecordProfileSearch(raw: Record<string, unknown>): RecordProfileSearch {
  const value = Number(raw.t);
  if (!Number.isFinite(value) || value <= 0 || value > RECORD_SEGMENT_LIMITS.maxSeconds) return {};
  return { t: Math.round(value * 10) / 10 };
}
