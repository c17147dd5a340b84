import '@/shared/content/content.css';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import {
  CONTENT_LANGUAGES,
  LIMITS,
  type ContentLanguage,
  type CorrelationEntry,
  type CorrelationRow,
  type ItemType,
} from '@kinfolio/contract';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import { useDateFormat } from '@/shared/content/dates';
import { titleAttrs } from '@/shared/content/direction';
import { ResponsiveTable } from '@/shared/kit/ResponsiveTable';
import { correlationCells } from '../correlation';
import { profilePath } from '../itemTypes';

interface CorrelationTableProps {
  type: ItemType;
  rows: readonly CorrelationRow[];
}

/**
 * The originals of one item type with their versions by language: a table with a column per
 * language on wide screens, one card per original on phones (its date over a line per language),
 * where five columns of titles would run off the screen.
 */
export function CorrelationTable({ type, rows }: CorrelationTableProps) {
  const { t } = useTranslation('archive');
  const formatDate = useDateFormat();
  const date = (row: CorrelationRow) => (
    <time dateTime={row.date} style={{ whiteSpace: 'nowrap' }}>
      {formatDate(row.date)}
    </time>
  );
  const version = (row: CorrelationRow, lang: ContentLanguage) => (
    <Version
      type={type}
      entry={correlationCells(row)[lang]}
      lang={lang}
      original={lang === row.original_language}
    />
  );

  return (
    <ResponsiveTable
      rows={rows}
      rowKey={(row) => row.parent_id}
      caption={t('correlation.caption', { type: t(`types.${type}.plural`) })}
      captionHidden
      minWidth={900}
      table={{ layout: 'auto', className: 'kf-correlation' }}
      columns={[
        { header: t('form.date'), cell: date },
        ...CONTENT_LANGUAGES.map((lang) => ({
          header: lang.toUpperCase(),
          head: <abbr title={t(`languages.${lang}`)}>{lang.toUpperCase()}</abbr>,
          cell: (row: CorrelationRow) => version(row, lang),
        })),
      ]}
      card={(row) => (
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {date(row)}
          </Text>
          <Stack gap={8} component="ul" className="kf-plain-list">
            {CONTENT_LANGUAGES.map((lang) => (
              <Group key={lang} component="li" gap="xs" wrap="nowrap" align="flex-start">
                <Badge
                  size="sm"
                  radius="sm"
                  variant="light"
                  style={{ flexShrink: 0 }}
                  aria-label={t(`languages.${lang}`)}
                  title={t(`languages.${lang}`)}
                >
                  {lang.toUpperCase()}
                </Badge>
                <div style={{ minWidth: 0, flex: 1 }}>{version(row, lang)}</div>
              </Group>
            ))}
          </Stack>
        </Stack>
      )}
    />
  );
}

/** One language's version of an original: its linked preview (the original marked), or a dash. */
function Version({
  type,
  entry,
  lang,
  original,
}: {
  type: ItemType;
  entry: CorrelationEntry | undefined;
  lang: ContentLanguage;
  original: boolean;
}) {
  const { t } = useTranslation('archive');
  if (!entry) {
    return (
      <Text component="span" size="sm" c="dimmed">
        <span aria-hidden="true">—</span>
        <span className="kf-sr-only">{t('correlation.missing')}</span>
      </Text>
    );
  }
  // The preview is in the version's language and direction; the "untitled" fallback and the
  // "original" badge are interface text, in the page's.
  const preview = entry.content
    ? entry.content.length >= LIMITS.correlationPreviewLength
      ? `${entry.content}…`
      : entry.content
    : '';
  const attrs = titleAttrs(preview, lang);
  return (
    // The "original" badge sits where a right-to-left preview starts: on the right.
    <Stack gap={2} align={attrs.dir === 'rtl' ? 'flex-end' : 'flex-start'}>
      <Anchor
        component={Link}
        to={profilePath(type, entry.id)}
        size="sm"
        style={{ overflowWrap: 'anywhere', alignSelf: 'stretch' }}
        {...attrs}
      >
        {preview || t('item.untitled')}
      </Anchor>
      {original ? (
        <Badge size="xs" variant="default">
          {t('translations.original')}
        </Badge>
      ) : null}
    </Stack>
  );
}
