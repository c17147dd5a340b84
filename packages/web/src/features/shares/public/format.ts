import { formatDate } from '@/shared/content/dateText';
import { formatFileSize } from '@/shared/content/fileSizeText';
import { currentLanguage } from '@/shared/i18n';
import { useTranslation } from '@/shared/i18n/react';

/** Dates and sizes in the page's language (rendered again when the visitor switches it). */
export function usePublicFormat() {
  // Subscribes to language changes; the language itself is read from the instance.
  useTranslation('shares');
  const language = currentLanguage();
  return {
    date: (iso: string, withTime = false) => formatDate(language, iso, withTime),
    size: (bytes: number) => formatFileSize(language, bytes),
  };
}
