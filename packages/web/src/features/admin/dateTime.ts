import { useTranslation } from '@/shared/i18n/react';
import { dateTimeFormat } from '@/shared/intl';

/** An instant of the administration's lists (a failure, a backup, a login), in the interface language. */
export function useDateTime(timeStyle: 'short' | 'medium' = 'short') {
  const { i18n } = useTranslation('admin');
  const format = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle });
  return (iso: string) => format.format(new Date(iso));
}
