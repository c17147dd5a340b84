import { useQuery } from '@tanstack/react-query';
import { DEFAULT_MAP_TILE_ATTRIBUTION, DEFAULT_MAP_TILE_URL } from '@kinfolio/contract';
import { appStateQuery } from '@/shared/session';

/**
 * The tile server the administrator chose (app state), or none when tiles are turned off; until
 * the state answers, OpenStreetMap's as the server's default would say.
 */
export function useMapTiles(): { url: string | null; attribution: string } {
  const state = useQuery(appStateQuery);
  if (!state.data) return { url: DEFAULT_MAP_TILE_URL, attribution: DEFAULT_MAP_TILE_ATTRIBUTION };
  return { url: state.data.map_tile_url, attribution: state.data.map_tile_attribution };
}
