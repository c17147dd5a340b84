import './kit.css';
import { Group, NativeSelect, Select, Stack, TextInput, TreeSelect } from '@mantine/core';
import { CONTENT_LANGUAGES, type ContentLanguage } from '@kinfolio/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import {
  useCategoryChoices,
  useParticipantChoices,
  useTagChoices,
} from '@/shared/organisation/choices';
import { PhoneFilters } from '@/shared/ui';
import { useSmallScreen } from '@/shared/ui/device';
import { calendarDay } from './calendarDay';

interface FilterBarProps {
  /** The phone's collapsed region (unique on the page). */
  id: string;
  /** How many filters are set: the phone's button says it. */
  active: number;
  /** The search box, kept in sight on a phone (lists without one leave it out). */
  search?: ReactNode;
  /** A line under the bar (how the filters combine, what a filter leaves out). */
  note?: ReactNode;
  /** How the list shows (order, page size…): under the bar, behind the phone's button too. */
  options?: ReactNode;
  /** The phone's button names the order too. */
  ordered?: boolean;
  /** The filter inputs, in the order they show. */
  children: ReactNode;
}

/**
 * A list's search box and filters, every one applying with the others: in a row on a wide
 * screen; on a phone, the search box stays and the filters wait behind a button that counts them.
 * Archive lists, records, the planning (and any page listing the archive's content) use it.
 */
export function FilterBar({
  id,
  active,
  search,
  note,
  options,
  ordered = false,
  children,
}: FilterBarProps) {
  const small = useSmallScreen();
  if (small) {
    // One compact line (the search and the button); the rest waits behind the button.
    return (
      <Stack gap={4} role="search">
        <PhoneFilters id={id} active={active} search={search} ordered={ordered}>
          {children}
          {options}
          {note}
        </PhoneFilters>
      </Stack>
    );
  }
  return (
    <>
      <Stack gap={4} role="search">
        <Group align="flex-end" gap="sm" className="kf-filter-bar">
          {search}
          {children}
        </Group>
        {note}
      </Stack>
      {options}
    </>
  );
}

interface IdFilterProps {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}

const toId = (value: string | null) => (value ? Number(value) : undefined);
const fromId = (value: number | undefined) => (value ? String(value) : null);

/** The category filter: the tree of categories, searchable. */
export function CategoryFilter({ value, onChange }: IdFilterProps) {
  const { t } = useTranslation('archive');
  const data = useCategoryChoices(t('filters.untitled'));
  return (
    <TreeSelect
      label={t('filters.category')}
      placeholder={t('filters.any.category')}
      data={data}
      value={fromId(value)}
      onChange={(next) => onChange(toId(next))}
      searchable
      clearable
      defaultExpandAll
      nothingFoundMessage={t('filters.nothingFound')}
      w={{ base: '100%', sm: 200 }}
    />
  );
}

/** The person filter (participants, sorted; the first hundred that match show). */
export function ParticipantFilter({ value, onChange }: IdFilterProps) {
  const { t } = useTranslation('archive');
  const data = useParticipantChoices();
  return (
    <Select
      label={t('filters.participant')}
      placeholder={t('filters.any.participant')}
      data={data}
      value={fromId(value)}
      onChange={(next) => onChange(toId(next))}
      searchable
      clearable
      limit={100}
      nothingFoundMessage={t('filters.nothingFound')}
      w={{ base: '100%', sm: 200 }}
    />
  );
}

/** The tag filter. */
export function TagFilter({ value, onChange }: IdFilterProps) {
  const { t } = useTranslation('archive');
  const data = useTagChoices(t('filters.untitled'));
  return (
    <Select
      label={t('filters.tag')}
      placeholder={t('filters.any.tag')}
      data={data}
      value={fromId(value)}
      onChange={(next) => onChange(toId(next))}
      searchable
      clearable
      nothingFoundMessage={t('filters.nothingFound')}
      w={{ base: '100%', sm: 180 }}
    />
  );
}

/** The content language filter. */
export function LanguageFilter({
  value,
  onChange,
}: {
  value: ContentLanguage | undefined;
  onChange: (value: ContentLanguage | undefined) => void;
}) {
  const { t } = useTranslation('archive');
  return (
    <Select
      label={t('filters.language')}
      placeholder={t('filters.anyLanguage')}
      data={CONTENT_LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
      value={value ?? null}
      onChange={(next) => onChange((next as ContentLanguage | null) ?? undefined)}
      clearable
      w={{ base: '100%', xs: 190 }}
    />
  );
}

interface DateRangeFilterProps {
  /** First day (`1954-06-12`), included. */
  from: string | undefined;
  /** Last day, included. */
  to: string | undefined;
  onChange: (change: { from?: string; to?: string }) => void;
}

/**
 * A date range: two calendar days, both included (the browser's own date picker; it hands over
 * `YYYY-MM-DD` whatever the display format). A day half typed is not sent.
 */
export function DateRangeFilter({ from, to, onChange }: DateRangeFilterProps) {
  const { t } = useTranslation('archive');
  const day = (key: 'from' | 'to', value: string | undefined, label: string) => (
    <TextInput
      type="date"
      label={label}
      value={value ?? ''}
      max={key === 'from' ? to : undefined}
      min={key === 'to' ? from : undefined}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (next === '' || calendarDay(next)) onChange({ [key]: next || undefined });
      }}
      style={{ flex: 1 }}
      miw={0}
      maw={{ base: 'none', xs: 170 }}
    />
  );
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end" className="kf-date-range">
      {day('from', from, t('filters.from'))}
      {day('to', to, t('filters.to'))}
    </Group>
  );
}

/** The orders a list offers besides the default (newest first, kept out of the address). */
export const LIST_SORTS = ['oldest', 'title'] as const;
/** Every order: a search's best match first (relevance), then the list's orders. */
export const ALL_SORTS = ['relevance', 'newest', ...LIST_SORTS] as const;
export type ListSort = (typeof ALL_SORTS)[number];

/** The order kept out of the address: best match first while searching, else newest first. */
export function defaultSort(searching: boolean): ListSort {
  return searching ? 'relevance' : 'newest';
}

/**
 * The order an address keeps: a known one other than the default, relevance only while
 * searching (it orders a search's matches).
 */
export function keptSort(value: unknown, searching: boolean): ListSort | undefined {
  if (!(ALL_SORTS as readonly unknown[]).includes(value) || value === defaultSort(searching)) {
    return undefined;
  }
  return value === 'relevance' && !searching ? undefined : (value as ListSort);
}

/**
 * A list's order. A native select: a few fixed choices, the phone's own picker, and no floating
 * dropdown kept mounted and positioned. While a search is typed, relevance is offered too (and
 * is the default).
 */
export function SortFilter({
  value,
  onChange,
  searching = false,
}: {
  value: ListSort | undefined;
  onChange: (value: ListSort | undefined) => void;
  searching?: boolean;
}) {
  const { t } = useTranslation('archive');
  const fallback = defaultSort(searching);
  const sorts = searching ? ALL_SORTS : ALL_SORTS.filter((sort) => sort !== 'relevance');
  return (
    <NativeSelect
      label={t('listOptions.sort')}
      data={sorts.map((sort) => ({ value: sort, label: t(`listOptions.sorts.${sort}`) }))}
      value={
        value !== undefined && (sorts as readonly ListSort[]).includes(value) ? value : fallback
      }
      onChange={(event) => {
        const next = event.currentTarget.value as ListSort;
        onChange(next !== fallback ? next : undefined);
      }}
      w={{ base: '100%', xs: 200 }}
    />
  );
}
