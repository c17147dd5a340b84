import { Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
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
import { TrashButtons } from '@/shared/content/TrashButtons';
import { titleAttrs } from '@/shared/content/direction';

export type CardMode = 'list' | 'trash' | 'revisions';

interface ItemCardProps {
  item: ItemListRow;
  mode: CardMode;
  onRestore?: (item: ItemListRow) => void;
  onHardDelete?: (item: ItemListRow) => void;
  /** Whether the row is in the list's selection (bulk actions). */
  selected?: boolean;
  /** The row's checkbox was clicked (with Shift: a range); no checkbox without it. */
  onSelect?: (item: ItemListRow, shift: boolean) => void;
}

/**
 * One item of a list: title, date, sender and recipients, preview or search snippet, badges.
 * Memoised: the list renders again on every change of its page's state (selection, fetching), its
 * unchanged rows do not.
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
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      className="kf-item-card"
      aria-labelledby={titleId}
      data-kf-row={item.id}
      data-selected={selected || undefined}
      tabIndex={-1}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          {onSelect ? (
            <Checkbox
              mt={4}
              checked={selected}
              onChange={() => undefined}
              onClick={(event) => onSelect(item, event.shiftKey)}
              aria-label={tPhotos('selectItem', { title })}
            />
          ) : null}
          {item.thumbnail_url ? (
            <img className="kf-card-thumb" src={item.thumbnail_url} alt="" loading="lazy" />
          ) : null}
          <Title
            order={2}
            size="h4"
            id={titleId}
            {...titleAttrs(item.title, item.language)}
            className="kf-item-title"
          >
            {trashed ? (
              title
            ) : (
              <Anchor component={Link} to={profilePath(item.type, item.id)} inherit>
                {title}
              </Anchor>
            )}
          </Title>
          <Group gap={4} wrap="nowrap">
            {item.files_count > 0 ? (
              <Badge variant="default" size="sm" tt="none">
                {tPhotos('files', { count: item.files_count })}
              </Badge>
            ) : null}
            {item.status === 'draft' ? (
              <Badge color="orange" variant="light" size="sm">
                {t('status.draft')}
              </Badge>
            ) : null}
            {trashed ? (
              <Badge color="red" variant="light" size="sm">
                {t('item.inTrash')}
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          <time dateTime={item.date}>{formatDate(item.date)}</time>
          {item.from.length > 0 ? ` · ${t('item.fromNames', { names: names(item.from) })}` : ''}
          {item.to.length > 0 ? ` · ${t('item.toNames', { names: names(item.to) })}` : ''}
        </Text>
        {item.snippet ? (
          <Snippet snippet={item.snippet} lang={item.language} />
        ) : item.preview ? (
          <Text size="sm" lang={item.language} dir={rtl ? 'rtl' : undefined} className="kf-preview">
            {item.preview.length >= LIMITS.previewLength ? `${item.preview}…` : item.preview}
          </Text>
        ) : null}
        <Group justify="space-between" gap="xs">
          <Group gap={4}>
            <LanguageBadges languages={item.languages} current={item.language} />
            <OwnFieldBadges type={item.type} fields={item.fields} />
          </Group>
          {item.tags.length > 0 ? (
            <Group gap={4} component="ul" className="kf-plain-list" aria-label={t('item.tags')}>
              {item.tags.map((tag) => (
                <li key={tag.id}>
                  <Badge size="sm" variant="default" radius="xl" tt="none">
                    {displayName(tag.name, language)}
                  </Badge>
                </li>
              ))}
            </Group>
          ) : null}
        </Group>
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
      </Stack>
    </Paper>
  );
});
