import { useUiLanguage } from '@/shared/organisation/hooks';
import { formatFileSize } from './fileSizeText';

/** `2.4 MB`, `830 kB` in the interface language. */
export function useFileSize(): (bytes: number) => string {
  const language = useUiLanguage();
  return (bytes) => formatFileSize(language, bytes);
}
