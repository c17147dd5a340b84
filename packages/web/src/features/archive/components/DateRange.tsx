import { Group, TextInput } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/react';
import { calendarDay, type ArchiveSearch } from '../listSearch';

interface DateRangeProps {
  search: ArchiveSearch;
  onChange: (change: Partial<ArchiveSearch>) => void;
}

/**
 * The list's date range: two calendar days, both included (the browser's own date picker; it
 * hands over `YYYY-MM-DD` whatever the display format). A day half typed is not sent.
 */
export function DateRange({ search, onChange }: DateRangeProps) {
  const { t } = useTranslation('archive');
  const day = (key: 'from' | 'to', label: string) => (
    <TextInput
      type="date"
      label={label}
      value={search[key] ?? ''}
      max={key === 'from' ? search.to : undefined}
      min={key === 'to' ? search.from : undefined}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (value === '' || calendarDay(value)) onChange({ [key]: value || undefined });
      }}
      style={{ flex: 1 }}
      miw={0}
      maw={{ base: 'none', xs: 170 }}
    />
  );
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end" className="kf-date-range">
      {day('from', t('filters.from'))}
      {day('to', t('filters.to'))}
    </Group>
  );
}
