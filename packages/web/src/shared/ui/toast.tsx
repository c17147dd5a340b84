import { notifications } from '@mantine/notifications';
import { i18next } from '@/shared/i18n';
import { AlertIcon, CheckIcon, ErrorIcon, InfoIcon } from './icons';
import { INTENT_COLORS, toastNotice, type ToastIntent, type ToastNotice } from './toastOptions';

export type { ToastIntent, ToastNotice };

const ICONS = { info: InfoIcon, success: CheckIcon, warning: AlertIcon, error: ErrorIcon };

/**
 * Shows a toast. Mantine pauses the timer while the toast is hovered and restarts it on leave;
 * a click anywhere on the toast or on its close icon dismisses it.
 */
export function showToast(
  intent: ToastIntent,
  title: string,
  message?: string,
  timeoutMs?: number,
): string {
  const notice = toastNotice(intent, title, message, timeoutMs);
  const Icon = ICONS[intent];
  notifications.show({
    id: notice.id,
    title: notice.message ? notice.title : undefined,
    message: notice.message ?? notice.title,
    color: INTENT_COLORS[intent],
    icon: <Icon size={18} />,
    autoClose: notice.timeout,
    withCloseButton: true,
    role: intent === 'error' || intent === 'warning' ? 'alert' : 'status',
    closeButtonProps: { 'aria-label': i18next.t('common:toast.close') },
    onClick: () => notifications.hide(notice.id),
    style: { cursor: 'pointer' },
  });
  return notice.id;
}

/** `toast.error(title, message?, timeoutMs?)` — default timeout 4000 ms (spec §9). */
export const toast = {
  info: (title: string, message?: string, timeoutMs?: number) =>
    showToast('info', title, message, timeoutMs),
  success: (title: string, message?: string, timeoutMs?: number) =>
    showToast('success', title, message, timeoutMs),
  warning: (title: string, message?: string, timeoutMs?: number) =>
    showToast('warning', title, message, timeoutMs),
  error: (title: string, message?: string, timeoutMs?: number) =>
    showToast('error', title, message, timeoutMs),
  hide: (id: string) => notifications.hide(id),
  clear: () => notifications.clean(),
};
