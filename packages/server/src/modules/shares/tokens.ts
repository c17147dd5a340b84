import { SHARE_LIMITS } from '@kinfolio/contract';
import { hmac, randomToken, safeEqual, sha256 } from '../../auth/tokens.js';

/** A new link's token: SHARE_LIMITS.tokenBytes random bytes, base64url. */
export function newShareToken(): string {
  return randomToken(SHARE_LIMITS.tokenBytes);
}

/** What is stored of a token: its SHA-256 (a stolen database yields no working link). */
export function tokenHash(token: string): string {
  return sha256(token);
}

export const UNLOCK_COOKIE = 'kinfolio_share_unlock';

/** The public API of one link: the unlock cookie's Path, so no other link ever receives it. */
export const publicPathOf = (token: string) => `/api/public/${encodeURIComponent(token)}`;

interface UnlockSubject {
  id: number;
  token_hash: string;
  password_hash: string | null;
}

/**
 * The unlock cookie's value: until when, and a MAC over the link (its id and token hash) and its
 * password's hash, under the app key. A cookie copied to another link, or made before the
 * password changed, does not verify.
 */
function mac(appKey: string, share: UnlockSubject, until: number): string {
  return hmac(
    appKey,
    `share-unlock:${share.id}:${share.token_hash}:${share.password_hash ?? ''}:${until}`,
  );
}

export function unlockCookieValue(appKey: string, share: UnlockSubject, now: Date): string {
  const until = now.getTime() + SHARE_LIMITS.unlockMinutes * 60 * 1000;
  return `${until}.${mac(appKey, share, until)}`;
}

export function unlocks(
  appKey: string,
  share: UnlockSubject,
  value: string | undefined,
  now: Date,
): boolean {
  if (!value) return false;
  const [untilText, signature] = value.split('.');
  const until = Number(untilText);
  if (!signature || !Number.isSafeInteger(until) || until <= now.getTime()) return false;
  return safeEqual(signature, mac(appKey, share, until));
}
