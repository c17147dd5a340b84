import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IMPORT_LIMITS, isItemType, type Import } from '@kinfolio/contract';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import { numberFormat } from '@/shared/intl';
import { listPathOf, profilePathOf } from '../itemLinks';
import { NearDuplicates } from './NearDuplicates';

/** Links listed per kind of entries created (the server titles these); the rest is counted. */
export const LINKS_SHOWN = IMPORT_LIMITS.titledPerType;

/** The organisation screens of the entries an import creates beside items. */
const ORGANISATION_PATHS: Record<string, string> = {
  categories: '/tabOrganisation/categories',
  participants: '/tabOrganisation/participants',
  tags: '/tabOrganisation/tags',
};

/** The four counts of a report, as figures. */
function Counts({ entry }: { entry: Import }) {
  const { t, i18n } = useTranslation('imports');
  const count = numberFormat(i18n.language);
  const figures = [
    ['created', entry.counts.created],
    ['existing', entry.counts.existing],
    ['nearDuplicates', entry.counts.near_duplicates],
    ['skipped', entry.counts.skipped],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" className="kf-import-counts">
      {figures.map(([key, n]) => (
        <Paper key={key} withBorder p="sm" radius="md">
          <Text component="dt" size="sm" c="dimmed">
            {t(`report.${key}`)}
          </Text>
          <Text component="dd" fw={700} size="xl" m={0}>
            {count.format(n)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * What was created, by kind: the first entries as links to their profiles, by their titles
 * (the number when an item has none any more), and the list of the kind.
 */
function Created({
  created,
  titles,
}: {
  created: Import['created'];
  titles: Import['created_titles'];
}) {
  const { t } = useTranslation('imports');
  const kinds = Object.entries(created).filter(([, ids]) => ids.length > 0);
  if (kinds.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('report.createdTitle')}
      </Title>
      {kinds.map(([kind, ids]) => {
        const label = t(`counts.${kind}`, { defaultValue: kind });
        const type = isItemType(kind) ? kind : null;
        const list = type ? listPathOf(type) : ORGANISATION_PATHS[kind];
        return (
          <Stack key={kind} gap={4}>
            <Group gap="xs">
              <Text fw={600}>
                {label} ({ids.length})
              </Text>
              {list ? (
                <Anchor component={Link} to={list} size="sm">
                  {t('report.openList')}
                </Anchor>
              ) : null}
            </Group>
            {type ? (
              <Stack gap={6} component="ul" className="kf-import-links">
                {ids.slice(0, LINKS_SHOWN).map((id) => (
                  <li key={id}>
                    <Anchor
                      component={Link}
                      to={profilePathOf(type, id)}
                      size="sm"
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {titles[String(id)] || t('report.itemLabel', { type: label, id })}
                    </Anchor>
                  </li>
                ))}
                {ids.length > LINKS_SHOWN ? (
                  <Text component="li" size="sm" c="dimmed">
                    {t('report.more', { count: ids.length - LINKS_SHOWN })}
                  </Text>
                ) : null}
              </Stack>
            ) : null}
          </Stack>
        );
      })}
    </Stack>
  );
}

/**
 * A finished import's report: the counts, what went wrong, what was left out and why, links to
 * what was created, the near-duplicates to review, and Undo for those who may delete.
 */
export function ImportReport({
  entry,
  canUndo,
  undoing,
  onUndo,
}: {
  entry: Import;
  canUndo: boolean;
  undoing: boolean;
  onUndo: () => void;
}) {
  const { t } = useTranslation('imports');
  const hidden = entry.counts.skipped - entry.skipped.length;
  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        {t('report.title')}
      </Title>
      <Counts entry={entry} />
      {entry.errors.length > 0 ? (
        <Alert color="red" variant="light" title={t('report.errors')} role="alert">
          <List size="sm">
            {entry.errors.map((error, index) => (
              <List.Item key={index}>{error}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <Created created={entry.created} titles={entry.created_titles} />
      {entry.near_duplicates.length > 0 && entry.status === 'done' ? (
        <NearDuplicates importId={entry.id} pairs={entry.near_duplicates} />
      ) : null}
      {entry.skipped.length > 0 ? (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('report.skippedTitle')}
          </Title>
          <List size="sm" className="kf-import-skipped">
            {entry.skipped.map((skip, index) => (
              <List.Item key={index}>
                <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {skip.name}
                </Text>
                <Text span size="sm" c="dimmed">
                  {' — '}
                  {t(`report.reasons.${skip.reason}`)}
                </Text>
              </List.Item>
            ))}
            {hidden > 0 ? (
              <List.Item>
                <Text span size="sm" c="dimmed">
                  {t('report.more', { count: hidden })}
                </Text>
              </List.Item>
            ) : null}
          </List>
        </Stack>
      ) : null}
      {canUndo &&
      (entry.status === 'done' || entry.status === 'failed') &&
      entry.counts.created > 0 ? (
        <Group className="kf-import-actions">
          <Button color="red" variant="light" size="md" loading={undoing} onClick={onUndo}>
            {t('undo.action')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
