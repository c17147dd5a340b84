import {
  DEFAULT_SITEPARAMS,
  INVITATION_DAYS,
  type invitationCreateBody,
  type UiLanguage,
} from '@kinfolio/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Database, InvitationsTable } from '../../db/schema.js';
import { stampedTransaction } from '../../db/stamps.js';
import { hashPassword } from '../../auth/passwords.js';
import { randomToken, sha256 } from '../../auth/tokens.js';
import { emailTakenError, guardEmailRace } from './email-taken.js';
import { FieldValidationError, notFound } from '../../http/errors.js';
import { translate } from '../../i18n/translate.js';
import { siteparamsOf } from './present.js';
import { usersRepository, type UserRow } from './repository.js';

export type InvitationRow = Selectable<InvitationsTable>;
type InviteInput = z.output<typeof invitationCreateBody>;

const DAY_MS = 24 * 60 * 60 * 1000;

function newLink(ctx: AppContext) {
  const token = randomToken();
  const now = ctx.now();
  return {
    token,
    row: {
      token_hash: sha256(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString(),
    },
  };
}

/** The invitation mail, in the language chosen for the invited account. */
async function mailInvitation(ctx: AppContext, user: UserRow, token: string, inviter: string) {
  const language = siteparamsOf(user).language;
  const url = `${ctx.config.appUrl}/user/invitation/${token}`;
  await ctx.mailer.queue({
    to: user.email,
    subject: translate(language, 'mail.invitation.subject', { inviter }),
    text: translate(language, 'mail.invitation.body', { inviter, url, days: INVITATION_DAYS }),
  });
}

/**
 * Creates the invited account (inactive, no password, the chosen rights) and its link, and mails
 * it. An address that already has an account, invited or not, is a 422.
 */
export async function invite(
  ctx: AppContext,
  input: InviteInput,
  inviter: UserRow,
  screenLanguage: UiLanguage,
): Promise<{ user: UserRow; invitation: InvitationRow }> {
  const link = newLink(ctx);
  const result = await stampedTransaction(ctx.db, 'auth', async (trx) => {
    const users = usersRepository(trx);
    if (await users.emailTaken(input.email)) throw emailTakenError();
    const at = link.row.created_at;
    const user = await guardEmailRace(
      users.insert({
        name: input.name ?? input.email.split('@')[0]!,
        email: input.email,
        // No password can match an empty hash; the account is inactive anyway until accepted.
        password_hash: '',
        email_verified_at: null,
        permissions: JSON.stringify([...new Set(input.permissions)]),
        siteparams: JSON.stringify({
          ...DEFAULT_SITEPARAMS,
          language: input.language ?? screenLanguage,
        }),
        themecolors: '{}',
        active: 0,
        created_at: at,
        updated_at: at,
      }),
    );
    const invitation = await trx
      .insertInto('invitations')
      .values({ user_id: user.id, invited_by: inviter.id, ...link.row })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { user, invitation };
  });
  await mailInvitation(ctx, result.user, link.token, inviter.name);
  return result;
}

/** A new link and expiry for a pending invitation (404 when there is none); the old link dies. */
export async function resendInvitation(ctx: AppContext, userId: number, inviter: UserRow) {
  const link = newLink(ctx);
  const result = await stampedTransaction(ctx.db, 'auth', async (trx) => {
    const user = await usersRepository(trx).findById(userId);
    const invitation = await trx
      .updateTable('invitations')
      .set({ ...link.row, invited_by: inviter.id })
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    if (!user || !invitation) throw notFound();
    return { user, invitation };
  });
  await mailInvitation(ctx, result.user, link.token, inviter.name);
  return result;
}

/** Withdraws a pending invitation with the account it made (404 when there is none). */
export async function revokeInvitation(ctx: AppContext, userId: number): Promise<void> {
  await stampedTransaction(ctx.db, 'auth', async (trx) => {
    const invitation = await trx
      .selectFrom('invitations')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!invitation) throw notFound();
    await trx.deleteFrom('invitations').where('user_id', '=', userId).execute();
    // The account was never used (accepting removes the invitation): nothing of it is lost.
    await trx.deleteFrom('users').where('id', '=', userId).execute();
  });
}

/** The invitation a link stands for, if it still works. */
async function usable(db: Kysely<Database> | Transaction<Database>, token: string, now: Date) {
  const row = await db
    .selectFrom('invitations')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= now.getTime()) return undefined;
  const user = await usersRepository(db).findById(row.user_id);
  return user ? { row, user } : undefined;
}

/** What the accept page shows, or undefined for a link that does not work (any more). */
export async function findInvitation(ctx: AppContext, token: string) {
  const found = await usable(ctx.db, token, ctx.now());
  if (!found) return undefined;
  return { email: found.user.email, name: found.user.name, expires_at: found.row.expires_at };
}

/**
 * Uses the link: the account takes the chosen name and password and the language of the page,
 * becomes active, counts as logged in now, and the invitation goes. A link that does not work is a 422 on `token`.
 */
export async function acceptInvitation(
  ctx: AppContext,
  input: { token: string; name: string; password: string },
  language: UiLanguage,
): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  return stampedTransaction(ctx.db, 'auth', async (trx) => {
    const now = ctx.now();
    const found = await usable(trx, input.token, now);
    if (!found) throw new FieldValidationError({ token: ['invitation.invalid'] });
    await trx.deleteFrom('invitations').where('user_id', '=', found.user.id).execute();
    const at = now.toISOString();
    return usersRepository(trx).update(found.user.id, {
      name: input.name,
      password_hash: passwordHash,
      // The address received the link: reading it proves the mailbox.
      email_verified_at: found.user.email_verified_at ?? at,
      // The page the link was accepted on speaks the person's language: the account takes it,
      // whatever the inviter's screen chose.
      siteparams: JSON.stringify({ ...siteparamsOf(found.user), language }),
      active: 1,
      last_login_at: at,
      updated_at: at,
    });
  });
}

/** Pending invitations by account, for the admin's user list. */
export async function invitationsByUser(ctx: AppContext): Promise<Map<number, InvitationRow>> {
  const rows = await ctx.db.selectFrom('invitations').selectAll().execute();
  return new Map(rows.map((row) => [row.user_id, row]));
}
