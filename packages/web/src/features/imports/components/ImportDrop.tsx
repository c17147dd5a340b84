import { Alert, Button, FileButton, Progress, Stack, Text } from '@mantine/core';
import type { Import } from '@kinfolio/contract';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { isApiError } from '@/shared/api/client';
import { errorText } from '@/shared/api/responses';
import { useTranslation } from '@/shared/i18n/react';
import { ShareIcon } from '@/shared/ui';
import { useMedia } from '@/shared/ui/device';
import { uploadImport } from '../upload';

/**
 * What the picker offers: archives, mailboxes, chats, family trees (GEDCOM), pictures and videos. Extensions and types
 * both, as phones' pickers read one or the other; the server recognises sources by content.
 */
export const IMPORT_ACCEPT = [
  '.zip',
  '.mbox',
  '.gz',
  '.eml',
  '.txt',
  '.ged',
  'application/zip',
  'application/mbox',
  'message/rfc822',
  'text/plain',
  'application/x-gedcom',
  'image/*',
  'video/*',
].join(',');

interface Sending {
  name: string;
  percent: number;
}

/**
 * The Import page's start: a drop zone that is also a big button opening the file picker (the
 * way in on a phone), then the upload's progress. Resolves to the import waiting on its preview.
 * A file `shared` to the app from the phone's share sheet is sent as if it had been dropped.
 */
export function ImportDrop({
  onUploaded,
  shared = null,
}: {
  onUploaded: (entry: Import) => void;
  shared?: File | null;
}) {
  const { t } = useTranslation('imports');
  const [over, setOver] = useState(false);
  // A finger cannot drag a file onto the page: a phone is offered its files (or the share sheet).
  const touch = useMedia('(pointer: coarse)');
  const [sending, setSending] = useState<Sending | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  // Leaving the page while the bytes are on their way stops them (nothing was queued yet).
  useEffect(() => () => abort.current?.abort(), []);

  const send = (file: File) => {
    const controller = new AbortController();
    abort.current = controller;
    setFailure(null);
    setSending({ name: file.name, percent: 0 });
    uploadImport(
      file,
      { preview: true },
      {
        signal: controller.signal,
        onProgress: ({ loaded, total }) =>
          setSending({ name: file.name, percent: total ? Math.round((loaded / total) * 100) : 0 }),
      },
    )
      .then(onUploaded)
      .catch((error: unknown) => {
        setSending(null);
        if (controller.signal.aborted) return;
        const reason = isApiError(error) ? errorText(error) : String(error);
        setFailure(t('drop.failed', { name: file.name, error: reason }));
      });
  };

  const sentShared = useRef<File | null>(null);
  useEffect(() => {
    if (!shared || sentShared.current === shared) return;
    sentShared.current = shared;
    send(shared);
    // Sent once per shared file; `send` is the same upload a drop starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shared]);

  const dropped = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) send(file);
  };

  if (sending) {
    return (
      <Stack gap="xs" className="kf-import-drop" data-busy>
        <Text aria-live="polite">
          {t('drop.sending', { name: sending.name, percent: sending.percent })}
        </Text>
        <Progress
          value={sending.percent}
          size="lg"
          aria-label={t('drop.progressLabel', { name: sending.name })}
        />
        <Button variant="default" onClick={() => abort.current?.abort()} size="md">
          {t('drop.cancel')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <div
        className="kf-import-drop"
        data-over={over || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={dropped}
      >
        <Stack align="center" gap="xs">
          <ShareIcon size={36} />
          {touch ? (
            <Text fw={600}>{t('drop.touchLabel')}</Text>
          ) : (
            <>
              <Text fw={600}>{t('drop.label')}</Text>
              <Text size="sm" c="dimmed">
                {t('drop.or')}
              </Text>
            </>
          )}
          <FileButton onChange={(file) => file && send(file)} accept={IMPORT_ACCEPT}>
            {(props) => (
              <Button
                {...props}
                size="lg"
                className="kf-import-choose"
                leftSection={<ShareIcon size={20} />}
              >
                {t('drop.choose')}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            {t('drop.hint')}
          </Text>
        </Stack>
      </div>
      {failure ? (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      ) : null}
    </Stack>
  );
}
