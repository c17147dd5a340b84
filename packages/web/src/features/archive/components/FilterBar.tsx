import { Group, Text } from '@mantine/core';
import { usePrefetchQuery } from '@tanstack/react-query';
import { LIMITS } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { organisationQueries } from '@/shared/organisation/queries';
import { SearchBox } from '@/shared/content/SearchBox';
import {
  CategoryFilter,
  DateRangeFilter,
  FilterBar as KitFilterBar,
  LanguageFilter,
  ParticipantFilter,
  TagFilter,
} from '@/shared/kit/FilterBar';
import type { ArchiveSearch } from '../listSearch';

interface FilterBarProps {
  search: ArchiveSearch;
  onChange: (change: Partial<ArchiveSearch>) => void;
  /** Trash and revisions views: only the language applies. */
  languageOnly?: boolean;
}

/** Search box and filters of a list; every change goes to the address (query parameters). */
export function FilterBar({ search, onChange, languageOnly = false }: FilterBarProps) {
  const { t } = useTranslation('archive');
  const language = (
    <LanguageFilter value={search.language} onChange={(language) => onChange({ language })} />
  );
  if (languageOnly) return <Group align="flex-end">{language}</Group>;

  const activeFilters = [
    search.category,
    search.participant,
    search.tag,
    search.from ?? search.to,
    search.language,
  ].filter((value) => value !== undefined).length;
  return (
    <>
      <PrefetchChoices />
      <KitFilterBar
        id="kf-archive-filters"
        active={activeFilters}
        search={
          <SearchBox
            label={t('filters.search')}
            description={t('filters.searchHint', { count: LIMITS.searchMinLength })}
            value={search.search}
            onSearch={(text) => onChange({ search: text })}
            w={{ base: '100%', sm: 260 }}
          />
        }
        note={
          <Text size="xs" c="dimmed">
            {t('filters.combined')}
          </Text>
        }
      >
        <CategoryFilter value={search.category} onChange={(category) => onChange({ category })} />
        <ParticipantFilter
          value={search.participant}
          onChange={(participant) => onChange({ participant })}
        />
        <TagFilter value={search.tag} onChange={(tag) => onChange({ tag })} />
        <DateRangeFilter from={search.from} to={search.to} onChange={onChange} />
        {language}
      </KitFilterBar>
    </>
  );
}

/**
 * Asks for the filters' choices at once without rendering when they arrive: on a phone the inputs
 * that show them mount only when the filters are opened.
 */
function PrefetchChoices() {
  usePrefetchQuery(organisationQueries.categories());
  usePrefetchQuery(organisationQueries.participants());
  usePrefetchQuery(organisationQueries.tags());
  return null;
}
