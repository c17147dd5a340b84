import type { Import } from '@kinfolio/contract';
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

/**
 * What a source was recognised as, every kind it holds ("Google Takeout (Photos) and Mailbox"),
 * in the interface language; "not recognised yet" before it is read.
 */
export function useKindsLabel() {
  const { t, i18n } = useTranslation('imports');
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  return (entry: Pick<Import, 'source_kind' | 'source_kinds'>) => {
    const kinds = entry.source_kinds.length
      ? entry.source_kinds
      : entry.source_kind
        ? [entry.source_kind]
        : [];
    return kinds.length ? list.format(kinds.map((kind) => t(`kinds.${kind}`))) : t('kinds.unknown');
  };
}
