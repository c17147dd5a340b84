import { Anchor, CloseButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PlacePoint } from '@kinfolio/contract';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import { useDateFormat } from '@/shared/content/dates';
import { useTranslation } from '@/shared/i18n/react';
import { placeQueries } from '@/shared/places/api';
import { entryPath } from '@/shared/places/paths';

/** A tiny box around a spot: the entries of a cluster the map could not split. */
const spotBox = ({ latitude, longitude }: PlacePoint) => {
  const d = 0.0005;
  const fix = (v: number, limit: number) => Math.max(-limit, Math.min(limit, v)).toFixed(5);
  return [
    fix(longitude - d, 180),
    fix(latitude - d, 90),
    fix(longitude + d, 180),
    fix(latitude + d, 90),
  ].join(',');
};

function EntryLine({ point, focus }: { point: PlacePoint; focus?: boolean }) {
  const { t } = useTranslation(['places', 'archive']);
  const formatDate = useDateFormat();
  const type = point.type ?? 'post';
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      {point.thumbnail_url ? (
        <Image
          src={point.thumbnail_url}
          alt=""
          radius="sm"
          fit="cover"
          className="kf-point-card-thumb"
        />
      ) : null}
      <Stack gap={2} miw={0}>
        <Anchor
          component={Link}
          to={entryPath(type, point.id ?? 0)}
          fw={600}
          data-first={focus || undefined}
          className="kf-point-card-title"
        >
          {point.title || t('card.untitled')}
        </Anchor>
        <Text size="xs" c="dimmed">
          {t(`archive:types.${type}.singular`)}
          {point.date ? ` · ${formatDate(point.date)}` : ''}
        </Text>
      </Stack>
    </Group>
  );
}

/**
 * The card a point opens over the map: one entry (thumbnail, title, date, its page), or the
 * entries of a cluster that shares one spot. A computer shows it at the map's bottom left, a
 * phone as a low sheet across the map's bottom (places.css); the map keeps the point in sight
 * above or beside it. It takes the focus when it opens (its first entry, else its close button);
 * Escape and the close button close it (the page gives the focus back).
 */
export function PointCard({
  point,
  filters,
  onClose,
  onElement,
}: {
  point: PlacePoint;
  filters: Record<string, unknown>;
  onClose: () => void;
  /** The card's element, for the map to keep the point clear of it. */
  onElement?: (element: HTMLDivElement | null) => void;
}) {
  const { t } = useTranslation('places');
  const own = useRef<HTMLDivElement>(null);
  const setElement = useCallback(
    (element: HTMLDivElement | null) => {
      own.current = element;
      onElement?.(element);
    },
    [onElement],
  );
  useEffect(() => {
    const card = own.current;
    const first =
      card?.querySelector<HTMLElement>('[data-first]') ??
      card?.querySelector<HTMLElement>('.kf-point-card-close');
    first?.focus({ preventScroll: true });
  }, []);
  const single = point.count === 1 && point.id !== undefined;
  const spot = useQuery({
    ...placeQueries.points({ ...filters, bbox: spotBox(point), zoom: 22 }),
    enabled: !single,
  });
  const entries = single ? [point] : (spot.data?.data ?? []).filter((p) => p.id !== undefined);
  return (
    <Paper
      ref={setElement}
      className="kf-point-card"
      shadow="md"
      radius="md"
      p="sm"
      withBorder
      role="dialog"
      aria-label={
        single ? (point.title ?? t('card.untitled')) : t('card.spot', { count: point.count })
      }
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap="sm" miw={0} className="kf-point-card-list">
          {!single ? (
            <Text size="sm" fw={600}>
              {t('card.spot', { count: point.count })}
            </Text>
          ) : null}
          {entries.map((entry, index) => (
            <EntryLine key={`${entry.type}-${entry.id}`} point={entry} focus={index === 0} />
          ))}
        </Stack>
        <CloseButton
          aria-label={t('card.close')}
          onClick={onClose}
          className="kf-point-card-close"
        />
      </Group>
    </Paper>
  );
}
