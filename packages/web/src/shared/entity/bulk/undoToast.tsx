import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { i18n } from '@/shared/i18n';
import { CheckIcon } from '@/shared/ui';

/** One toast for the last bulk action: a newer action replaces it (only the last one undoes). */
const TOAST_ID = 'kf-bulk-undo';
const UNDO_TOAST_MS = 10_000;

export function showBulkToast(message: string, onUndo?: () => void): void {
  notifications.hide(TOAST_ID);
  notifications.show({
    id: TOAST_ID,
    color: 'teal',
    icon: <CheckIcon size={18} />,
    autoClose: UNDO_TOAST_MS,
    withCloseButton: true,
    role: 'status',
    closeButtonProps: { 'aria-label': i18n.t('common:toast.close') },
    message: (
      <Group gap="sm" justify="space-between" wrap="nowrap">
        <Text size="sm">{message}</Text>
        {onUndo ? (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => {
              notifications.hide(TOAST_ID);
              onUndo();
            }}
          >
            {i18n.t('bulk:undo')}
          </Button>
        ) : null}
      </Group>
    ),
  });
}
