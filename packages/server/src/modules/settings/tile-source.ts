import { DEFAULT_MAP_TILE_URL } from '@kinfolio/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { SETTING_KEYS, settingsRepository } from './repository.js';

/** The stored value meaning "tiles turned off" (an absent setting means the default tiles). */
export const TILES_OFF = 'off';

/** How long an instance trusts the tile server it read: another instance may have changed it. */
const REFRESH_MS = 60_000;

/**
 * The CSP source (`https://tile.example.org`, `https://*.tile.example.org` for a `{s}` subdomain)
 * that lets browsers load a tile URL template's images, or null when the template's host is not a
 * plain host name: nothing of a setting but a checked host ever reaches the header.
 */
export function tileImageSource(template: string | null): string | null {
  if (!template) return null;
  const match =
    /^(https?):\/\/((?:\{s\}\.)?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)(:\d{1,5})?(?:\/|$)/.exec(
      template,
    );
  if (!match) return null;
  const [, scheme, host, port = ''] = match;
  return `${scheme}://${host!.replace('{s}.', '*.')}${port}`;
}

/**
 * The map tile server's CSP source as this instance knows it: read at start, again when this
 * instance saves the setting, and at most a minute stale when another instance saved it (the
 * header is read on every request; the database is not).
 */
export function tileSourceTracker(db: Kysely<Database>) {
  const settings = settingsRepository(db);
  let source: string | null = tileImageSource(DEFAULT_MAP_TILE_URL);
  let readAt = 0;
  let reading: Promise<void> | null = null;
  const refresh = async () => {
    const url = (await settings.get(SETTING_KEYS.mapTileUrl)) ?? DEFAULT_MAP_TILE_URL;
    source = url === TILES_OFF ? null : tileImageSource(url);
    readAt = Date.now();
  };
  return {
    refresh,
    current(): string | null {
      if (Date.now() - readAt > REFRESH_MS && !reading) {
        reading = refresh()
          .catch(() => undefined)
          .finally(() => {
            reading = null;
          });
      }
      return source;
    },
  };
}
export type TileSourceTracker = ReturnType<typeof tileSourceTracker>;
