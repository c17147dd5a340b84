import { stampedTransaction } from '../../db/stamps.js';
import type { AdminUserPatchBody, UpdateUserBody } from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import { FieldValidationError } from '../../http/errors.js';
import { emailTakenError, guardEmailRace } from './email-taken.js';
import { sessionsRepository } from '../../auth/sessions.repository.js';
import { permissionsOf, siteparamsOf, themecolorsOf } from './present.js';
import { usersRepository, type UserChanges, type UserRow } from './repository.js';
import { queueVerificationMail } from './verification.js';

/** A user edits their own name, email and interface settings; a new email needs verifying again. */
export async function updateOwnAccount(ctx: AppContext, user: UserRow, body: UpdateUserBody) {
  const users = usersRepository(ctx.db);
  const changes: UserChanges = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.email !== undefined && body.email !== user.email) {
    if (await users.emailTaken(body.email, user.id)) throw emailTakenError();
    changes.email = body.email;
    changes.email_verified_at = null;
  }
  if (body.siteparams) {
    changes.siteparams = JSON.stringify({ ...siteparamsOf(user), ...body.siteparams });
  }
  if (body.themecolors) {
    changes.themecolors = JSON.stringify({ ...themecolorsOf(user), ...body.themecolors });
  }
  if (Object.keys(changes).length === 0) return user;
  const updated = await guardEmailRace(
    users.update(user.id, { ...changes, updated_at: ctx.now().toISOString() }),
  );
  if (changes.email) await queueVerificationMail(ctx, updated);
  return updated;
}

/**
 * An admin edits another account. The last active admin can neither lose admin nor be deactivated;
 * on PostgreSQL the admin rows are locked so two racing demotions cannot both pass.
 */
export async function updateAccountAsAdmin(ctx: AppContext, id: number, body: AdminUserPatchBody) {
  return stampedTransaction(ctx.db, 'auth', async (trx) => {
    const users = usersRepository(trx);
    if (ctx.dialect === 'postgres') await users.lockAdmins();
    const target = await users.findById(id);
    if (!target) return undefined;
    const wasAdmin = permissionsOf(target).includes('admin') && target.active === 1;
    const staysAdmin =
      (body.permissions
        ? body.permissions.includes('admin')
        : permissionsOf(target).includes('admin')) &&
      (body.active ?? target.active === 1);
    if (wasAdmin && !staysAdmin && (await users.countOtherActiveAdmins(id)) === 0) {
      throw new FieldValidationError({
        [body.permissions ? 'permissions' : 'active']: ['admin.last_admin'],
      });
    }
    const changes: UserChanges = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.email !== undefined && body.email !== target.email) {
      if (await users.emailTaken(body.email, id)) throw emailTakenError();
      changes.email = body.email;
      changes.email_verified_at = null;
    }
    if (body.permissions) changes.permissions = JSON.stringify([...new Set(body.permissions)]);
    if (body.active !== undefined) changes.active = body.active ? 1 : 0;
    if (Object.keys(changes).length === 0) return target;
    const updated = await guardEmailRace(
      users.update(id, { ...changes, updated_at: ctx.now().toISOString() }),
    );
    if (changes.active === 0) await sessionsRepository(trx).deleteForUser(id);
    return updated;
  });
}
