import { fireEvent, render } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import MapView, { type Viewport } from './MapView';

// The countries' outline is a large chunk drawn under the points: not what is looked at here.
vi.mock('./WorldOutline', () => ({ WorldOutline: () => null }));

/** Leaflet reads its size from the container, which jsdom never lays out: a phone's map. */
const SIZE = { clientWidth: 375, clientHeight: 480 };
const saved = Object.fromEntries(
  Object.keys(SIZE).map((name) => [
    name,
    Object.getOwnPropertyDescriptor(HTMLElement.prototype, name),
  ]),
);
beforeAll(() => {
  for (const [name, value] of Object.entries(SIZE))
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
});
afterAll(() => {
  for (const [name, descriptor] of Object.entries(saved))
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
});

/**
 * Two entries at opposite corners of one zoom-2 cell (22.5° wide, 45°–67.5° N, 22.5° W–0°):
 * the server's cluster of them, at their mean.
 */
const ENTRIES = [
  { latitude: 45.5, longitude: -22 },
  { latitude: 67, longitude: -0.5 },
];
const CLUSTER = { latitude: (45.5 + 67) / 2, longitude: (-22 - 0.5) / 2, count: 2 };

const inside = ({ bbox: [west, south, east, north] }: Viewport, spot: (typeof ENTRIES)[number]) =>
  spot.longitude >= west &&
  spot.longitude <= east &&
  spot.latitude >= south &&
  spot.latitude <= north;

function drawMap(props: { busy?: boolean; onView: (view: Viewport) => void }) {
  return (
    <MapView
      label="Map of the archive"
      tileUrl={null}
      start={{ center: [30, 10], zoom: 2 }}
      points={[CLUSTER]}
      pointsZoom={2}
      pointLabel={() => '2 entries here: zoom in'}
      {...props}
    />
  );
}

describe('MapView on a phone', () => {
  it('zooms a tapped cluster in as far as all its entries stay on the screen', () => {
    const views: Viewport[] = [];
    const { container } = render(drawMap({ onView: (view) => views.push(view) }));
    expect(views.at(-1)?.zoom).toBe(2);
    fireEvent.click(container.querySelector('.kf-map-point--cluster')!);
    const after = views.at(-1)!;
    // A fixed 3 steps in (zoom 5) drew the cell 512 px wide on a 375 px screen: both were off it.
    // This far north the cell is 478 px high at zoom 4, more than the map's 480 less its margins.
    expect(after.zoom).toBe(3);
    for (const entry of ENTRIES) expect(inside(after, entry), JSON.stringify(entry)).toBe(true);
  });

  it('is busy from a move until the new view’s points are drawn, with no gap between', () => {
    const busyAtMoveEnd: (string | null)[] = [];
    const onView = () =>
      busyAtMoveEnd.push(document.querySelector('.kf-map')!.getAttribute('aria-busy'));
    const { container, rerender } = render(drawMap({ onView }));
    const map = container.querySelector('.kf-map')!;
    expect(map).toHaveAttribute('aria-busy', 'false');
    fireEvent.click(container.querySelector('.kf-map-point--cluster')!);
    // When the move reports its view (and the page starts loading it), the map is already busy.
    expect(busyAtMoveEnd.at(-1)).toBe('true');
    rerender(drawMap({ onView, busy: true }));
    expect(map).toHaveAttribute('aria-busy', 'true');
    rerender(drawMap({ onView, busy: false }));
    expect(map).toHaveAttribute('aria-busy', 'false');
  });
});
