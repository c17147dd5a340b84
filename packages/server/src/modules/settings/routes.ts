import { DEFAULT_MAP_TILE_ATTRIBUTION, DEFAULT_MAP_TILE_URL, routes } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { addRoute } from '../../http/route.js';
import { say } from '../../i18n/translate.js';
import { usersRepository } from '../users/index.js';
import { SETTING_KEYS, settingsRepository } from './repository.js';

/** The stored value meaning "tiles turned off" (an absent setting means the default tiles). */
const TILES_OFF = 'off';

export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const settings = settingsRepository(ctx.db);
  const registrationEnabled = async () =>
    (await settings.get(SETTING_KEYS.registrationEnabled)) === 'true';
  const mapTiles = async () => {
    const url = (await settings.get(SETTING_KEYS.mapTileUrl)) ?? DEFAULT_MAP_TILE_URL;
    const attribution = await settings.get(SETTING_KEYS.mapTileAttribution);
    return {
      map_tile_url: url === TILES_OFF ? null : url,
      map_tile_attribution:
        attribution ?? (url === DEFAULT_MAP_TILE_URL ? DEFAULT_MAP_TILE_ATTRIBUTION : ''),
    };
  };
  const current = async () => ({
    registration_enabled: await registrationEnabled(),
    ...(await mapTiles()),
  });

  addRoute(app, routes.appState, async () => ({
    needs_setup: (await usersRepository(ctx.db).count()) === 0,
    ...(await current()),
  }));

  addRoute(app, routes.adminSettings, current);

  addRoute(app, routes.adminSettingsUpdate, async (request) => {
    const body = request.body;
    if (body.registration_enabled !== undefined) {
      await settings.set(SETTING_KEYS.registrationEnabled, String(body.registration_enabled));
    }
    if (body.map_tile_url !== undefined) {
      await settings.set(SETTING_KEYS.mapTileUrl, body.map_tile_url ?? TILES_OFF);
    }
    if (body.map_tile_attribution !== undefined) {
      await settings.set(SETTING_KEYS.mapTileAttribution, body.map_tile_attribution);
    }
    return { message: say(request, 'admin.settings_saved'), ...(await current()) };
  });
}
