import { LIMITS } from '@kinfolio/contract';
import { i18n } from '@/shared/i18n';
import { appNavigate, currentAppPath } from '@/shared/navigation';
import { showToast, type ToastIntent } from '@/shared/ui/toast';
import { isRecord, LOST_WRITE, OFFLINE_WRITE, type ApiError } from './ApiError';

/** Wired by the app at start-up, so this module needs neither the router nor the session. */
export interface ApiClientHooks {
  /** Clears the session, local storage and cached queries. */
  resetSession: () => void;
  navigate: (to: string) => void;
  currentPath: () => string;
}

// Navigation goes through the router registered in main.tsx (a full page load only before that),
// so a 401/403/419/503 does not reload the whole app.
const hooks: ApiClientHooks = {
  resetSession: () => undefined,
  navigate: (to) => appNavigate(to),
  currentPath: () => currentAppPath(),
};

export function configureApiClient(next: Partial<ApiClientHooks>): void {
  Object.assign(hooks, next);
}

/** The login form lives on the guest home page. */
const LOGIN_PATHS = new Set(['/', '/home']);

const t = (key: string) => i18n.t(key, { ns: 'errors' });

function bodyText(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  for (const key of ['message', 'error', 'warning'] as const) {
    const value = body[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return undefined;
}

/** Client-side wording for failures the server did not describe. */
function clientMessage(error: ApiError): string | undefined {
  if (error.status === 0) {
    if (error.message === OFFLINE_WRITE) return t('api.offlineWrite');
    if (error.message === LOST_WRITE) return t('api.lostWrite');
    return t('api.network');
  }
  if (error.status === 408 && error.body === undefined) return t('api.timeout');
  return undefined;
}

/** The server's message/error/warning, else the client's message, else 'An error occurred'. */
export function errorText(error: ApiError): string {
  return bodyText(error.body) ?? clientMessage(error) ?? t('api.generic');
}

/** Error when the body carries an `error` field, otherwise warning. */
export function errorIntent(error: ApiError): ToastIntent {
  return isRecord(error.body) && 'error' in error.body ? 'error' : 'warning';
}

// Parallel requests failing the same way should not stack identical toasts.
const recent = new Map<string, number>();
function toastOnce(intent: ToastIntent, title: string, message?: string, timeout?: number) {
  const key = `${intent}|${title}|${message ?? ''}`;
  const now = Date.now();
  const last = recent.get(key);
  if (last !== undefined && now - last < 1500) return;
  recent.set(key, now);
  showToast(intent, title, message, timeout);
}

/**
 * The statuses with their own toast title: whether its message is fixed wording (else the
 * server's own), and whether the session ends and the app goes to the welcome page.
 */
const STATUSES: Partial<Record<number, { fixedMessage?: boolean; leaves?: boolean }>> = {
  403: { fixedMessage: true, leaves: true },
  404: {},
  419: { leaves: true },
  500: {},
  503: { leaves: true },
};

function goHome(): void {
  if (hooks.currentPath() !== '/') hooks.navigate('/');
}

/** Applies the status table (toast, session reset, redirect); the caller rethrows afterwards. */
export function handleApiError(
  error: ApiError,
  opts: { validationCheck?: boolean; silent?: boolean },
) {
  const quiet = Boolean(opts.validationCheck || opts.silent);
  const intent = errorIntent(error);
  const text = errorText(error);
  const serverText = bodyText(error.body);
  const notify = (title: string, message?: string) => {
    if (quiet) return;
    // 10 s only when the toast shows the server's own words (401/403 use fixed wording).
    const showsServer =
      serverText !== undefined && (title === serverText || message === serverText);
    const timeout = showsServer ? LIMITS.toastServerMessageMs : LIMITS.toastDefaultMs;
    toastOnce(intent, title, message, timeout);
  };

  if (error.status === 401) {
    hooks.resetSession();
    notify(t('status.401.title'), t('status.401.message'));
    if (!LOGIN_PATHS.has(hooks.currentPath())) goHome();
    return;
  }
  const status = STATUSES[error.status];
  if (!status) {
    notify(text);
    return;
  }
  const title = t(`status.${error.status}.title`);
  notify(title, status.fixedMessage ? t(`status.${error.status}.message`) : serverText);
  if (status.leaves) {
    hooks.resetSession();
    goHome();
  }
}

/** A success body with success, warning or message shows a toast. */
export function showSuccessToast(body: unknown): void {
  if (!isRecord(body)) return;
  const timeout = LIMITS.toastServerMessageMs;
  if (typeof body.warning === 'string' && body.warning) {
    toastOnce('warning', body.warning, undefined, timeout);
  } else if (typeof body.success === 'string' && body.success) {
    toastOnce('success', body.success, undefined, timeout);
  } else if (typeof body.message === 'string' && body.message) {
    toastOnce('success', body.message, undefined, timeout);
  }
}
