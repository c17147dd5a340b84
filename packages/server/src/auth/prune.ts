import { LIMITS } from '@kinfolio/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { loginLinksRepository } from './login-link.repository.js';
import { passwordResetRepository } from './password-reset.repository.js';
import { sessionsRepository } from './sessions.repository.js';
import { deleteEndedThrottleWindows } from './throttle.repository.js';

/**
 * Removes what auth keeps past its use: expired sessions, old reset tokens and sign-in links,
 * ended counters.
 */
export async function pruneAuthRows(db: Kysely<Database>, now: Date): Promise<void> {
  const tokensBefore = new Date(now.getTime() - LIMITS.passwordResetTokenMinutes * 60_000);
  await sessionsRepository(db).deleteExpired(now.toISOString());
  await passwordResetRepository(db).deleteCreatedBefore(tokensBefore.toISOString());
  const linksBefore = new Date(now.getTime() - LIMITS.loginLinkMinutes * 60_000);
  await loginLinksRepository(db).deleteCreatedBefore(linksBefore.toISOString());
  await deleteEndedThrottleWindows(db, now);
}
