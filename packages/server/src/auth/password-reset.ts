import { stampedTransaction } from '../db/stamps.js';
import { LIMITS, type UiLanguage } from '@kinfolio/contract';
import type { AppContext } from '../context.js';
import { FieldValidationError } from '../http/errors.js';
import { translate } from '../i18n/translate.js';
import { usersRepository } from '../modules/users/index.js';
import { hashPassword } from './passwords.js';
import { passwordResetRepository } from './password-reset.repository.js';
import { sessionsRepository } from './sessions.repository.js';
import { randomToken, safeEqual, sha256 } from './tokens.js';

// One mail a minute per address at most; the answer stays the same so nothing is revealed.
const RESEND_AFTER_MS = 60 * 1000;

/**
 * Mails a reset link in `language`, the language of the screen it was asked from (the account's
 * own may be another, and the person reading the mail is the one at that screen).
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  language: UiLanguage,
): Promise<void> {
  const user = await usersRepository(ctx.db).findByEmail(email);
  if (!user || user.active !== 1) return;
  const now = ctx.now();
  const tokens = passwordResetRepository(ctx.db);
  const existing = await tokens.find(email);
  if (existing && now.getTime() - Date.parse(existing.created_at) < RESEND_AFTER_MS) return;
  const token = randomToken();
  await tokens.put(email, sha256(token), now.toISOString());
  const url = `${ctx.config.appUrl}/user/password-reset/${token}?${new URLSearchParams({ email })}`;
  await ctx.mailer.queue({
    to: user.email,
    subject: translate(language, 'mail.reset.subject'),
    text: translate(language, 'mail.reset.body', {
      name: user.name,
      url,
      minutes: LIMITS.passwordResetTokenMinutes,
    }),
  });
}

type ResetLink = { email: string; token: string };

/** The account a reset link opens, or the same 422 for an unknown, used, expired or wrong link. */
async function userOfLink(ctx: AppContext, db: AppContext['db'], input: ResetLink) {
  const row = await passwordResetRepository(db).find(input.email);
  const user = await usersRepository(db).findByEmail(input.email);
  const fresh =
    row &&
    ctx.now().getTime() - Date.parse(row.created_at) < LIMITS.passwordResetTokenMinutes * 60_000;
  if (!row || !user || !fresh || !safeEqual(row.token_hash, sha256(input.token))) {
    throw new FieldValidationError({ email: ['passwords.token'] });
  }
  return user;
}

/** Checks a reset link without using it up (the page says a used link is dead when it opens). */
export async function checkPasswordResetLink(ctx: AppContext, input: ResetLink): Promise<void> {
  await userOfLink(ctx, ctx.db, input);
}

/** Sets the new password if the token is valid; the token is used up and every session ends. */
export async function resetPassword(
  ctx: AppContext,
  input: ResetLink & { password: string },
): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  return stampedTransaction(ctx.db, 'auth', async (trx) => {
    const user = await userOfLink(ctx, trx, input);
    await passwordResetRepository(trx).delete(input.email);
    await usersRepository(trx).update(user.id, {
      password_hash: passwordHash,
      updated_at: ctx.now().toISOString(),
    });
    await sessionsRepository(trx).deleteForUser(user.id);
    return user.id;
  });
}
