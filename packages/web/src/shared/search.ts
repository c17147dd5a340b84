import { LIMITS } from '@kinfolio/contract';

/** Searches shorter than the minimum (3 characters) are ignored: the whole list shows. */
export function effectiveSearch(text: string): string {
  const trimmed = text.trim();
  return trimmed.length >= LIMITS.searchMinLength ? trimmed : '';
}
