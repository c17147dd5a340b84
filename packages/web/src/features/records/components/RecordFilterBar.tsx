import { Group, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CONTENT_LANGUAGES, LIMITS, type ContentLanguage } from '@kinfolio/contract';
import { useMemo } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { SearchBox } from '@/shared/content/SearchBox';
import { recordQueries } from '../api';
import type { RecordSearch } from '../recordSearch';
import { useSmallScreen } from '@/shared/ui/device';
import { PhoneFilters } from '@/shared/ui';
import { useParticipantChoices } from '@/shared/organisation/choices';

interface RecordFilterBarProps {
  search: RecordSearch;
  onChange: (change: Partial<RecordSearch>) => void;
}

/** The records list's search and filters (person, language, owner); all apply together. */
export function RecordFilterBar({ search, onChange }: RecordFilterBarProps) {
  const { t } = useTranslation(['records', 'archive']);
  const owners = useQuery(recordQueries.owners());
  const small = useSmallScreen();
  const participantData = useParticipantChoices();
  const ownerData = useMemo(() => {
    const list = owners.data ?? [];
    // An owner from the address that no live record has any more still shows as chosen.
    return search.owner && !list.includes(search.owner) ? [search.owner, ...list] : list;
  }, [owners.data, search.owner]);
  const active = [search.participant, search.language, search.owner].filter(
    (value) => value !== undefined,
  ).length;

  const searchBox = (
    <SearchBox
      label={t('archive:filters.search')}
      description={t('archive:filters.searchHint', { count: LIMITS.searchMinLength })}
      value={search.search}
      onSearch={(text) => onChange({ search: text })}
      w={{ base: '100%', sm: 280 }}
    />
  );
  const filters = (
    <>
      <Select
        label={t('archive:filters.participant')}
        placeholder={t('archive:filters.any.participant')}
        data={participantData}
        value={search.participant ? String(search.participant) : null}
        onChange={(value) => onChange({ participant: value ? Number(value) : undefined })}
        searchable
        clearable
        limit={100}
        nothingFoundMessage={t('archive:filters.nothingFound')}
        w={{ base: '100%', sm: 200 }}
      />
      <Select
        label={t('archive:filters.language')}
        placeholder={t('archive:filters.anyLanguage')}
        data={CONTENT_LANGUAGES.map((lang) => ({
          value: lang,
          label: t(`archive:languages.${lang}`),
        }))}
        value={search.language ?? null}
        onChange={(value) => onChange({ language: (value as ContentLanguage | null) ?? undefined })}
        clearable
        w={{ base: '100%', sm: 170 }}
      />
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
    </>
  );

  if (!small) {
    return (
      <Group align="flex-end" gap="sm" className="kf-filter-row" role="search">
        {searchBox}
        {filters}
      </Group>
    );
  }
  return (
    <Stack gap={4} role="search">
      <PhoneFilters id="kf-record-filters" active={active} search={searchBox}>
        {filters}
      </PhoneFilters>
    </Stack>
  );
}
