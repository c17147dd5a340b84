import { Button, Group } from '@mantine/core';
import { displayName, LIMITS, type ItemListRow } from '@kinfolio/contract';
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useCan, useUiLanguage } from '@/shared/organisation/hooks';
import { HistoryIcon } from '@/shared/ui';
import { useDateFormat } from '@/shared/content/dates';
import { historyPath, profilePath } from '../itemTypes';
import { LanguageBadges } from './LanguageBadges';
import { OwnFieldBadges } from './OwnFields';
import { Snippet } from '@/shared/content/Snippet';
import { PlainBadge } from '@/shared/content/PlainBadge';
import { TrashButtons } from '@/shared/content/TrashButtons';
import { titleAttrs } from '@/shared/content/direction';
import type { ListMode } from '@/shared/entity/EntityCollection';
import { RowCheck } from '@/shared/entity/RowCheck';

interface ItemCardProps {
  item: ItemListRow;
  mode: ListMode;
  onRestore?: (item: ItemListRow) => void;
  onHardDelete?: (item: ItemListRow) => void;
  /** Whether the row is in the list's selection (bulk actions). */
  selected?: boolean;
  /** The row's checkbox was clicked (with Shift: a range); no checkbox without it. */
  onSelect?: (item: ItemListRow, shift: boolean) => void;
}

/**
 * One item of a list: title, date, sender and recipients, preview or search snippet, badges.
 * Plain elements with the look of Mantine's (`content.css`): a phone renders ten of these on a
 * list's first load, and each Mantine component is a render with theme and style hooks. Memoised:
 * the list renders again on every change of its page's state (selection, fetching), its unchanged
 * rows do not.
 */
export const ItemCard = memo(function ItemCard({
  item,
  mode,
  onRestore,
  onHardDelete,
  selected = false,
  onSelect,
}: ItemCardProps) {
  const { t } = useTranslation('archive');
  const { t: tPhotos } = useTranslation('photos');
  const language = useUiLanguage();
  const formatDate = useDateFormat();
  const canEdit = useCan('content.edit');
  const canDelete = useCan('content.delete');
  const title = item.title || t('item.untitled');
  const names = (refs: { name: string }[]) => refs.map((r) => r.name).join(', ');
  const rtl = item.language === 'ar';
  const trashed = item.deleted_at !== null;
  const titleId = `item-${item.id}-title`;

  return (
    <article
      className="kf-card kf-item-card"
      aria-labelledby={titleId}
      data-kf-row={item.id}
      data-selected={selected || undefined}
      tabIndex={-1}
    >
      <div className="kf-card-head">
        {onSelect ? (
          <RowCheck title={title} selected={selected} onSelect={(shift) => onSelect(item, shift)} />
        ) : null}
        {item.thumbnail_url ? (
          <img className="kf-card-thumb" src={item.thumbnail_url} alt="" loading="lazy" />
        ) : null}
        <h2
          id={titleId}
          {...titleAttrs(item.title, item.language)}
          className="kf-card-title kf-item-title"
        >
          {trashed ? (
            title
          ) : (
            <Link to={profilePath(item.type, item.id)} className="mantine-focus-auto">
              {title}
            </Link>
          )}
        </h2>
        <div className="kf-card-flags">
          {item.files_count > 0 ? (
            <PlainBadge caps={false}>{tPhotos('files', { count: item.files_count })}</PlainBadge>
          ) : null}
          {item.status === 'draft' ? (
            <PlainBadge tone="orange">{t('status.draft')}</PlainBadge>
          ) : null}
          {trashed ? <PlainBadge tone="red">{t('item.inTrash')}</PlainBadge> : null}
        </div>
      </div>
      <p className="kf-text-sm kf-dimmed">
        <time dateTime={item.date}>{formatDate(item.date)}</time>
        {item.from.length > 0 ? ` · ${t('item.fromNames', { names: names(item.from) })}` : ''}
        {item.to.length > 0 ? ` · ${t('item.toNames', { names: names(item.to) })}` : ''}
      </p>
      {item.snippet ? (
        <Snippet snippet={item.snippet} lang={item.language} />
      ) : item.preview ? (
        <p className="kf-text-sm kf-preview" lang={item.language} dir={rtl ? 'rtl' : undefined}>
          {item.preview.length >= LIMITS.previewLength ? `${item.preview}…` : item.preview}
        </p>
      ) : null}
      <div className="kf-row-between">
        <div className="kf-badge-row">
          <LanguageBadges languages={item.languages} current={item.language} />
          <OwnFieldBadges type={item.type} fields={item.fields} />
        </div>
        {item.tags.length > 0 ? (
          <ul className="kf-plain-list kf-badge-row" aria-label={t('item.tags')}>
            {item.tags.map((tag) => (
              <li key={tag.id}>
                <PlainBadge caps={false}>{displayName(tag.name, language)}</PlainBadge>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {mode !== 'list' ? (
        <Group gap="xs" justify="flex-end">
          {item.revisions_count > 0 && !trashed ? (
            <Button
              component={Link}
              to={historyPath(item.type, item.id)}
              size="xs"
              variant="subtle"
              leftSection={<HistoryIcon size={14} />}
            >
              {t('history.open', { count: item.revisions_count })}
            </Button>
          ) : null}
          <TrashButtons
            onRestore={trashed && canEdit && onRestore ? () => onRestore(item) : undefined}
            onHardDelete={
              trashed && canDelete && onHardDelete ? () => onHardDelete(item) : undefined
            }
          />
        </Group>
      ) : null}
    </article>
  );
});
