import { numberFormat } from '@/shared/intl';

/** `2.4 MB`, `830 kB` in a language. */
export function formatFileSize(language: string, bytes: number): string {
  const [value, unit] =
    bytes >= 1_000_000
      ? [bytes / 1_000_000, 'megabyte']
      : bytes >= 1_000
        ? [bytes / 1_000, 'kilobyte']
        : [bytes, 'byte'];
  return numberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
