import { Select, Text } from '@mantine/core';
import { PLANNING_KINDS, type PlanningKind } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import {
  CategoryFilter,
  FilterBar,
  LanguageFilter,
  ParticipantFilter,
  TagFilter,
} from '@/shared/kit/FilterBar';
import { PLANNING_FILTER_KEYS, recordsLeftOut, type PlanningSearch } from '../planningSearch';

interface PlanningFilterBarProps {
  search: PlanningSearch;
  onChange: (change: Partial<PlanningSearch>) => void;
}

/** The planning's filters (type, category, person, tag, language), all kept in the address. */
export function PlanningFilterBar({ search, onChange }: PlanningFilterBarProps) {
  const { t } = useTranslation(['planning', 'archive']);
  const active = PLANNING_FILTER_KEYS.filter((key) => search[key] !== undefined).length;
  return (
    <FilterBar
      id="kf-planning-filters"
      active={active}
      note={
        recordsLeftOut(search) ? (
          <Text size="xs" c="dimmed">
            {t('filters.recordsLeftOut')}
          </Text>
        ) : null
      }
    >
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
      <CategoryFilter value={search.category} onChange={(category) => onChange({ category })} />
      <ParticipantFilter
        value={search.participant}
        onChange={(participant) => onChange({ participant })}
      />
      <TagFilter value={search.tag} onChange={(tag) => onChange({ tag })} />
      <LanguageFilter value={search.language} onChange={(language) => onChange({ language })} />
    </FilterBar>
  );
}
