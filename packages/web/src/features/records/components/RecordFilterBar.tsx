import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LIMITS } from '@kinfolio/contract';
import { useMemo } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { SearchBox } from '@/shared/content/SearchBox';
import {
  DateRangeFilter,
  FilterBar,
  LanguageFilter,
  ParticipantFilter,
  SortFilter,
} from '@/shared/kit/FilterBar';
import { recordQueries } from '../api';
import type { RecordSearch } from '../recordSearch';

interface RecordFilterBarProps {
  search: RecordSearch;
  onChange: (change: Partial<RecordSearch>) => void;
}

/**
 * The records list's search, filters (person, language, owner, recording dates) and order; all
 * apply together.
 */
export function RecordFilterBar({ search, onChange }: RecordFilterBarProps) {
  const { t } = useTranslation(['records', 'archive']);
  const owners = useQuery(recordQueries.owners());
  const ownerData = useMemo(() => {
    const list = owners.data ?? [];
    // An owner from the address that no live record has any more still shows as chosen.
    return search.owner && !list.includes(search.owner) ? [search.owner, ...list] : list;
  }, [owners.data, search.owner]);
  const active = [
    search.participant,
    search.language,
    search.owner,
    search.from ?? search.to,
  ].filter((value) => value !== undefined).length;

  return (
    <FilterBar
      id="kf-record-filters"
      active={active}
      search={
        <SearchBox
          label={t('archive:filters.search')}
          description={t('archive:filters.searchHint', { count: LIMITS.searchMinLength })}
          value={search.search}
          onSearch={(text) => onChange({ search: text })}
          w={{ base: '100%', sm: 280 }}
        />
      }
    >
      <ParticipantFilter
        value={search.participant}
        onChange={(participant) => onChange({ participant })}
      />
      <LanguageFilter value={search.language} onChange={(language) => onChange({ language })} />
      <Select
        label={t('filters.owner')}
        placeholder={t('filters.anyOwner')}
        data={ownerData}
        value={search.owner ?? null}
        onChange={(value) => onChange({ owner: value ?? undefined })}
        searchable
        clearable
        nothingFoundMessage={t('archive:filters.nothingFound')}
        w={{ base: '100%', sm: 200 }}
      />
      <DateRangeFilter from={search.from} to={search.to} onChange={onChange} />
      <SortFilter value={search.sort} onChange={(sort) => onChange({ sort })} />
    </FilterBar>
  );
}
