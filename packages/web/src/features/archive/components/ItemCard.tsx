import { Button } from '@mantine/core';
import { displayName, type ItemListRow } from '@kinfolio/contract';
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useUiLanguage } from '@/shared/organisation/hooks';
import { HistoryIcon } from '@/shared/ui';
import { useDateFormat } from '@/shared/content/dates';
import { PlainBadge } from '@/shared/content/PlainBadge';
import { EntityCard, RowPreview } from '@/shared/entity/EntityCard';
import type { EntityRowProps } from '@/shared/entity/EntityCollection';
import { historyPath, profilePath } from '../itemTypes';
import { LanguageBadges } from './LanguageBadges';
import { OwnFieldBadges } from './OwnFields';

/**
 * One item of a list: title, date, sender and recipients, preview or search snippet, badges.
 * Memoised: the list renders again on every change of its page's state (selection, fetching),
 * its unchanged rows do not.
 */
export const ItemCard = memo(function ItemCard(props: EntityRowProps<ItemListRow>) {
  const { row: item, mode } = props;
  const { t } = useTranslation('archive');
  const { t: tPhotos } = useTranslation('photos');
  const language = useUiLanguage();
  const formatDate = useDateFormat();
  const names = (refs: { name: string }[]) => refs.map((r) => r.name).join(', ');

  return (
    <EntityCard
      of={props}
      kind="item"
      language={item.language}
      to={profilePath(item.type, item.id)}
      thumbnail={item.thumbnail_url}
      flags={
        <>
          {item.files_count > 0 ? (
            <PlainBadge caps={false}>{tPhotos('files', { count: item.files_count })}</PlainBadge>
          ) : null}
          {item.status === 'draft' ? (
            <PlainBadge tone="orange">{t('status.draft')}</PlainBadge>
          ) : null}
        </>
      }
      actions={
        mode === 'revisions' && item.revisions_count > 0 ? (
          <Button
            component={Link}
            to={historyPath(item.type, item.id)}
            size="xs"
            variant="subtle"
            leftSection={<HistoryIcon size={14} />}
          >
            {t('history.open', { count: item.revisions_count })}
          </Button>
        ) : null
      }
    >
      <p className="kf-text-sm kf-dimmed">
        <time dateTime={item.date}>{formatDate(item.date)}</time>
        {item.from.length > 0 ? ` · ${t('item.fromNames', { names: names(item.from) })}` : ''}
        {item.to.length > 0 ? ` · ${t('item.toNames', { names: names(item.to) })}` : ''}
      </p>
      <RowPreview snippet={item.snippet} preview={item.preview} language={item.language} />
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
    </EntityCard>
  );
});
