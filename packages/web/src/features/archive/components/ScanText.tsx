import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AttachedFile, Item } from '@kinfolio/contract';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useCan } from '@/shared/organisation/hooks';
import { itemResource } from '../api';
import { scanTextQuery, textAsContent, useCorrectScanText } from '../scanTextApi';

/** Pictures and PDFs: what OCR reads. */
export const isScan = (file: AttachedFile) =>
  file.mime === 'application/pdf' ||
  (file.mime.startsWith('image/') && file.mime !== 'image/svg+xml');

/**
 * The text read from one scan, beside its picture: selectable, with its confidence; editors
 * correct it, or copy it into the item's content in one action (the item's own save).
 */
export function ScanText({ item, file }: { item: Item; file: AttachedFile }) {
  const { t } = useTranslation('archive');
  const canEdit = useCan('content.edit') && !item.deleted_at;
  const { data } = useQuery(scanTextQuery(file.id));
  const correct = useCorrectScanText();
  const save = itemResource(item.type).useSave();
  const [draft, setDraft] = useState<string | null>(null);
  // With reading turned off, a picture without a text has nothing to show: no panel under every
  // photo saying so.
  if (!data || (data.status === 'off' && !data.text)) return null;
  const status = data.skipped
    ? t('scanText.skipped')
    : data.status === 'done'
      ? null
      : t(`scanText.status.${data.status}`);
  const copy = () =>
    save.mutate({
      entity: item,
      changes: { content: `${item.content}${textAsContent(data.text)}` },
      uploads: [],
    });
  const labelId = `kf-scan-text-${file.id}`;
  return (
    <Paper withBorder p="xs" radius="md" className="kf-scan-text" aria-labelledby={labelId}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600} id={labelId}>
            {t('scanText.title', { name: file.name })}
          </Text>
          {data.status === 'done' && data.confidence !== null && !data.skipped ? (
            <Text size="xs" c="dimmed">
              {t('scanText.confidence', { value: Math.round(data.confidence) })}
            </Text>
          ) : null}
          {data.edited ? (
            <Text size="xs" c="dimmed">
              {t('scanText.edited')}
            </Text>
          ) : null}
        </Group>
        {status ? (
          <Text size="sm" c="dimmed">
            {status}
          </Text>
        ) : null}
        {draft === null && data.text ? (
          <Text size="sm" className="kf-scan-text-body" dir="auto">
            {data.text}
          </Text>
        ) : null}
        {draft !== null ? (
          <Textarea
            label={t('scanText.correctLabel')}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            autosize
            minRows={4}
            maxRows={20}
            dir="auto"
          />
        ) : null}
        {canEdit ? (
          <Group gap="xs">
            {draft === null ? (
              <>
                <Button size="compact-sm" variant="light" onClick={() => setDraft(data.text)}>
                  {t('scanText.correct')}
                </Button>
                {data.text ? (
                  <Button size="compact-sm" variant="light" onClick={copy} loading={save.isPending}>
                    {t('scanText.copy')}
                  </Button>
                ) : null}
              </>
            ) : (
              <>
                <Button
                  size="compact-sm"
                  loading={correct.isPending}
                  onClick={() =>
                    correct.mutate(
                      { fileId: file.id, text: draft },
                      { onSuccess: () => setDraft(null) },
                    )
                  }
                >
                  {t('scanText.save')}
                </Button>
                <Button size="compact-sm" variant="subtle" onClick={() => setDraft(null)}>
                  {t('scanText.cancel')}
                </Button>
              </>
            )}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
