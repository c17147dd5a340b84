import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { LIMITS, type RecordListRow } from '@kinfolio/contract';
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useDateFormat } from '@/shared/content/dates';
import { titleAttrs, textDir } from '@/shared/content/direction';
import { Snippet } from '@/shared/content/Snippet';
import { TrashButtons } from '@/shared/content/TrashButtons';
import { RowCheck } from '@/shared/entity/RowCheck';
import { useCan } from '@/shared/organisation/hooks';
import { RecordIcon } from '@/shared/ui';
import { recordProfilePath } from '../paths';

interface RecordCardProps {
  record: RecordListRow;
  onRestore?: (record: RecordListRow) => void;
  onHardDelete?: (record: RecordListRow) => void;
  /** Whether the row is in the list's selection (bulk actions). */
  selected?: boolean;
  /** The row's checkbox was clicked (with Shift: a range); no checkbox without it. */
  onSelect?: ((record: RecordListRow, shift: boolean) => void) | undefined;
}

/**
 * One record of the list: title, when and by whom, its tape number, people, snippet or preview.
 * Memoised: the list renders again on every change of its selection, its unchanged rows do not.
 */
export const RecordCard = memo(function RecordCard({
  record,
  onRestore,
  onHardDelete,
  selected = false,
  onSelect,
}: RecordCardProps) {
  const { t } = useTranslation(['records', 'archive']);
  const formatDate = useDateFormat();
  const canEdit = useCan('records.edit');
  const canDelete = useCan('content.delete');
  const trashed = record.deleted_at !== null;
  const title = record.title || t('archive:item.untitled');
  const titleId = `record-${record.id}-title`;
  const tape = [record.number, record.face].filter(Boolean).join(' · ');
  const facts = [
    record.registration_date ? formatDate(record.registration_date) : t('fields.unknownDate'),
    record.owner ? t('card.keptBy', { owner: record.owner }) : '',
    record.location,
  ].filter(Boolean);

  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      className="kf-record-card"
      aria-labelledby={titleId}
      data-kf-row={record.id}
      data-selected={selected || undefined}
      tabIndex={-1}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          {onSelect ? (
            <RowCheck
              title={title}
              selected={selected}
              onSelect={(shift) => onSelect(record, shift)}
            />
          ) : null}
          <Title
            order={2}
            size="h4"
            id={titleId}
            {...titleAttrs(record.title, record.lang)}
            className="kf-record-title"
          >
            {trashed ? (
              title
            ) : (
              <Anchor component={Link} to={recordProfilePath(record.id)} inherit>
                {title}
              </Anchor>
            )}
          </Title>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {trashed ? (
              <Badge color="red" variant="light" size="sm">
                {t('archive:item.inTrash')}
              </Badge>
            ) : null}
            <Badge variant="default" size="sm" tt="none">
              {t(`archive:languages.${record.lang}`, { defaultValue: record.lang })}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {facts.join(' · ')}
        </Text>
        {tape || record.files_count > 0 ? (
          <Group gap={6}>
            {tape ? (
              <Badge variant="default" size="sm" tt="none">
                {t('card.tape', { tape })}
              </Badge>
            ) : null}
            {record.files_count > 0 ? (
              <Badge variant="light" size="sm" tt="none" leftSection={<RecordIcon size={12} />}>
                {t('card.parts', { count: record.files_count })}
              </Badge>
            ) : null}
          </Group>
        ) : null}
        {record.snippet ? (
          <Snippet snippet={record.snippet} lang={record.lang} />
        ) : record.preview ? (
          <Text
            size="sm"
            lang={record.lang}
            dir={textDir(record.lang)}
            className="kf-record-preview"
          >
            {record.preview.length >= LIMITS.previewLength ? `${record.preview}…` : record.preview}
          </Text>
        ) : null}
        {record.people.length > 0 ? (
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              {t('card.people')}
            </Text>{' '}
            {record.people.map((person) => person.name).join(', ')}
          </Text>
        ) : null}
        {trashed ? (
          <Group gap="xs" justify="flex-end">
            <TrashButtons
              onRestore={canEdit && onRestore ? () => onRestore(record) : undefined}
              onHardDelete={canDelete && onHardDelete ? () => onHardDelete(record) : undefined}
            />
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
});
