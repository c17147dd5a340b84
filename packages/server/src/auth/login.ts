import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { requestLanguage } from '../i18n/translate.js';
import { usersRepository, type UserRow } from '../modules/users/index.js';
import { languageFirstChosen } from './accounts.js';
import type { knownDevices } from './known-device.js';
import type { SessionManager } from './session.js';

export type CompleteLogin = (
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  remember: boolean,
) => Promise<UserRow>;

/**
 * What every way of logging in does once the person is known (password form, social login): the
 * browser becomes a known device of the account, the last login is stamped, and a new session
 * replaces the one the request came with (rotation), remembered or not.
 */
export function loginCompleter(
  ctx: AppContext,
  sessions: SessionManager,
  devices: ReturnType<typeof knownDevices>,
): CompleteLogin {
  const users = usersRepository(ctx.db);
  return async (request, reply, user, remember) => {
    devices.remember(reply, user.id, devices.deviceOf(request, user.id));
    const loggedIn = await users.update(user.id, {
      last_login_at: ctx.now().toISOString(),
      // An account that never chose a language (the administrator created at start) takes the
      // one of the screen it first logs in from, instead of a default nobody chose.
      ...languageFirstChosen(user, requestLanguage(request)),
    });
    await sessions.start(request, reply, loggedIn, remember);
    return loggedIn;
  };
}
