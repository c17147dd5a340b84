import { Button } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/react';
import { RestoreIcon, TrashIcon } from '@/shared/ui';

/** A trashed card's buttons: restore and delete for good, each only when its handler is given. */
export function TrashButtons({
  onRestore,
  onHardDelete,
}: {
  onRestore?: (() => void) | undefined;
  onHardDelete?: (() => void) | undefined;
}) {
  const { t } = useTranslation('archive');
  return (
    <>
      {onRestore ? (
        <Button
          size="xs"
          variant="light"
          leftSection={<RestoreIcon size={14} />}
          onClick={onRestore}
        >
          {t('trash.restore')}
        </Button>
      ) : null}
      {onHardDelete ? (
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<TrashIcon size={14} />}
          onClick={onHardDelete}
        >
          {t('trash.hardDelete')}
        </Button>
      ) : null}
    </>
  );
}
