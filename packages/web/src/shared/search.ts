import { LIMITS } from '@kinfolio/contract';

/** Searches shorter than the minimum are ignored (spec §5): the whole list shows. */
export function effectiveSearch(text: string): string {
  const trimmed = text.trim();
  return trimmed.length >= LIMITS.searchMinLength ? trimmed : '';
}
