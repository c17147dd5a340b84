import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clusterCell, clusterZoom, SPLIT_ZOOM } from './cluster';

describe('clusterCell', () => {
  it('is the server’s grid cell: a quarter of a tile at the zoom, as high as wide in degrees', () => {
    // Zoom 2 cuts the world in 16 × 8 cells of 22.5°.
    expect(clusterCell({ latitude: 50.9, longitude: -14.76, count: 2 }, 2)).toEqual({
      west: -22.5,
      east: 0,
      south: 45,
      north: 67.5,
    });
    expect(clusterCell({ latitude: 44.7715, longitude: 22.5003, count: 2 }, 8)).toEqual({
      west: 22.5,
      east: 22.8515625,
      south: 44.6484375,
      north: 45,
    });
  });

  it('keeps the world’s last cells at its edges', () => {
    expect(clusterCell({ latitude: 90, longitude: 180, count: 2 }, 0)).toEqual({
      west: 90,
      east: 180,
      south: 0,
      north: 90,
    });
    expect(clusterCell({ latitude: -90, longitude: -180, count: 2 }, 0)).toEqual({
      west: -180,
      east: -90,
      south: -90,
      north: 0,
    });
  });

  it('holds every entry of a cluster, found from their mean', () => {
    const entry = fc.record({
      x: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      y: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 16 }),
        fc.nat(),
        fc.nat(),
        fc.array(entry, { minLength: 2, maxLength: 6 }),
        (zoom, cx, cy, spots) => {
          const cells = 2 ** (zoom + 2);
          const width = 360 / cells;
          const x = cx % cells;
          const y = cy % (cells / 2);
          const entries = spots.map((spot) => ({
            longitude: (x + spot.x) * width - 180,
            latitude: (y + spot.y) * width - 90,
          }));
          const mean = (pick: (e: (typeof entries)[number]) => number) =>
            entries.reduce((sum, e) => sum + pick(e), 0) / entries.length;
          const cell = clusterCell(
            { latitude: mean((e) => e.latitude), longitude: mean((e) => e.longitude), count: 2 },
            zoom,
          );
          for (const e of entries) {
            expect(e.longitude).toBeGreaterThanOrEqual(cell.west - 1e-9);
            expect(e.longitude).toBeLessThanOrEqual(cell.east + 1e-9);
            expect(e.latitude).toBeGreaterThanOrEqual(cell.south - 1e-9);
            expect(e.latitude).toBeLessThanOrEqual(cell.north + 1e-9);
          }
        },
      ),
    );
  });
});

describe('clusterZoom', () => {
  it('fits the cell when that zooms in, within the zoom where clusters open instead', () => {
    expect(clusterZoom(4, 2)).toBe(4);
    expect(clusterZoom(7, 2)).toBe(7);
    expect(clusterZoom(20, 15)).toBe(SPLIT_ZOOM);
  });

  it('goes at least one step in when the cell already fits (an earlier view’s cluster)', () => {
    expect(clusterZoom(4, 4)).toBe(5);
    expect(clusterZoom(2, 4)).toBe(5);
    expect(clusterZoom(3, 3.6)).toBe(4);
  });
});
