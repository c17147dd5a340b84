import { useUiLanguage } from '@/shared/organisation/hooks';
import { dateTimeFormat } from '@/shared/intl';

/** Dates are calendar dates stored at UTC midnight: shown in UTC so the day never shifts. */
export function useDateFormat(): (iso: string, withTime?: boolean) => string {
  const language = useUiLanguage();
  return (iso, withTime = false) => {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return iso;
    return dateTimeFormat(language, {
      dateStyle: 'long',
      ...(withTime ? { timeStyle: 'short' } : { timeZone: 'UTC' }),
    }).format(date);
  };
}
