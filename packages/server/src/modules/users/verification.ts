import { LIMITS, isUiLanguage } from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import { translate } from '../../i18n/translate.js';
import type { UserRow } from './repository.js';
import { siteparamsOf } from './present.js';
import { hmac, safeEqual, sha256 } from '../../auth/tokens.js';

function emailHash(email: string) {
  return sha256(email).slice(0, 40);
}

function signature(ctx: AppContext, id: number, hash: string, expires: number) {
  return hmac(ctx.appKey, `verify:${id}:${hash}:${expires}`);
}

/** A signed link like Laravel's: it is bound to the current address and expires. */
export function verificationUrl(ctx: AppContext, user: UserRow): string {
  const expires = Math.floor(ctx.now().getTime() / 1000) + LIMITS.emailVerificationMinutes * 60;
  const hash = emailHash(user.email);
  const query = new URLSearchParams({
    expires: String(expires),
    signature: signature(ctx, user.id, hash, expires),
  });
  return `${ctx.config.appUrl}/email/verify/${user.id}/${hash}?${query}`;
}

export function checkVerificationLink(
  ctx: AppContext,
  user: UserRow,
  hash: string,
  expires: number,
  given: string,
): boolean {
  if (expires < ctx.now().getTime() / 1000) return false;
  if (!safeEqual(hash, emailHash(user.email))) return false;
  return safeEqual(given, signature(ctx, user.id, hash, expires));
}

export function mailLanguage(user: UserRow) {
  const language = siteparamsOf(user).language;
  return isUiLanguage(language) ? language : 'en';
}

export async function queueVerificationMail(ctx: AppContext, user: UserRow): Promise<void> {
  const language = mailLanguage(user);
  await ctx.mailer.queue({
    to: user.email,
    subject: translate(language, 'mail.verify.subject'),
    text: translate(language, 'mail.verify.body', {
      name: user.name,
      url: verificationUrl(ctx, user),
    }),
  });
}
