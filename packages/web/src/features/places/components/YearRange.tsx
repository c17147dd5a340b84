import { Input, RangeSlider } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';

/** The slider's span: the oldest papers a family keeps to this year. */
export const FIRST_YEAR = 1800;
const thisYear = () => new Date().getUTCFullYear();

const yearOf = (day: string | undefined, fallback: number) =>
  day ? Number(day.slice(0, 4)) : fallback;

/**
 * The map's date range as a slider of years (the lists' `from` and `to`, whole years): the full
 * span means no date filter. The address changes when a thumb is let go, not while it moves.
 */
export function YearRange({
  from,
  to,
  onChange,
}: {
  from?: string;
  to?: string;
  onChange: (change: { from?: string; to?: string }) => void;
}) {
  const { t } = useTranslation('places');
  const id = useId();
  const last = thisYear();
  const asked: [number, number] = [yearOf(from, FIRST_YEAR), yearOf(to, last)];
  const [value, setValue] = useState(asked);
  const key = asked.join();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the address, by its value
  useEffect(() => setValue(asked), [key]);
  return (
    <Input.Wrapper
      label={t('filters.years', { from: value[0], to: value[1] })}
      id={`${id}-label`}
      w={{ base: '100%', sm: 260 }}
      labelElement="div"
    >
      <RangeSlider
        mt={6}
        mb={4}
        min={FIRST_YEAR}
        max={last}
        minRange={0}
        value={value}
        onChange={setValue}
        onChangeEnd={([start, end]) =>
          onChange({
            from: start > FIRST_YEAR ? `${start}-01-01` : undefined,
            to: end < last ? `${end}-12-31` : undefined,
          })
        }
        label={null}
        thumbFromLabel={t('filters.fromYear')}
        thumbToLabel={t('filters.toYear')}
        aria-labelledby={`${id}-label`}
      />
    </Input.Wrapper>
  );
}
