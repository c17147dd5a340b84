import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '@/shared/i18n';

/**
 * Asks before deleting; `onConfirm` runs after the dialog closed. A refusal (422, e.g. a category
 * that still has children) comes back as the server's message in a toast.
 */
export function confirmDelete(options: { title: string; message: string; onConfirm: () => void }) {
  const t = (key: string) => i18n.t(key, { ns: 'organisation' });
  modals.openConfirmModal({
    title: options.title,
    children: <Text size="sm">{options.message}</Text>,
    labels: { confirm: t('actions.delete'), cancel: t('actions.cancel') },
    confirmProps: { color: 'red' },
    closeButtonProps: { 'aria-label': i18n.t('common:actions.close') },
    onConfirm: options.onConfirm,
  });
}
