import { Group, Select, Stack, Text, TreeSelect } from '@mantine/core';
import {
  CONTENT_LANGUAGES,
  PLANNING_KINDS,
  type ContentLanguage,
  type PlanningKind,
} from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { PLANNING_FILTER_KEYS, recordsLeftOut, type PlanningSearch } from '../planningSearch';
import { useSmallScreen } from '@/shared/ui/device';
import { PhoneFilters } from '@/shared/ui';
import {
  useCategoryChoices,
  useParticipantChoices,
  useTagChoices,
} from '@/shared/organisation/choices';

interface PlanningFilterBarProps {
  search: PlanningSearch;
  onChange: (change: Partial<PlanningSearch>) => void;
}

const toId = (value: string | null) => (value ? Number(value) : undefined);

/** The planning's filters (type, category, person, tag, language), all kept in the address. */
export function PlanningFilterBar({ search, onChange }: PlanningFilterBarProps) {
  const { t } = useTranslation(['planning', 'archive']);
  const small = useSmallScreen();

  const categoryData = useCategoryChoices(t('archive:filters.untitled'));
  const participantData = useParticipantChoices();
  const tagData = useTagChoices(t('archive:filters.untitled'));
  const active = PLANNING_FILTER_KEYS.filter((key) => search[key] !== undefined).length;

  const inputs = (
    <>
      <Select
        label={t('filters.type')}
        placeholder={t('filters.anyType')}
        data={PLANNING_KINDS.map((kind) => ({
          value: kind,
          label: t(`archive:types.${kind}.plural`),
        }))}
        value={search.type ?? null}
        onChange={(value) => onChange({ type: (value as PlanningKind | null) ?? undefined })}
        clearable
        w={{ base: '100%', sm: 170 }}
      />
      <TreeSelect
        label={t('archive:filters.category')}
        placeholder={t('archive:filters.any.category')}
        data={categoryData}
        value={search.category ? String(search.category) : null}
        onChange={(value) => onChange({ category: toId(value) })}
        searchable
        clearable
        defaultExpandAll
        nothingFoundMessage={t('archive:filters.nothingFound')}
        w={{ base: '100%', sm: 200 }}
      />
      <Select
        label={t('archive:filters.participant')}
        placeholder={t('archive:filters.any.participant')}
        data={participantData}
        value={search.participant ? String(search.participant) : null}
        onChange={(value) => onChange({ participant: toId(value) })}
        searchable
        clearable
        limit={100}
        nothingFoundMessage={t('archive:filters.nothingFound')}
        w={{ base: '100%', sm: 200 }}
      />
      <Select
        label={t('archive:filters.tag')}
        placeholder={t('archive:filters.any.tag')}
        data={tagData}
        value={search.tag ? String(search.tag) : null}
        onChange={(value) => onChange({ tag: toId(value) })}
        searchable
        clearable
        nothingFoundMessage={t('archive:filters.nothingFound')}
        w={{ base: '100%', sm: 180 }}
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
    </>
  );
  const note = recordsLeftOut(search) ? (
    <Text size="xs" c="dimmed">
      {t('filters.recordsLeftOut')}
    </Text>
  ) : null;

  if (!small) {
    return (
      <Stack gap={4} role="search">
        <Group align="flex-end" gap="sm" className="kf-planning-filters">
          {inputs}
        </Group>
        {note}
      </Stack>
    );
  }
  return (
    <Stack gap={4} role="search">
      <PhoneFilters id="kf-planning-filters" active={active}>
        {inputs}
      </PhoneFilters>
      {note}
    </Stack>
  );
}
