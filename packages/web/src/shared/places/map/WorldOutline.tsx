import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/**
 * The countries' outline (scripts/world-outline.mjs), fetched as its own chunk when a map first
 * shows: the map's background when tiles are off or the network is gone.
 */
export function WorldOutline({ pane }: { pane: string }) {
  const map = useMap();
  useEffect(() => {
    let layer: L.GeoJSON | null = null;
    let cancelled = false;
    void import('./worldOutline.json').then(({ default: outline }) => {
      if (cancelled) return;
      layer = L.geoJSON(outline as GeoJSON.FeatureCollection, {
        pane,
        interactive: false,
        style: { className: 'kf-map-outline' },
      }).addTo(map);
    });
    return () => {
      cancelled = true;
      layer?.remove();
    };
  }, [map, pane]);
  return null;
}
