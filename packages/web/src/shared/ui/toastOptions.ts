import { LIMITS } from '@kinfolio/contract';

export type ToastIntent = 'info' | 'success' | 'warning' | 'error';

/** A toast notice: id, title, message, intent, timeout. */
export interface ToastNotice {
  id: string;
  title: string;
  message?: string;
  intent: ToastIntent;
  timeout: number;
}

export const INTENT_COLORS: Record<ToastIntent, string> = {
  info: 'blue',
  success: 'green',
  warning: 'orange',
  error: 'red',
};

let counter = 0;

/** Pure part of a toast, separated from Mantine so it can be unit-tested. */
export function toastNotice(
  intent: ToastIntent,
  title: string,
  message?: string,
  timeoutMs?: number,
): ToastNotice {
  counter += 1;
  const timeout = timeoutMs && timeoutMs > 0 ? timeoutMs : LIMITS.toastDefaultMs;
  const notice: ToastNotice = { id: `toast-${Date.now()}-${counter}`, title, intent, timeout };
  if (message && message !== title) notice.message = message;
  return notice;
}
