import { stampedTransaction } from '../db/stamps.js';
import { LIMITS } from '@kinfolio/contract';
import type { AppContext } from '../context.js';
import { FieldValidationError } from '../http/errors.js';
import { translate } from '../i18n/translate.js';
import { usersRepository } from '../modules/users/repository.js';
import { hashPassword } from './passwords.js';
import { randomToken, safeEqual, sha256 } from './tokens.js';
import { mailLanguage } from './verification.js';

// One mail a minute per address at most; the answer stays the same so nothing is revealed.
const RESEND_AFTER_MS = 60 * 1000;

export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await usersRepository(ctx.db).findByEmail(email);
  if (!user || user.active !== 1) return;
  const now = ctx.now();
  const existing = await ctx.db
    .selectFrom('password_reset_tokens')
    .select('created_at')
    .where('email', '=', email)
    .executeTakeFirst();
  if (existing && now.getTime() - Date.parse(existing.created_at) < RESEND_AFTER_MS) return;
  const token = randomToken();
  await ctx.db
    .insertInto('password_reset_tokens')
    .values({ email, token_hash: sha256(token), created_at: now.toISOString() })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({ token_hash: sha256(token), created_at: now.toISOString() }),
    )
    .execute();
  const language = mailLanguage(user);
  const url = `${ctx.config.appUrl}/user/password-reset/${token}?${new URLSearchParams({ email })}`;
  ctx.mailer.queue({
    to: user.email,
    subject: translate(language, 'mail.reset.subject'),
    text: translate(language, 'mail.reset.body', {
      name: user.name,
      url,
      minutes: LIMITS.passwordResetTokenMinutes,
    }),
  });
}

/** Sets the new password if the token is valid; the token is used up and every session ends. */
export async function resetPassword(
  ctx: AppContext,
  input: { email: string; token: string; password: string },
): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  return stampedTransaction(ctx.db, 'auth', async (trx) => {
    const row = await trx
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('email', '=', input.email)
      .executeTakeFirst();
    const user = await usersRepository(trx).findByEmail(input.email);
    const fresh =
      row &&
      ctx.now().getTime() - Date.parse(row.created_at) < LIMITS.passwordResetTokenMinutes * 60_000;
    if (!row || !user || !fresh || !safeEqual(row.token_hash, sha256(input.token))) {
      throw new FieldValidationError({ email: ['passwords.token'] });
    }
    await trx.deleteFrom('password_reset_tokens').where('email', '=', input.email).execute();
    await usersRepository(trx).update(user.id, {
      password_hash: passwordHash,
      updated_at: ctx.now().toISOString(),
    });
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    return user.id;
  });
}
