import { routes } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { addRoute } from '../../http/route.js';
import { say } from '../../i18n/translate.js';
import { usersRepository } from '../users/index.js';
import { SETTING_KEYS, settingsRepository } from './repository.js';

export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const settings = settingsRepository(ctx.db);
  const registrationEnabled = async () =>
    (await settings.get(SETTING_KEYS.registrationEnabled)) === 'true';

  addRoute(app, routes.appState, async () => ({
    needs_setup: (await usersRepository(ctx.db).count()) === 0,
    registration_enabled: await registrationEnabled(),
  }));

  addRoute(app, routes.adminSettings, async () => ({
    registration_enabled: await registrationEnabled(),
  }));

  addRoute(app, routes.adminSettingsUpdate, async (request) => {
    await settings.set(SETTING_KEYS.registrationEnabled, String(request.body.registration_enabled));
    return {
      message: say(request, 'admin.settings_saved'),
      registration_enabled: request.body.registration_enabled,
    };
  });
}
