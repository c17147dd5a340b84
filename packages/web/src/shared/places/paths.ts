import { ITEM_BASES, type PlacePointType } from '@kinfolio/contract';
import { recordProfilePath } from '@/shared/recordPaths';

/** An entry's page from a map point: `/posts/12/profile`, `/records/3/profile`. */
export function entryPath(type: PlacePointType, id: number): string {
  return type === 'record'
    ? recordProfilePath(id)
    : `${ITEM_BASES[type].slice('/api'.length)}/${id}/profile`;
}

/** `/map` opened on a place (an item's "show on the map"), with the entry's card open. */
export function mapPathAt(position: { latitude: number; longitude: number }, zoom = 13) {
  return {
    to: '/map' as const,
    search: { lat: position.latitude, lng: position.longitude, zoom },
  };
}
