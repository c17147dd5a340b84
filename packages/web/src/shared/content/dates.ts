import { useUiLanguage } from '@/shared/organisation/hooks';
import { formatDate } from './dateText';

/** `formatDate` in the interface language (dateText.ts, which the share page uses alone). */
export function useDateFormat(): (iso: string, withTime?: boolean) => string {
  const language = useUiLanguage();
  return (iso, withTime = false) => formatDate(language, iso, withTime);
}
