import { dateTimeFormat } from '@/shared/intl';

/** A date in the interface language, e.g. "12 mars 2024"; empty for missing or invalid input. */
export function formatDate(iso: string | null | undefined, language: string, withTime = false) {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(language, {
    dateStyle: 'long',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(date);
}
