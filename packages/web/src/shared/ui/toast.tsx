import { notifications } from '@mantine/notifications';
import type { ComponentType } from 'react';
import { i18n } from '@/shared/i18n';
import { INTENT_COLORS, toastNotice, type ToastIntent, type ToastNotice } from './toastOptions';

export type { ToastIntent, ToastNotice };

type ToastIconComponent = ComponentType<{ size?: number }>;

/*
 * The icons come with the toasts' container (app/DeferredProviders imports toastIcons.ts, which
 * fills this), not with the entry: a toast asked for earlier waits in the store and only renders
 * once the container is mounted, by which time they are here.
 */
const icons: Partial<Record<ToastIntent, ToastIconComponent>> = {};

export function setToastIcons(next: Record<ToastIntent, ToastIconComponent>): void {
  Object.assign(icons, next);
}

function ToastIcon({ intent }: { intent: ToastIntent }) {
  const Icon = icons[intent];
  return Icon ? <Icon size={18} /> : null;
}

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
  notifications.show({
    id: notice.id,
    title: notice.message ? notice.title : undefined,
    message: notice.message ?? notice.title,
    color: INTENT_COLORS[intent],
    icon: <ToastIcon intent={intent} />,
    autoClose: notice.timeout,
    withCloseButton: true,
    role: intent === 'error' || intent === 'warning' ? 'alert' : 'status',
    closeButtonProps: { 'aria-label': i18n.t('common:toast.close') },
    onClick: () => notifications.hide(notice.id),
    style: { cursor: 'pointer' },
  });
  return notice.id;
}

/** `toast.error(title, message?, timeoutMs?)` — a notice goes away after 4000 ms unless told otherwise. */
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
