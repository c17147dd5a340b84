import { i18n } from '@/shared/i18n';
import { confirm } from '@/shared/ui';

/**
 * Asks before deleting; `onConfirm` runs after the dialog closed. A refusal (422, e.g. a category
 * that still has children) comes back as the server's message in a toast.
 */
export function confirmDelete(options: { title: string; message: string; onConfirm: () => void }) {
  const t = (key: string) => i18n.t(key, { ns: 'organisation' });
  confirm({
    title: options.title,
    message: options.message,
    confirmLabel: t('actions.delete'),
    cancelLabel: t('actions.cancel'),
    onConfirm: options.onConfirm,
  });
}
