import { Group, Select, Stack, Text, TreeSelect } from '@mantine/core';
import { usePrefetchQuery } from '@tanstack/react-query';
import { CONTENT_LANGUAGES, LIMITS, type ContentLanguage } from '@kinfolio/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { organisationQueries } from '@/shared/organisation/queries';
import { SearchBox } from '@/shared/content/SearchBox';
import type { ArchiveSearch } from '../listSearch';
import { DateRange } from './DateRange';
import { useSmallScreen } from '@/shared/ui/device';
import { PhoneFilters } from '@/shared/ui';
import {
  useCategoryChoices,
  useParticipantChoices,
  useTagChoices,
} from '@/shared/organisation/choices';

interface FilterBarProps {
  search: ArchiveSearch;
  onChange: (change: Partial<ArchiveSearch>) => void;
  /** Trash and revisions views: only the language applies. */
  languageOnly?: boolean;
}

const toId = (value: string | null) => (value ? Number(value) : undefined);

/** Search box and filters of a list; every change goes to the address (query parameters). */
export function FilterBar({ search, onChange, languageOnly = false }: FilterBarProps) {
  const { t } = useTranslation('archive');
  const small = useSmallScreen();
  const activeFilters = [
    search.category,
    search.participant,
    search.tag,
    search.from ?? search.to,
    search.language,
  ].filter((value) => value !== undefined).length;
  const languageData = CONTENT_LANGUAGES.map((lang) => ({
    value: lang,
    label: t(`languages.${lang}`),
  }));

  const language = (
    <Select
      label={t('filters.language')}
      placeholder={t('filters.anyLanguage')}
      data={languageData}
      value={search.language ?? null}
      onChange={(value) => onChange({ language: (value as ContentLanguage | null) ?? undefined })}
      clearable
      w={{ base: '100%', xs: 170 }}
    />
  );
  if (languageOnly) return <Group align="flex-end">{language}</Group>;

  const searchBox = (
    <SearchBox
      label={t('filters.search')}
      description={t('filters.searchHint', { count: LIMITS.searchMinLength })}
      value={search.search}
      onSearch={(text) => onChange({ search: text })}
      w={{ base: '100%', sm: 260 }}
    />
  );
  const filterInputs = <FilterInputs search={search} onChange={onChange} language={language} />;

  return (
    <Stack gap={4} role="search">
      <PrefetchChoices />
      {small ? (
        <PhoneFilters id="kf-archive-filters" active={activeFilters} search={searchBox}>
          {filterInputs}
        </PhoneFilters>
      ) : (
        <Group align="flex-end" gap="sm" className="kf-filter-bar">
          {searchBox}
          {filterInputs}
        </Group>
      )}
      <Text size="xs" c="dimmed">
        {t('filters.combined')}
      </Text>
    </Stack>
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

/** The category, participant, tag, date and language inputs, with their choices sorted. */
function FilterInputs({
  search,
  onChange,
  language,
}: {
  search: ArchiveSearch;
  onChange: FilterBarProps['onChange'];
  language: ReactNode;
}) {
  const { t } = useTranslation('archive');
  const categoryData = useCategoryChoices(t('filters.untitled'));
  const participantData = useParticipantChoices();
  const tagData = useTagChoices(t('filters.untitled'));
  return (
    <>
      <TreeSelect
        label={t('filters.category')}
        placeholder={t('filters.any.category')}
        data={categoryData}
        value={search.category ? String(search.category) : null}
        onChange={(value) => onChange({ category: toId(value) })}
        searchable
        clearable
        defaultExpandAll
        nothingFoundMessage={t('filters.nothingFound')}
        w={{ base: '100%', sm: 200 }}
      />
      <Select
        label={t('filters.participant')}
        placeholder={t('filters.any.participant')}
        data={participantData}
        value={search.participant ? String(search.participant) : null}
        onChange={(value) => onChange({ participant: toId(value) })}
        searchable
        clearable
        limit={100}
        nothingFoundMessage={t('filters.nothingFound')}
        w={{ base: '100%', sm: 200 }}
      />
      <Select
        label={t('filters.tag')}
        placeholder={t('filters.any.tag')}
        data={tagData}
        value={search.tag ? String(search.tag) : null}
        onChange={(value) => onChange({ tag: toId(value) })}
        searchable
        clearable
        nothingFoundMessage={t('filters.nothingFound')}
        w={{ base: '100%', sm: 180 }}
      />
      <DateRange search={search} onChange={onChange} />
      {language}
    </>
  );
}
