import { redirect } from '@tanstack/react-router';
import { hasPermission } from '@kinfolio/contract';
import { i18n, shellWording } from '@/shared/i18n';
import { ensureSession } from '@/shared/session';
import { RouteError } from '../errors/RouteError';

export type GuardKind = 'auth' | 'guest' | 'admin' | 'none';

/** Where guest pages (and the login) send a logged-in user: the archive. */
export const LOGGED_IN_HOME = '/posts';
export const LOGGED_OUT_HOME = '/';

export type GuardDecision =
  { type: 'allow' } | { type: 'redirect'; to: string } | { type: 'forbidden' };

/** Pure decision of the guard groups (admin, auth, guest), tested without a router. */
export function decideGuard(
  kind: GuardKind,
  session: { isLoggedIn: boolean; isAdmin: boolean },
): GuardDecision {
  switch (kind) {
    case 'auth':
      return session.isLoggedIn ? { type: 'allow' } : { type: 'redirect', to: LOGGED_OUT_HOME };
    case 'admin':
      if (!session.isLoggedIn) return { type: 'redirect', to: LOGGED_OUT_HOME };
      return session.isAdmin ? { type: 'allow' } : { type: 'forbidden' };
    case 'guest':
      return session.isLoggedIn ? { type: 'redirect', to: LOGGED_IN_HOME } : { type: 'allow' };
    default:
      return { type: 'allow' };
  }
}

/** `beforeLoad` for a guard group: waits for the session check, then allows or redirects. */
export function guard(kind: GuardKind) {
  return async () => {
    if (kind === 'none') return;
    const { isLoggedIn, user, checkFailure } = await ensureSession();
    // The server could not say whether the session holds: an error, not a logout (and not the
    // login form for someone who is logged in).
    if (checkFailure !== null) throw new RouteError(500);
    const decision = decideGuard(kind, { isLoggedIn, isAdmin: hasPermission(user, 'admin') });
    if (decision.type === 'redirect') throw redirect({ to: decision.to, replace: true });
    if (decision.type === 'forbidden') {
      // A first page may be refused before the shell's wording is in.
      await shellWording();
      throw new RouteError(403, i18n.t('errors:screen.403.message'));
    }
  };
}

export type ValidateResult = true | { statusCode?: number; message?: string };

/**
 * A route's validate rule: anything but `true` shows the error screen with its status
 * (default 404) and message.
 */
export function runValidate<P>(validate: (params: P) => ValidateResult | boolean, params: P): void {
  const result = validate(params);
  if (result === true) return;
  if (result === false) throw new RouteError(404);
  throw new RouteError(result.statusCode ?? 404, result.message ?? '');
}
