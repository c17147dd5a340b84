import { Button, Group, Progress, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { mp3Name, type RecordEntity } from '@kinfolio/contract';
import { useState } from 'react';
import { canShareFiles, shareFile } from '@/shared/content/shareFile';
import { useTranslation } from '@/shared/i18n/react';
import { DownloadIcon, PlayIcon, RecordIcon, ShareIcon, toast } from '@/shared/ui';
import { mp3Queries, mp3Working, useGenerateMp3 } from '../mp3Api';

/**
 * The record page's MP3 actions: "Generate the MP3" (the parts joined by a background job, with
 * its live progress) and, once it matches the record, "Open the MP3" in a new tab at the address
 * GET /api/get-records-file/{id} answers, "Download" under the record's title, and "Share" through
 * the phone's share sheet where the browser can share files. Nothing for a record without audio
 * or in the trash.
 */
export function Mp3Slot({ record }: { record: RecordEntity }) {
  const { t } = useTranslation('records');
  const hasParts = record.files.length > 0 && !record.deleted_at;
  const status = useQuery({ ...mp3Queries.status(record.id), enabled: hasParts });
  const ready = status.data?.status === 'ready';
  const file = useQuery({ ...mp3Queries.file(record.id), enabled: hasParts && ready });
  const generate = useGenerateMp3();

  if (!hasParts || !status.data || status.data.status === 'no_parts') return null;
  const current = status.data;

  if (mp3Working(current)) {
    return (
      <Group gap="xs" wrap="nowrap" miw={200} role="status" aria-live="polite">
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {current.status === 'queued'
            ? t('mp3.queued')
            : t('mp3.running', { progress: current.progress })}
        </Text>
        <Progress
          value={current.status === 'queued' ? 0 : current.progress}
          w={100}
          size="sm"
          animated
          aria-label={t('mp3.progressLabel')}
        />
      </Group>
    );
  }

  if (ready && file.data) {
    return <Mp3Ready url={file.data.url} name={mp3Name(record.title, record.id)} />;
  }
  if (ready) return null;

  const label =
    current.status === 'stale'
      ? t('mp3.regenerate')
      : current.status === 'failed'
        ? t('mp3.retry')
        : t('mp3.generate');
  const hint =
    current.status === 'stale'
      ? t('mp3.staleHint')
      : current.status === 'failed'
        ? t('mp3.failedHint')
        : undefined;
  return (
    <Group gap="xs" wrap="nowrap">
      {hint ? (
        <Text size="xs" c="dimmed" maw={180}>
          {hint}
        </Text>
      ) : null}
      <Button
        variant="light"
        leftSection={<RecordIcon size={16} />}
        loading={generate.isPending}
        onClick={() => generate.mutate(record.id)}
      >
        {label}
      </Button>
    </Group>
  );
}

const MP3_TYPE = 'audio/mpeg';

/** The made MP3: open it in a new tab, keep it under its name, or share it from a phone. */
function Mp3Ready({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation('records');
  const [sharing, setSharing] = useState(false);
  const share = async () => {
    setSharing(true);
    try {
      await shareFile(url, name, MP3_TYPE);
    } catch {
      toast.error(t('mp3.shareFailed'));
    } finally {
      setSharing(false);
    }
  };
  return (
    <Group gap="xs">
      <Button
        component="a"
        href={url}
        target="_blank"
        rel="noopener"
        variant="light"
        leftSection={<PlayIcon size={16} />}
      >
        {t('mp3.open')}
      </Button>
      <Button
        component="a"
        href={url}
        download={name}
        variant="light"
        leftSection={<DownloadIcon size={16} />}
        aria-label={t('mp3.downloadNamed', { name })}
      >
        {t('mp3.download')}
      </Button>
      {canShareFiles(MP3_TYPE) ? (
        <Button
          variant="light"
          leftSection={<ShareIcon size={16} />}
          loading={sharing}
          onClick={() => void share()}
          aria-label={t('mp3.shareNamed', { name })}
        >
          {t('mp3.share')}
        </Button>
      ) : null}
    </Group>
  );
}
