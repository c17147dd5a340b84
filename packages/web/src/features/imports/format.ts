import { useTranslation } from '@/shared/i18n/react';
import { dateTimeFormat } from '@/shared/intl';

/** A day of a source's dates ("12 Mar 2009"), in the interface language; `2009-03-12` or a full instant. */
export function useDayFormat() {
  const { i18n } = useTranslation('imports');
  const format = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  return (iso: string) => {
    const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
    return Number.isNaN(date.getTime()) ? iso : format.format(date);
  };
}

/** When an import started or ended, in the interface language. */
export function useInstantFormat() {
  const { i18n } = useTranslation('imports');
  const format = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}
