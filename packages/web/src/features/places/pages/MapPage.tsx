import '../places.css';
import { Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PLACE_POINT_TYPES, type PlacePoint, type PlacePointType } from '@kinfolio/contract';
import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { ListFilterBar } from '@/shared/kit/ListFilterBar';
import { placeQueries } from '@/shared/places/api';
import { LazyMap } from '@/shared/places/map/LazyMap';
import type { Viewport } from '@/shared/places/map/viewport';
import { WORLD } from '@/shared/places/PlaceField';
import { useMapTiles } from '@/shared/places/tiles';
import { PageTitle } from '@/shared/ui';
import { PointCard } from '../components/PointCard';
import { YearRange } from '../components/YearRange';
import { pointsQuery, type MapSearch } from '../mapSearch';

const withoutUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/**
 * `/map`: every placed item and record, clustered by the server for the view, with the lists'
 * filters and a slider of years; a point opens a card (thumbnail, title, date) leading to its
 * page, a cluster zooms in. The view is kept in the address, so going back returns to it.
 * The map keeps the opened point clear of its card; Escape or the card's close button closes the
 * card and gives the focus back to the point (or the map) it was opened from.
 */
export default function MapPage() {
  const { t } = useTranslation(['places', 'archive']);
  const search = useSearch({ strict: false }) as MapSearch;
  const navigate = useNavigate();
  const tiles = useMapTiles();
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const [open, setOpen] = useState<PlacePoint | null>(null);
  const [card, setCard] = useState<HTMLElement | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  /** What had the focus when the card opened: the point's marker (Enter, a tap) or the map. */
  const opener = useRef<HTMLElement | null>(null);
  const query = viewport ? pointsQuery(search, viewport) : null;
  const points = useQuery({
    ...placeQueries.points(query ?? { bbox: '-180,-90,180,90', zoom: 0 }),
    enabled: query !== null,
  });
  const data = points.data?.data ?? [];
  const entries = data.reduce((sum, point) => sum + point.count, 0);

  const router = useRouter();
  const go = (next: MapSearch) =>
    void navigate({
      to: '/map',
      search: withoutUndefined(next),
      replace: true,
      resetScroll: false,
    });
  const change = (partial: Partial<MapSearch>) => {
    setOpen(null);
    go({ ...search, ...partial });
  };
  const openPoint = (point: PlacePoint) => {
    const active = document.activeElement;
    const inMap = active instanceof HTMLElement && frame.current?.contains(active);
    opener.current = inMap && !active.closest('.kf-point-card') ? active : null;
    setOpen(point);
  };
  const close = () => {
    setOpen(null);
    const back = opener.current?.isConnected
      ? opener.current
      : frame.current?.querySelector<HTMLElement>('.kf-map');
    back?.focus({ preventScroll: true });
  };
  const moved = (next: Viewport) => {
    setViewport(next);
    // A pan still running when an entry's link was followed (the card's own, under load) ends
    // after the navigation began: writing the view then would bring the user back to the map.
    if (router.state.location.pathname !== '/map') return;
    const [west, south, east, north] = next.bbox;
    const lat = Math.round(((south + north) / 2) * 1e4) / 1e4;
    const lng = Math.round(((west + east) / 2) * 1e4) / 1e4;
    if (lat !== search.lat || lng !== search.lng || next.zoom !== search.zoom)
      go({ ...search, lat, lng, zoom: next.zoom });
  };

  const type = (
    <Select
      key="type"
      label={t('filters.type')}
      placeholder={t('filters.anyType')}
      data={PLACE_POINT_TYPES.map((kind) => ({
        value: kind,
        label: t(`archive:types.${kind}.plural`),
      }))}
      value={search.type ?? null}
      onChange={(value) => change({ type: (value as PlacePointType | null) ?? undefined })}
      clearable
      w={{ base: '100%', sm: 170 }}
    />
  );
  const years = (
    <YearRange key="years" from={search.from} to={search.to} onChange={(range) => change(range)} />
  );
  const label = (point: PlacePoint) =>
    point.count > 1 ? t('map.cluster', { count: point.count }) : point.title || t('card.untitled');

  return (
    <>
      <PageTitle>{t('map.title')}</PageTitle>
      <ListFilterBar
        id="kf-map-filters"
        values={search}
        onChange={change}
        filters={[type, 'category', 'participant', 'tag', 'language', years]}
        ownActive={(search.type ? 1 : 0) + (search.from || search.to ? 1 : 0)}
        note={
          <Text size="xs" c="dimmed">
            {t('map.keys')}
          </Text>
        }
      />
      {/* Escape from the map or the card closes the card. */}
      <div
        className="kf-map-page"
        ref={frame}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !open) return;
          event.stopPropagation();
          close();
        }}
      >
        <LazyMap
          height="100%"
          label={t('map.label')}
          tileUrl={tiles.url}
          attribution={tiles.attribution}
          start={
            search.lat !== undefined && search.lng !== undefined
              ? { center: [search.lat, search.lng], zoom: search.zoom ?? 12 }
              : { ...WORLD, zoom: 2 }
          }
          points={data}
          pointsZoom={points.data?.zoom}
          busy={query === null || points.isPending || points.isPlaceholderData}
          pointLabel={label}
          onPoint={openPoint}
          onView={moved}
          cover={
            open && card
              ? { element: card, latitude: open.latitude, longitude: open.longitude }
              : null
          }
        />
        {open ? (
          <PointCard
            key={`${open.latitude},${open.longitude}`}
            point={open}
            filters={query ? { ...query, bbox: undefined, zoom: undefined } : {}}
            onClose={close}
            onElement={setCard}
          />
        ) : null}
      </div>
      <Text size="sm" c="dimmed" mt="xs" role="status" aria-live="polite">
        {points.isError
          ? t('map.loadError')
          : query === null || points.isPending
            ? t('map.loading')
            : entries === 0
              ? t('map.empty')
              : t('map.shown', { count: entries })}
      </Text>
    </>
  );
}
