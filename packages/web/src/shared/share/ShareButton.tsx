import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/react';
import type { RowActionSpec } from '@/shared/kit/ActionsCell';
import { useCan } from '@/shared/organisation/hooks';
import { ShareIcon } from '@/shared/ui/icons';
import { openShare, SHARE_PERMISSION, type ShareTarget } from './request';

/** "Share": opens the share dialog for the entry the screen shows (for those who may share). */
export function ShareButton({
  target,
  variant = 'subtle',
  size,
}: {
  target: ShareTarget;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}) {
  const { t } = useTranslation('common');
  const canShare = useCan(SHARE_PERMISSION);
  if (!canShare) return null;
  return (
    <Button
      variant={variant}
      size={size}
      leftSection={<ShareIcon size={16} />}
      onClick={() => openShare(target)}
      aria-label={t('share.label', { title: target.title })}
    >
      {t('share.button')}
    </Button>
  );
}

/** A table row's "Share …" button (tags, people), for the tables' actions column. */
export function useShareAction(): (target: ShareTarget) => RowActionSpec {
  const { t } = useTranslation('common');
  return (target) => ({
    label: t('share.label', { title: target.title }),
    icon: <ShareIcon size={16} />,
    onClick: () => openShare(target),
  });
}
