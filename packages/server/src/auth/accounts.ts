import { DEFAULT_SITEPARAMS, type Permission, type UiLanguage } from '@kinfolio/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { SETTING_KEYS, settingsRepository } from '../modules/settings/index.js';
import {
  emailTakenError,
  guardEmailRace,
  usersRepository,
  type UserRow,
} from '../modules/users/index.js';
import { hashPassword } from './passwords.js';

export interface NewAccount {
  name: string;
  email: string;
  password: string;
  permissions: Permission[];
  verified: boolean;
  language?: string;
  /** Made by a form that logs the account in at once (registration, setup): its last login. */
  loggedIn?: boolean;
}

/** Creates a user row; the email must be free (422 otherwise). */
export async function createAccount(
  db: Kysely<Database> | Transaction<Database>,
  account: NewAccount,
  now: Date,
): Promise<UserRow> {
  const users = usersRepository(db);
  if (await users.emailTaken(account.email)) {
    throw emailTakenError();
  }
  const at = now.toISOString();
  return guardEmailRace(
    users.insert({
      name: account.name,
      email: account.email,
      password_hash: await hashPassword(account.password),
      email_verified_at: account.verified ? at : null,
      permissions: JSON.stringify(account.permissions),
      // Without a language (an account made at start, not from a screen) none is stored: the
      // first login fills it in (languageFirstChosen).
      siteparams: JSON.stringify({
        ...DEFAULT_SITEPARAMS,
        language: account.language,
      }),
      themecolors: '{}',
      active: 1,
      last_login_at: account.loggedIn ? at : null,
      created_at: at,
      updated_at: at,
    }),
  );
}

/**
 * Creates the first administrator, only while no user exists. The setup marker's primary key makes
 * two racing requests end with one admin, on either database.
 */
export async function createFirstAdmin(
  db: Kysely<Database>,
  account: Omit<NewAccount, 'permissions'>,
  now: Date,
): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    if ((await usersRepository(trx).count()) > 0) throw new HttpError(403, 'setup.closed');
    const marked = await settingsRepository(trx).insertIfAbsent(
      SETTING_KEYS.setupCompleted,
      now.toISOString(),
    );
    if (!marked) throw new HttpError(403, 'setup.closed');
    return createAccount(trx, { ...account, permissions: ['admin'] }, now);
  });
}

/** CLI recovery: creates an admin, or gives an existing account admin rights and a new password. */
export async function createOrPromoteAdmin(
  db: Kysely<Database>,
  account: { name: string; email: string; password: string },
  now: Date,
): Promise<{ user: UserRow; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const users = usersRepository(trx);
    await settingsRepository(trx).insertIfAbsent(SETTING_KEYS.setupCompleted, now.toISOString());
    const existing = await users.findByEmail(account.email);
    if (!existing) {
      const user = await createAccount(
        trx,
        { ...account, permissions: ['admin'], verified: true },
        now,
      );
      return { user, created: true };
    }
    const permissions = new Set<string>(JSON.parse(existing.permissions) as string[]);
    permissions.add('admin');
    const user = await users.update(existing.id, {
      password_hash: await hashPassword(account.password),
      permissions: JSON.stringify([...permissions]),
      active: 1,
      updated_at: now.toISOString(),
    });
    return { user, created: false };
  });
}

/** The siteparams change that stores `language` when the account has none stored yet. */
export function languageFirstChosen(
  user: Pick<UserRow, 'siteparams'>,
  language: UiLanguage,
): { siteparams?: string } {
  let stored: unknown;
  try {
    stored = JSON.parse(user.siteparams);
  } catch {
    stored = undefined;
  }
  const params = typeof stored === 'object' && stored !== null ? stored : {};
  if ('language' in params && (params as { language?: unknown }).language) return {};
  return { siteparams: JSON.stringify({ ...params, language }) };
}
