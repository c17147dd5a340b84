import { Stack, Tabs, Text, Title } from '@mantine/core';
import type { PublicItem, PublicShareInfo } from '@kinfolio/contract';
import { useState, type ReactNode } from 'react';
import { useDateFormat } from '@/shared/content/dates';
import { textDir } from '@/shared/content/direction';
import { useTranslation } from '@/shared/i18n/react';
import { ItemText } from './ItemText';
import { SharedFiles } from './SharedFiles';

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
  const formatDate = useDateFormat();
  const facts: { label: string; value: ReactNode }[] = [
    {
      label: t('public.date'),
      value: <time dateTime={version.date}>{formatDate(version.date)}</time>,
    },
  ];
  if (item.from.length) facts.push({ label: t('public.from'), value: item.from.join(', ') });
  if (item.to.length) facts.push({ label: t('public.to'), value: item.to.join(', ') });
  if (item.tags.length) facts.push({ label: t('public.tags'), value: item.tags.join(', ') });
  return (
    <Stack gap="md">
      <dl className="kf-public-facts">
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <ItemText html={version.content} language={version.language} />
      <SharedFiles files={version.files} allowDownload={info.allow_download} />
    </Stack>
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
    <Stack gap="md" component="article">
      <Stack gap={4}>
        <Title
          order={1}
          className="kf-public-title"
          lang={shown.language}
          dir={textDir(shown.language)}
        >
          {shown.title || t('public.untitled')}
        </Title>
        {byline}
      </Stack>
      {versions.length > 1 ? (
        <Tabs value={active} onChange={(value) => setActive(value ?? String(item.id))}>
          <Tabs.List aria-label={t('public.versions')}>
            {versions.map((version) => (
              <Tabs.Tab key={version.id} value={String(version.id)}>
                {version.id === item.id
                  ? t('public.original', { language: language(version.language) })
                  : language(version.language)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {versions.map((version) => (
            <Tabs.Panel key={version.id} value={String(version.id)} pt="md">
              {String(version.id) === active ? (
                <VersionView version={version} item={item} info={info} />
              ) : null}
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : (
        <VersionView version={item} item={item} info={info} />
      )}
      {versions.length === 1 && !item.content && item.files.length === 0 ? (
        <Text c="dimmed">{t('public.empty')}</Text>
      ) : null}
    </Stack>
  );
}
