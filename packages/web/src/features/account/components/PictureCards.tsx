import { BackgroundImage, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { PICTURE_LIMITS, PICTURE_PIXELS, type CurrentUser } from '@kinfolio/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { isApiError } from '@/shared/api/client';
import { FormAlert, UserAvatar } from '@/shared/ui';
import { useRemovePicture, useUploadPicture } from '../pictures';
import { CropDialog } from './CropDialog';
import { croppedBlob, type CropArea } from './cropImage';

const ACCEPT = PICTURE_LIMITS.accept.join(',');

/** The server's words for a refused picture: the field's message (422) or the answer's. */
function pictureError(error: unknown): unknown {
  return isApiError(error) ? (error.fieldError('image') ?? error.message) : error;
}

/** An object URL for a chosen file, revoked when it is replaced or the card goes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * What both cards hold: the upload and removal requests, their alerts (the refusal, or the last
 * answer), and the remove button of the card's kind.
 */
function usePictureActions(kind: 'profile' | 'site') {
  const [done, setDone] = useState<string | null>(null);
  const upload = useUploadPicture();
  const remove = useRemovePicture();
  const alerts = (
    <>
      <FormAlert message={pictureError(upload.error ?? remove.error)} />
      <FormAlert message={done} color="green" />
    </>
  );
  const removeButton = (label: string) => (
    <Button
      variant="subtle"
      color="red"
      loading={remove.isPending}
      onClick={() => {
        setDone(null);
        upload.reset();
        remove.mutate(kind, { onSuccess: (answer) => setDone(answer.message) });
      }}
    >
      {label}
    </Button>
  );
  return { upload, remove, setDone, alerts, removeButton };
}

/** The profile picture: chosen, framed in the crop dialog, sent; or removed (initials again). */
export function ProfilePictureCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('account');
  const [file, setFile] = useState<File | null>(null);
  const src = useObjectUrl(file);
  const { upload, remove, setDone, alerts, removeButton } = usePictureActions('profile');

  const crop = async (area: CropArea) => {
    if (!src) return;
    setDone(null);
    const blob = await croppedBlob(src, area, PICTURE_PIXELS.profile.large * 2);
    const answer = await upload.mutateAsync({ kind: 'profile', file: blob }).catch(() => null);
    setFile(null);
    if (answer) setDone(answer.message);
  };

  return (
    <Stack gap="md">
      {alerts}
      <Group gap="lg" wrap="nowrap">
        <UserAvatar name={user.name} picture={user.picture} size={96} />
        <Stack gap="xs">
          <FileButton
            onChange={(chosen) => {
              upload.reset();
              remove.reset();
              setFile(chosen);
            }}
            accept={ACCEPT}
          >
            {(props) => (
              <Button {...props} variant="light">
                {user.picture ? t('picture.change') : t('picture.choose')}
              </Button>
            )}
          </FileButton>
          {user.picture ? removeButton(t('picture.remove')) : null}
        </Stack>
      </Group>
      <Text size="xs" c="dimmed">
        {t('picture.hint')}
      </Text>
      <CropDialog
        key={src ?? 'closed'}
        src={src}
        saving={upload.isPending}
        onCancel={() => setFile(null)}
        onCrop={(area) => void crop(area)}
      />
    </Stack>
  );
}

/** The site picture: the user's own banner on every page, with a preview and a remove button. */
export function SitePictureCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('account');
  const { upload, remove, setDone, alerts, removeButton } = usePictureActions('site');
  const picture = user.site_picture;

  return (
    <Stack gap="md">
      {alerts}
      {picture ? (
        <BackgroundImage
          src={picture.medium}
          radius="md"
          h={140}
          role="img"
          aria-label={t('sitePicture.preview')}
          data-testid="site-picture-preview"
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('sitePicture.none')}
        </Text>
      )}
      <Group gap="sm">
        <FileButton
          onChange={(file) => {
            if (!file) return;
            setDone(null);
            remove.reset();
            upload.mutate(
              { kind: 'site', file },
              { onSuccess: (answer) => setDone(answer.message) },
            );
          }}
          accept={ACCEPT}
        >
          {(props) => (
            <Button {...props} variant="light" loading={upload.isPending}>
              {picture ? t('sitePicture.change') : t('sitePicture.choose')}
            </Button>
          )}
        </FileButton>
        {picture ? removeButton(t('sitePicture.remove')) : null}
      </Group>
    </Stack>
  );
}
