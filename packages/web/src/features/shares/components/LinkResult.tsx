import { Alert, Button, CopyButton, Group, Image, Stack, TextInput } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { CheckIcon, InfoIcon, ShareIcon } from '@/shared/ui/icons';

/** The link just made: its address to copy or send, its QR code, and that it is shown once. */
export function LinkResult({ url, onDone }: { url: string; onDone: () => void }) {
  const { t } = useTranslation('shares');
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, { margin: 1, width: 240, errorCorrectionLevel: 'M' }).then(
      (data) => live && setQr(data),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [url]);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <Stack gap="md">
      <Alert color="blue" variant="light" icon={<InfoIcon size={18} />}>
        {t('dialog.onlyNow')}
      </Alert>
      <TextInput
        label={t('dialog.link')}
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        data-testid="share-url"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Group gap="xs">
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              onClick={copy}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <CheckIcon size={16} /> : null}
            >
              {copied ? t('dialog.copied') : t('dialog.copy')}
            </Button>
          )}
        </CopyButton>
        {canShare ? (
          <Button
            variant="light"
            leftSection={<ShareIcon size={16} />}
            onClick={() => void navigator.share({ url }).catch(() => undefined)}
          >
            {t('dialog.send')}
          </Button>
        ) : null}
      </Group>
      {qr ? (
        <Image
          src={qr}
          alt={t('dialog.qr')}
          w={200}
          h={200}
          mx="auto"
          radius="sm"
          className="kf-share-qr"
        />
      ) : null}
      <Group justify="flex-end">
        <Button variant="subtle" onClick={onDone}>
          {t('dialog.done')}
        </Button>
      </Group>
    </Stack>
  );
}
