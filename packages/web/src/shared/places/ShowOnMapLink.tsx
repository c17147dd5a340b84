import { Anchor } from '@mantine/core';
import type { PlacePointType } from '@kinfolio/contract';
import { Link } from '@tanstack/react-router';
import type { FilterValues } from '@/shared/kit/ListFilterBar';
import { useTranslation } from '@/shared/i18n/react';

/** The filters `/map` shares with the lists, under the same names. */
const SHARED = ['category', 'participant', 'tag', 'language', 'from', 'to'] as const;

/** A list's filters as `/map`'s address: the map shows what the list lists (its search aside). */
export function mapSearchOf(type: PlacePointType, values: FilterValues) {
  const search: Record<string, unknown> = { type };
  for (const name of SHARED) if (values[name] !== undefined) search[name] = values[name];
  return search;
}

/** "Show these on the map", under a list's filters. */
export function ShowOnMapLink({ type, values }: { type: PlacePointType; values: FilterValues }) {
  const { t } = useTranslation('places');
  return (
    <Anchor
      size="sm"
      renderRoot={(props) => <Link {...props} to="/map" search={mapSearchOf(type, values)} />}
    >
      {t('list.showOnMap')}
    </Anchor>
  );
}
