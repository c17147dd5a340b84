import { LIMITS } from '@kinfolio/contract';
import type { AppContext } from '../context.js';
import { FieldValidationError } from '../http/errors.js';
import { translate } from '../i18n/translate.js';
import { siteparamsOf, usersRepository, type UserRow } from '../modules/users/index.js';
import { loginLinksRepository } from './login-link.repository.js';
import { randomToken, sha256 } from './tokens.js';

const LIFETIME_MS = LIMITS.loginLinkMinutes * 60_000;

/** Who may get a link: an active account whose address is verified (it proves the mailbox). */
const mayUseLinks = (user: UserRow) => user.active === 1 && user.email_verified_at !== null;

/**
 * Mails a one-time sign-in link to the account with this address, in the account's language (the
 * request may come from anyone's screen). Nothing happens for an unknown, disabled or unverified
 * account; the caller answers the same either way.
 */
export async function mailLoginLink(ctx: AppContext, email: string): Promise<void> {
  const user = await usersRepository(ctx.db).findByEmail(email);
  if (!user || !mayUseLinks(user)) return;
  const token = randomToken();
  await loginLinksRepository(ctx.db).put({
    token_hash: sha256(token),
    user_id: user.id,
    email: user.email,
    created_at: ctx.now().toISOString(),
  });
  const language = siteparamsOf(user).language;
  await ctx.mailer.queue({
    to: user.email,
    subject: translate(language, 'mail.login_link.subject'),
    text: translate(language, 'mail.login_link.body', {
      name: user.name,
      url: `${ctx.config.appUrl}/user/login-link/${token}`,
      minutes: LIMITS.loginLinkMinutes,
    }),
  });
}

/**
 * The account a link opens, using it up, or the same 422 for an unknown, used or expired link and
 * for an account that changed its address, was disabled or lost its verified address since. One
 * sign-in spends every link the account was sent.
 */
export async function useLoginLink(ctx: AppContext, token: string): Promise<UserRow> {
  const links = loginLinksRepository(ctx.db);
  // Taken before anything is checked: a link is spent by its first use, refused or not.
  const link = await links.take(sha256(token));
  const user = link && (await usersRepository(ctx.db).findById(link.user_id));
  const fresh = link && ctx.now().getTime() - Date.parse(link.created_at) < LIFETIME_MS;
  if (!link || !user || !fresh || user.email !== link.email || !mayUseLinks(user)) {
    throw new FieldValidationError({ token: ['login_link.invalid'] }, 'login_link.invalid');
  }
  await links.deleteForUser(user.id);
  return user;
}
