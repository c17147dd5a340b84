import { DEFAULT_MAP_TILE_ATTRIBUTION, DEFAULT_MAP_TILE_URL, routes } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { addRoute } from '../../http/route.js';
import { say } from '../../i18n/translate.js';
import { usersRepository } from '../users/index.js';
import { SETTING_KEYS, settingsRepository } from './repository.js';
import { TILES_OFF, type TileSourceTracker } from './tile-source.js';

export function registerSettingsRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  tiles: TileSourceTracker,
) {
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
      // The pages this instance serves next may load the new server's tiles at once.
      await tiles.refresh();
    }
    if (body.map_tile_attribution !== undefined) {
      await settings.set(SETTING_KEYS.mapTileAttribution, body.map_tile_attribution);
    }
    return { message: say(request, 'admin.settings_saved'), ...(await current()) };
  });
}
