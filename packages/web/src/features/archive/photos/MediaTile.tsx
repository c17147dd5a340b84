import './photos.css';
import { Anchor, Badge, Checkbox, Group, Paper, Text } from '@mantine/core';
import type { ItemListRow } from '@kinfolio/contract';
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { titleAttrs } from '@/shared/content/direction';
import { useDateFormat } from '@/shared/content/dates';
import { MediaIcon } from '@/shared/ui';
import { profilePath } from '../itemTypes';

interface MediaTileProps {
  item: ItemListRow;
  selected?: boolean;
  onSelect?: (item: ItemListRow, shift: boolean) => void;
}

/** One media of the grid: its first picture, title, date and files count. */
export const MediaTile = memo(function MediaTile({
  item,
  selected = false,
  onSelect,
}: MediaTileProps) {
  const { t } = useTranslation('archive');
  const { t: tPhotos } = useTranslation('photos');
  const formatDate = useDateFormat();
  const title = item.title || t('item.untitled');
  const titleId = `item-${item.id}-title`;
  const trashed = item.deleted_at !== null;
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      className="kf-media-tile"
      aria-labelledby={titleId}
      data-kf-row={item.id}
      data-selected={selected || undefined}
      tabIndex={-1}
    >
      <div className="kf-media-tile-picture">
        {item.thumbnail_url ? (
          <img src={item.thumbnail_url} alt="" loading="lazy" />
        ) : (
          <div className="kf-media-tile-empty" aria-hidden="true">
            <MediaIcon size={40} />
          </div>
        )}
        {onSelect ? (
          <Checkbox
            className="kf-media-tile-check"
            checked={selected}
            onChange={() => undefined}
            onClick={(event) => onSelect(item, event.shiftKey)}
            aria-label={tPhotos('selectItem', { title })}
          />
        ) : null}
        {item.files_count > 0 ? (
          <Badge className="kf-media-tile-count" size="sm" variant="filled" color="dark" tt="none">
            {tPhotos('files', { count: item.files_count })}
          </Badge>
        ) : null}
      </div>
      <div className="kf-media-tile-text">
        <Text
          component="h2"
          fw={600}
          size="sm"
          id={titleId}
          lineClamp={2}
          {...titleAttrs(item.title, item.language)}
        >
          {trashed ? (
            title
          ) : (
            <Anchor component={Link} to={profilePath(item.type, item.id)} inherit>
              {title}
            </Anchor>
          )}
        </Text>
        <Group gap={4} justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed">
            <time dateTime={item.date}>{formatDate(item.date)}</time>
          </Text>
          {item.status === 'draft' ? (
            <Badge color="orange" variant="light" size="xs">
              {t('status.draft')}
            </Badge>
          ) : null}
        </Group>
      </div>
    </Paper>
  );
});
