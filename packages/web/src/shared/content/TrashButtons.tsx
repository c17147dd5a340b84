import { useTranslation } from '@/shared/i18n/react';
import { RestoreIcon, SmallButton, TrashIcon } from '@/shared/ui';

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
        <SmallButton icon={RestoreIcon} onClick={onRestore}>
          {t('trash.restore')}
        </SmallButton>
      ) : null}
      {onHardDelete ? (
        <SmallButton icon={TrashIcon} danger onClick={onHardDelete}>
          {t('trash.hardDelete')}
        </SmallButton>
      ) : null}
    </>
  );
}
