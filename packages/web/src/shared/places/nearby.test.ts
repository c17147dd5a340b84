import type { PlacePoint } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { nearbyBox, nearbyEntries } from './nearby';

const point = (id: number, latitude: number, longitude: number, type = 'post'): PlacePoint => ({
  latitude,
  longitude,
  count: 1,
  id,
  type: type as PlacePoint['type'],
  title: `#${id}`,
});

describe('nearby', () => {
  it('asks about a box around the place, wider in longitude away from the equator', () => {
    expect(nearbyBox({ latitude: 0, longitude: 10 })).toBe('9.75,-0.25,10.25,0.25');
    const [west, , east] = nearbyBox({ latitude: 60, longitude: 10 }).split(',').map(Number);
    expect(east! - west!).toBeCloseTo(1, 5);
  });

  it('keeps the box inside the world', () => {
    expect(nearbyBox({ latitude: 89.9, longitude: 179.9 })).toBe('178.65,89.65,180,90');
  });

  it('lists the other entries closest first, without clusters or the entry itself', () => {
    const here = { latitude: 45, longitude: 7 };
    const cluster: PlacePoint = { latitude: 45, longitude: 7, count: 4, ids: [5, 6, 7, 8] };
    const rows = nearbyEntries(
      [point(1, 45.2, 7), point(2, 45.01, 7), cluster, point(3, 45, 7), point(3, 45.1, 7, 'mail')],
      here,
      { type: 'post', id: 3 },
    );
    expect(rows.map((row) => `${row.type}${row.id}`)).toEqual(['post2', 'mail3', 'post1']);
  });
});
