import { numberFormat } from '@/shared/intl';
import { useUiLanguage } from '@/shared/organisation/hooks';
import type { Position } from './coordinates';

/** `44.2000° N, 12.4000° E` in the interface language's digits. */
export function useCoordinatesFormat(): (position: Position) => string {
  const language = useUiLanguage();
  const number = numberFormat(language, { minimumFractionDigits: 4, maximumFractionDigits: 4 });
  return ({ latitude, longitude }) =>
    `${number.format(Math.abs(latitude))}° ${latitude < 0 ? 'S' : 'N'}, ${number.format(
      Math.abs(longitude),
    )}° ${longitude < 0 ? 'W' : 'E'}`;
}
