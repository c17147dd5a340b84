import { redirect } from '@tanstack/react-router';
import { hasPermission } from '@kinfolio/contract';
import { i18n, shellWording } from '@/shared/i18n';
import { ensureSession } from '@/shared/session';
import {
  LOGGED_IN_HOME,
  rememberReturnPath,
  RETURN_PATH_PARAM,
  takeReturnPath,
} from '@/shared/session/returnPath';
import { RouteError } from '../errors/RouteError';

export type GuardKind = 'auth' | 'guest' | 'admin' | 'none';

/** Where guest pages (and the login) send a logged-in user: the archive. */
export { LOGGED_IN_HOME };
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

const SITE = 'https://kinfolio.invalid';

/** The page being opened: the router's when it passes it, else the address bar's (a first load). */
const pathOf = (location?: { href?: string }) =>
  location?.href ?? `${window.location.pathname}${window.location.search}${window.location.hash}`;

/**
 * `beforeLoad` for a guard group: waits for the session check, then allows or redirects. The
 * login asked for by a logged-out visit carries the page, to return there once logged in; a
 * logged-in visit to the login page goes to that page (a provider's login lands on `/`).
 */
export function guard(kind: GuardKind) {
  return async ({ location }: { location?: { href?: string } } = {}) => {
    if (kind === 'none') return;
    const { isLoggedIn, user, checkFailure } = await ensureSession();
    // The server could not say whether the session holds: an error, not a logout (and not the
    // login form for someone who is logged in).
    if (checkFailure !== null) throw new RouteError(500);
    const decision = decideGuard(kind, { isLoggedIn, isAdmin: hasPermission(user, 'admin') });
    if (decision.type === 'redirect' && decision.to === LOGGED_OUT_HOME) {
      const back = rememberReturnPath(pathOf(location));
      const search = back ? { [RETURN_PATH_PARAM]: back } : {};
      throw redirect({ to: decision.to, search, replace: true });
    }
    if (decision.type === 'redirect') {
      const target = takeReturnPath(decision.to, new URL(pathOf(location), SITE).search);
      throw redirect(
        target === decision.to ? { to: target, replace: true } : { href: target, replace: true },
      );
    }
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
