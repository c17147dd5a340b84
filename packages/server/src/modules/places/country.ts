import type { PlaceCountry, UiLanguage } from '@kinfolio/contract';
import { shapeAt } from './boundaries.js';

/**
 * The country of a position, from the Natural Earth 1:50m boundaries bundled with `world-atlas`
 * (boundaries.ts): offline, never an online service. Those coasts leave out territorial waters
 * and islets, so a position just off a mapped coast (a harbour, a beach, a small island) falls
 * back to the land around it: rings of probes about 5 and 15 km away, the nearest ring with land
 * deciding, by majority. Open sea stays null.
 */
const RINGS = [0.05, 0.15, 0.25];
const DIRECTIONS = 16;

/** Longitude brought back into [-180, 180) (a probe past the antimeridian wraps around). */
export function wrapLongitude(longitude: number): number {
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}

function landAt(latitude: number, longitude: number): string | null {
  if (latitude > 90 || latitude < -90) return null;
  return shapeAt(latitude, wrapLongitude(longitude));
}

/** The ISO 3166-1 alpha-2 code of the country at this position, or null at sea. */
export function countryAt(latitude: number, longitude: number): string | null {
  const here = landAt(latitude, longitude);
  if (here) return here;
  for (const radius of RINGS) {
    const votes = new Map<string, number>();
    for (let step = 0; step < DIRECTIONS; step++) {
      const angle = (2 * Math.PI * step) / DIRECTIONS;
      // Degrees of longitude shrink towards the poles: the probe stays about `radius` away.
      const shrink = Math.max(Math.cos((latitude * Math.PI) / 180), 0.05);
      const code = landAt(
        latitude + radius * Math.sin(angle),
        longitude + (radius * Math.cos(angle)) / shrink,
      );
      if (code) votes.set(code, (votes.get(code) ?? 0) + 1);
    }
    const best = [...votes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    if (best) return best[0];
  }
  return null;
}

const namers = new Map<UiLanguage, Intl.DisplayNames>();

/** The country's name in the interface language (the code itself if the runtime has none). */
export function countryName(code: string, language: UiLanguage): string {
  let namer = namers.get(language);
  if (!namer) namers.set(language, (namer = new Intl.DisplayNames([language], { type: 'region' })));
  try {
    return namer.of(code) ?? code;
  } catch {
    return code;
  }
}

export function presentCountry(code: string | null, language: UiLanguage): PlaceCountry | null {
  return code ? { code, name: countryName(code, language) } : null;
}
