import { Button, Group, Menu, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CONTENT_LANGUAGES, type AttachedFile, type Item } from '@kinfolio/contract';
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
 * correct it, or copy it in one action into the item's content or into a translation's, an
 * existing one or a new one in the chosen language (the items' own saves, so each is a revision).
 */
export function ScanText({ item, file }: { item: Item; file: AttachedFile }) {
  const { t } = useTranslation('archive');
  const canEdit = useCan('content.edit') && !item.deleted_at;
  const { data } = useQuery(scanTextQuery(file.id));
  const correct = useCorrectScanText();
  const resource = itemResource(item.type);
  const save = resource.useSave();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const [fetching, setFetching] = useState(false);
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
  // Versions in the trash take no text, and their language is still theirs: offered neither way.
  const others = item.translations.filter((v) => v.id !== item.id && !v.deleted_at);
  const taken = new Set([item.language, ...item.translations.map((v) => v.language)]);
  const missing = CONTENT_LANGUAGES.filter((language) => !taken.has(language));
  const copyInto = async (versionId: number) => {
    setFetching(true);
    try {
      // Its content now, not as a list once showed it: the text goes after what it says today.
      const version = await queryClient.fetchQuery(resource.queries.single(versionId));
      save.mutate({
        entity: version,
        changes: { content: `${version.content}${textAsContent(data.text)}` },
        uploads: [],
      });
    } finally {
      setFetching(false);
    }
  };
  const createIn = (language: (typeof CONTENT_LANGUAGES)[number]) =>
    save.mutate({
      create: {
        // The original's title until someone translates it: a list then shows what it is.
        title: item.title,
        content: textAsContent(data.text),
        language,
        status: item.status,
        parent_id: item.parent_id ?? item.id,
      },
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
                {data.text && (others.length > 0 || missing.length > 0) ? (
                  // No focus placeholder: Mantine's is a role=presentation child of the menu,
                  // which axe flags (aria-required-children); focus then starts on the menu.
                  <Menu position="bottom-start" withinPortal>
                    <Menu.Target>
                      <Button
                        size="compact-sm"
                        variant="light"
                        loading={fetching || save.isPending}
                      >
                        {t('scanText.copyTranslation')}
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {others.map((version) => (
                        <Menu.Item key={version.id} onClick={() => void copyInto(version.id)}>
                          {t('scanText.intoVersion', {
                            language: t(`languages.${version.language}`),
                          })}
                        </Menu.Item>
                      ))}
                      {others.length > 0 && missing.length > 0 ? <Menu.Divider /> : null}
                      {missing.map((language) => (
                        <Menu.Item key={language} onClick={() => createIn(language)}>
                          {t('scanText.intoNew', { language: t(`languages.${language}`) })}
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
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
