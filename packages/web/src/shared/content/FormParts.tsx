import { Button, Group, Input, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import type { UploadState } from './FileDropZone';

// FilePond is heavy: it loads only when a form with a drop zone opens.
const FileDropZone = lazy(() => import('./FileDropZone'));

/** A labelled file drop zone, its hint under it, loaded on demand. */
export function FileDropField({
  inputId,
  label,
  description,
  onChange,
  accept,
}: {
  inputId: string;
  label: string;
  description: string;
  onChange: (state: UploadState) => void;
  accept?: readonly string[];
}) {
  return (
    <Input.Wrapper
      label={label}
      labelProps={{ htmlFor: inputId }}
      description={description}
      inputWrapperOrder={['label', 'input', 'description']}
    >
      <Suspense fallback={<Skeleton height={76} radius="sm" />}>
        <FileDropZone inputId={inputId} onChange={onChange} accept={accept} />
      </Suspense>
    </Input.Wrapper>
  );
}

/** An edit form's last row: cancel, then save (or create for a new one). */
export function FormSaveBar({
  isNew,
  submitting,
  busy,
  onCancel,
}: {
  isNew: boolean;
  submitting: boolean;
  /** Uploads still running: saving now would leave them out. */
  busy: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation('archive');
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" loading={submitting} disabled={busy}>
        {isNew ? t('actions.create') : t('actions.save')}
      </Button>
    </Group>
  );
}
