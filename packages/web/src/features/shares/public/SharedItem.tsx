import type { PublicItem, PublicShareInfo } from '@kinfolio/contract';
import { useState, type ReactNode } from 'react';
import { textDir } from '@/shared/content/direction';
import { useTranslation } from '@/shared/i18n/react';
import { Facts } from './Facts';
import { usePublicFormat } from './format';
import { ItemText } from './ItemText';
import { SharedFiles } from './SharedFiles';
import { VersionTabs } from './VersionTabs';

type Version = PublicItem['translations'][number];

/** An item's version as read: date, people, tags, text, then its files. */
function VersionView({
  version,
  item,
  info,
}: {
  version: Version;
  item: PublicItem;
  info: PublicShareInfo;
}) {
  const { t } = useTranslation('shares');
  const format = usePublicFormat();
  const facts: { label: string; value: ReactNode }[] = [
    {
      label: t('public.date'),
      value: <time dateTime={version.date}>{format.date(version.date)}</time>,
    },
  ];
  if (item.from.length) facts.push({ label: t('public.from'), value: item.from.join(', ') });
  if (item.to.length) facts.push({ label: t('public.to'), value: item.to.join(', ') });
  if (item.tags.length) facts.push({ label: t('public.tags'), value: item.tags.join(', ') });
  return (
    <div className="kf-public-stack">
      <Facts facts={facts} />
      <ItemText html={version.content} language={version.language} />
      <SharedFiles files={version.files} allowDownload={info.allow_download} />
    </div>
  );
}

/**
 * A shared item laid out for reading. Its other languages, when the link includes them, are tabs
 * (the original first); each tab has its own title, text and files.
 */
export function SharedItem({
  item,
  info,
  byline,
}: {
  item: PublicItem;
  info: PublicShareInfo;
  /** Who shared it and until when, under the title (a single item's link). */
  byline?: ReactNode;
}) {
  const { t } = useTranslation('shares');
  const versions: Version[] = [item, ...item.translations];
  const [active, setActive] = useState(String(item.id));
  const shown = versions.find((version) => String(version.id) === active) ?? item;
  const language = (code: string) => t(`languages.${code}`, { defaultValue: code });
  return (
    <article className="kf-public-stack">
      <div className="kf-public-stack is-tighter">
        <h1 className="kf-public-title" lang={shown.language} dir={textDir(shown.language)}>
          {shown.title || t('public.untitled')}
        </h1>
        {byline}
      </div>
      {versions.length > 1 ? (
        <VersionTabs
          label={t('public.versions')}
          value={String(shown.id)}
          onChange={setActive}
          tabs={versions.map((version) => ({
            value: String(version.id),
            label:
              version.id === item.id
                ? t('public.original', { language: language(version.language) })
                : language(version.language),
          }))}
        >
          <VersionView version={shown} item={item} info={info} />
        </VersionTabs>
      ) : (
        <VersionView version={item} item={item} info={info} />
      )}
      {versions.length === 1 && !item.content && item.files.length === 0 ? (
        <p className="kf-public-dimmed">{t('public.empty')}</p>
      ) : null}
    </article>
  );
}
