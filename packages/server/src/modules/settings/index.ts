// The settings module's public face: other modules, auth and app.ts import only from here.
export { registerSettingsRoutes } from './routes.js';
export { SETTING_KEYS, settingsRepository, type SettingsRepository } from './repository.js';
export { tileImageSource, tileSourceTracker, type TileSourceTracker } from './tile-source.js';
