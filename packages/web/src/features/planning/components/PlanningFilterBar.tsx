import { Select, Text } from '@mantine/core';
import { PLANNING_KINDS, type PlanningKind } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { ListFilterBar } from '@/shared/kit/ListFilterBar';
import { recordsLeftOut, type PlanningSearch } from '../planningSearch';

/** The planning's filters (type, category, person, tag, language), all kept in the address. */
export function PlanningFilterBar({
  search,
  onChange,
}: {
  search: PlanningSearch;
  onChange: (change: Partial<PlanningSearch>) => void;
}) {
  const { t } = useTranslation(['planning', 'archive']);
  const type = (
    <Select
      key="type"
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
  );
  return (
    <ListFilterBar
      id="kf-planning-filters"
      values={search}
      onChange={onChange}
      filters={[type, 'category', 'participant', 'tag', 'language']}
      ownActive={search.type === undefined ? 0 : 1}
      note={
        recordsLeftOut(search) ? (
          <Text size="xs" c="dimmed">
            {t('filters.recordsLeftOut')}
          </Text>
        ) : null
      }
    />
  );
}
