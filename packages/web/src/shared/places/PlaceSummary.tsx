import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Place, PlacePointType } from '@kinfolio/contract';
import { Link } from '@tanstack/react-router';
import { useDateFormat } from '@/shared/content/dates';
import { useTranslation } from '@/shared/i18n/react';
import { placeQueries } from './api';
import { LazyMap } from './map/LazyMap';
import { nearbyBox, nearbyEntries, NEARBY_ZOOM } from './nearby';
import { entryPath, mapSearchAt } from './paths';
import { useMapTiles } from './tiles';
import { useCoordinatesFormat } from './useCoordinatesFormat';

/** A place's words: its name, its country, its coordinates (what of them it has). */
export function PlaceText({ place }: { place: Place }) {
  const format = useCoordinatesFormat();
  const parts = [
    place.name,
    place.country && place.country.name !== place.name ? place.country.name : '',
  ].filter(Boolean);
  const position =
    place.latitude !== null && place.longitude !== null
      ? format({ latitude: place.latitude, longitude: place.longitude })
      : null;
  return (
    <>
      {parts.join(', ')}
      {position ? (
        <Text component="span" size="xs" c="dimmed" display="block">
          {position}
        </Text>
      ) : null}
    </>
  );
}

/**
 * An entry's place on its page: a small map of it, "show on the map" (the archive's map opened
 * there) and the other entries placed nearby, closest first.
 */
export function PlaceSummary({
  place,
  entry,
}: {
  place: Place;
  entry: { type: PlacePointType; id: number; title: string };
}) {
  const { t } = useTranslation('places');
  const tiles = useMapTiles();
  const formatDate = useDateFormat();
  const position =
    place.latitude !== null && place.longitude !== null
      ? { latitude: place.latitude, longitude: place.longitude }
      : null;
  const nearby = useQuery({
    ...placeQueries.points({ bbox: position ? nearbyBox(position) : '', zoom: NEARBY_ZOOM }),
    enabled: position !== null,
  });
  if (!position) return null;
  const rows = nearbyEntries(nearby.data?.data ?? [], position, entry);
  return (
    <section aria-labelledby="kf-place-title" className="kf-place-summary">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h5" id="kf-place-title">
            {t('summary.title')}
          </Title>
          <Anchor
            size="sm"
            renderRoot={(props) => <Link {...props} to="/map" search={mapSearchAt(position)} />}
          >
            {t('summary.showOnMap')}
          </Anchor>
        </Group>
        <LazyMap
          height={200}
          label={t('summary.mapLabel', { place: place.name || t('summary.untitledPlace') })}
          tileUrl={tiles.url}
          attribution={tiles.attribution}
          start={{ center: [position.latitude, position.longitude], zoom: 11 }}
          chosen={{ ...position, label: place.name || entry.title }}
          embedded
        />
        <Title order={3} size="h6" mt="xs">
          {t('summary.nearby')}
        </Title>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {nearby.isPending ? t('summary.loading') : t('summary.nothingNearby')}
          </Text>
        ) : (
          <ul className="kf-place-nearby">
            {rows.map((row) => (
              <li key={`${row.type}-${row.id}`}>
                <Anchor component={Link} to={entryPath(row.type ?? 'post', row.id ?? 0)} size="sm">
                  {row.title || t('card.untitled')}
                </Anchor>
                {row.date ? (
                  <Text component="span" size="xs" c="dimmed">
                    {' · '}
                    {formatDate(row.date)}
                  </Text>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </section>
  );
}
