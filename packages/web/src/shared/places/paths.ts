import { ITEM_BASES, type PlacePointType } from '@kinfolio/contract';
import { recordProfilePath } from '@/shared/recordPaths';

/** An entry's page from a map point: `/posts/12/profile`, `/records/3/profile`. */
export function entryPath(type: PlacePointType, id: number): string {
  return type === 'record'
    ? recordProfilePath(id)
    : `${ITEM_BASES[type].slice('/api'.length)}/${id}/profile`;
}

/** `/map`'s address opened on a place (an entry's "show on the map"). */
export const mapSearchAt = (position: { latitude: number; longitude: number }, zoom = 13) => ({
  lat: position.latitude,
  lng: position.longitude,
  zoom,
});
