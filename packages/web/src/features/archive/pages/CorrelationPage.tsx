import '../archive.css';
import { Anchor, Badge, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CONTENT_LANGUAGES, ITEM_TYPES, LIMITS } from '@kinfolio/contract';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import { PageTitle } from '@/shared/ui';
import { EntryFeed } from '@/shared/content/EntryFeed';
import { itemQueries } from '../api';
import { correlationCells } from '../correlation';
import { useDateFormat } from '@/shared/content/dates';
import { correlationPath, parseTypeParam, profilePath } from '../itemTypes';
import { useMedia } from '@/shared/ui/device';

/** `/correlation/{type}`: every original with its versions in fr, en, it, de and ar. */
export default function CorrelationPage() {
  const { t } = useTranslation('archive');
  const params = useParams({ strict: false }) as { type?: string };
  const type = parseTypeParam(params.type) ?? 'post';
  const { page = 1 } = useSearch({ strict: false }) as { page?: number };
  const navigate = useNavigate();
  const formatDate = useDateFormat();
  // One segment per item type no longer fits a phone's width side by side: stack them there.
  const narrow = useMedia('(max-width: 36em)');
  const query = useQuery(itemQueries.correlation(type, page));
  const meta = query.data?.meta;

  const texts = { error: t('correlation.loadError'), empty: t('correlation.empty') };
  const goTo = (value: number) =>
    void navigate({ to: correlationPath(type), search: value > 1 ? { page: value } : {} });

  const content = (
    <EntryFeed query={query} texts={texts} onPage={goTo}>
      {(answer) => (
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing="sm" className="kf-correlation">
            <Table.Caption className="kf-sr-only">
              {t('correlation.caption', { type: t(`types.${type}.plural`) })}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('form.date')}</Table.Th>
                {CONTENT_LANGUAGES.map((lang) => (
                  <Table.Th key={lang} scope="col">
                    <abbr title={t(`languages.${lang}`)}>{lang.toUpperCase()}</abbr>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.data.map((row) => {
                const cells = correlationCells(row);
                return (
                  <Table.Tr key={row.parent_id}>
                    <Table.Td style={{ whiteSpace: 'nowrap', minWidth: 0 }}>
                      <time dateTime={row.date}>{formatDate(row.date)}</time>
                    </Table.Td>
                    {CONTENT_LANGUAGES.map((lang) => {
                      const entry = cells[lang];
                      return (
                        <Table.Td key={lang} lang={lang} dir={lang === 'ar' ? 'rtl' : undefined}>
                          {entry ? (
                            <Stack gap={2} align="flex-start">
                              <Anchor component={Link} to={profilePath(type, entry.id)} size="sm">
                                {entry.content.length >= LIMITS.correlationPreviewLength
                                  ? `${entry.content}…`
                                  : entry.content || t('item.untitled')}
                              </Anchor>
                              {lang === row.original_language ? (
                                <Badge size="xs" variant="default">
                                  {t('translations.original')}
                                </Badge>
                              ) : null}
                            </Stack>
                          ) : (
                            <Text component="span" size="sm" c="dimmed">
                              <span aria-hidden="true">—</span>
                              <span className="kf-sr-only">{t('correlation.missing')}</span>
                            </Text>
                          )}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </EntryFeed>
  );

  return (
    <Stack gap="md">
      <PageTitle mb={0}>{t('correlation.title')}</PageTitle>
      <SegmentedControl
        value={type}
        onChange={(value) => void navigate({ to: correlationPath(value as typeof type) })}
        aria-label={t('correlation.type')}
        data={ITEM_TYPES.map((value) => ({ value, label: t(`types.${value}.plural`) }))}
        orientation={narrow ? 'vertical' : 'horizontal'}
        style={{ alignSelf: 'flex-start' }}
        w={{ base: '100%', xs: 'auto' }}
        className="kf-type-switch"
      />
      {meta ? (
        <Text size="sm" c="dimmed" role="status">
          {t('correlation.total', { count: meta.total })}
        </Text>
      ) : null}
      {content}
    </Stack>
  );
}
