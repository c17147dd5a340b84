import { ActionIcon, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { RecordEntity, RecordFile } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { useFileSize } from '@/shared/content/fileSize';
import { ArrowIcon, DownloadIcon, TrashIcon } from '@/shared/ui';
import { confirmDeleteFile } from '@/shared/entity/confirmDelete';
import { recordResource } from '../api';
import { useOrderParts } from '../mutations';

/** The order after moving one part up or down (unchanged at the ends). */
export function moved(ids: readonly number[], index: number, step: -1 | 1): number[] {
  const target = index + step;
  if (index < 0 || target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/**
 * The record's audio parts in the order they play; while editing, each moves up or down (saved at
 * once) or is deleted.
 */
export function AudioParts({ record, editable }: { record: RecordEntity; editable: boolean }) {
  const { t } = useTranslation('records');
  const size = useFileSize();
  const order = useOrderParts();
  const remove = recordResource.useDeleteFile();
  if (record.files.length === 0) return null;
  const ids = record.files.map((file) => file.id);
  const move = (index: number, step: -1 | 1) =>
    order.mutate({ record, files: moved(ids, index, step) });
  const confirmDelete = (file: RecordFile) =>
    confirmDeleteFile((key, name) => t(`parts.${key}`, { name }), file, remove.mutate);

  return (
    <section aria-labelledby="kf-record-parts-title">
      <Title order={2} size="h5" id="kf-record-parts-title" mb={6}>
        {t('parts.title', { count: record.files.length })}
      </Title>
      <Stack gap={6} component="ol" className="kf-plain-list" aria-busy={order.isPending}>
        {record.files.map((file, index) => (
          <Paper component="li" key={file.id} withBorder radius="sm" p={6} ps="xs">
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm" className="kf-part-line">
                <Text span c="dimmed" size="sm">
                  {index + 1}.{' '}
                </Text>
                <Anchor href={file.url} target="_blank" rel="noopener" size="sm">
                  <DownloadIcon size={14} /> {file.name}
                </Anchor>{' '}
                <Text span c="dimmed" size="xs">
                  {size(file.size)}
                </Text>
              </Text>
              {editable ? (
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    onClick={() => move(index, -1)}
                    disabled={index === 0 || order.isPending}
                    aria-label={t('parts.up', { name: file.name })}
                  >
                    <ArrowIcon direction="up" size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    onClick={() => move(index, 1)}
                    disabled={index === record.files.length - 1 || order.isPending}
                    aria-label={t('parts.down', { name: file.name })}
                  >
                    <ArrowIcon direction="down" size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => confirmDelete(file)}
                    aria-label={t('parts.delete', { name: file.name })}
                  >
                    <TrashIcon size={16} />
                  </ActionIcon>
                </Group>
              ) : null}
            </Group>
          </Paper>
        ))}
      </Stack>
    </section>
  );
}
