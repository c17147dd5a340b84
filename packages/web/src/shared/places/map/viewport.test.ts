import { describe, expect, it } from 'vitest';
import { bboxParam, viewportOf } from './viewport';

describe('viewportOf', () => {
  it('keeps a box inside the world as it is, rounded', () => {
    const view = viewportOf({ west: 2.2412345678, south: 48.8, east: 2.4, north: 48.9 }, 12.4);
    expect(view).toEqual({ bbox: [2.24123, 48.8, 2.4, 48.9], zoom: 12 });
    expect(bboxParam(view)).toBe('2.24123,48.8,2.4,48.9');
  });

  it('asks for the whole width when the view crosses the antimeridian', () => {
    expect(viewportOf({ west: 170, south: -50, east: 190, north: -30 }, 4).bbox).toEqual([
      -180, -50, 180, -30,
    ]);
    expect(viewportOf({ west: -400, south: -100, east: 400, north: 100 }, 0).bbox).toEqual([
      -180, -90, 180, 90,
    ]);
  });

  it('keeps the zoom within what the server accepts', () => {
    expect(viewportOf({ west: 0, south: 0, east: 1, north: 1 }, 24).zoom).toBe(20);
    expect(viewportOf({ west: 0, south: 0, east: 1, north: 1 }, -1).zoom).toBe(0);
  });
});
