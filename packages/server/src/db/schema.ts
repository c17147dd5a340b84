import type { Generated } from 'kysely';

/** Booleans are stored as 0/1 integers so one set of queries serves SQLite and PostgreSQL. */
export type Flag = 0 | 1;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  email_verified_at: string | null;
  /** JSON array of permission names. */
  permissions: string;
  /** JSON object, see contract siteparamsSchema. */
  siteparams: string;
  /** JSON object, see contract themecolorsSchema. */
  themecolors: string;
  active: Flag;
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** sha256 of the cookie token: a stolen database does not yield live cookies. */
  id: string;
  user_id: number;
  remember: Flag;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  last_activity_at: string;
  expires_at: string;
}

export interface PasswordResetTokensTable {
  email: string;
  token_hash: string;
  created_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  settings: SettingsTable;
}
