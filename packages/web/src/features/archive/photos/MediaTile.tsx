import './photos.css';
import { Badge, Group, Text } from '@mantine/core';
import type { ItemListRow } from '@kinfolio/contract';
import { memo } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { titleAttrs } from '@/shared/content/direction';
import { RowArticle, RowTitle } from '@/shared/entity/EntityCard';
import type { EntityRowProps } from '@/shared/entity/EntityCollection';
import { RowCheck } from '@/shared/entity/RowCheck';
import { useDateFormat } from '@/shared/content/dates';
import { MediaIcon } from '@/shared/ui';
import { profilePath } from '../itemTypes';

/** One media of the grid: its first picture, title, date and files count. */
export const MediaTile = memo(function MediaTile(props: EntityRowProps<ItemListRow>) {
  const { row: item, selected, onSelect } = props;
  const { t } = useTranslation('archive');
  const { t: tPhotos } = useTranslation('photos');
  const formatDate = useDateFormat();
  const title = item.title || t('item.untitled');
  const titleId = `item-${item.id}-title`;
  return (
    <RowArticle entry={item} titleId={titleId} selected={selected} className="kf-media-tile">
      <div className="kf-media-tile-picture">
        {item.thumbnail_url ? (
          <img src={item.thumbnail_url} alt="" loading="lazy" />
        ) : (
          <div className="kf-media-tile-empty" aria-hidden="true">
            <MediaIcon size={40} />
          </div>
        )}
        {onSelect ? (
          <span className="kf-media-tile-check">
            <RowCheck
              title={title}
              selected={selected}
              onSelect={(shift) => onSelect(item, shift)}
            />
          </span>
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
          <RowTitle entry={item} to={profilePath(item.type, item.id)} />
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
    </RowArticle>
  );
});
