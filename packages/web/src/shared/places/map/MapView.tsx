import 'leaflet/dist/leaflet.css';
import './map.css';
import L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { isTouchDevice } from '@/shared/ui/device';
import { MapContainer, Marker, Pane, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { clusterCell, clusterZoom, SPLIT_ZOOM } from './cluster';
import { uncoverShift } from './cover';
import { pointIcon, type PointLike } from './pointIcon';
import { viewportOf, type Viewport } from './viewport';
import { WorldOutline } from './WorldOutline';

export type { Viewport } from './viewport';

/** Where the map opens: a centre and zoom, or a box to fit. */
export type MapStart =
  | { center: [latitude: number, longitude: number]; zoom: number }
  | { bounds: [[south: number, west: number], [north: number, east: number]] };

export interface MapViewProps<P extends PointLike> {
  /** The map's accessible name (it is a focusable region: arrows pan, + and − zoom). */
  label: string;
  /** The tile server's URL template; null draws the bundled world outline alone. */
  tileUrl: string | null;
  attribution?: string;
  start: MapStart;
  points?: readonly P[];
  /** The zoom `points` were grouped at (the previous view's while the current one loads). */
  pointsZoom?: number;
  /** The points of the view are loading: the map says so to assistive technologies (aria-busy). */
  busy?: boolean;
  /** A point's accessible name (its title, or how many items a cluster holds). */
  pointLabel?: (point: P) => string;
  /**
   * A single entry's point, or a cluster the map cannot split further (its entries share a spot):
   * a cluster is otherwise zoomed into, as close as its grid cell (all its entries) stays in view.
   */
  onPoint?: (point: P) => void;
  /** Called with the view once it settles (after each pan or zoom, and at first). */
  onView?: (viewport: Viewport) => void;
  /** A click (a tap on a phone) somewhere on the map: where. */
  onPick?: (latitude: number, longitude: number) => void;
  /** The place being edited or shown, drawn apart from the points. */
  chosen?: { latitude: number; longitude: number; label: string } | null;
  /**
   * A map inside a page: on a touch screen one finger scrolls the page and two move the map
   * (pinch to zoom, two-finger pan); the wheel scrolls the page too.
   */
  embedded?: boolean;
  /**
   * Something the page draws over the map (a point's card) and the point it is about: the map pans
   * so the point stays in sight beside it, when it opens and as its size changes.
   */
  cover?: { element: HTMLElement; latitude: number; longitude: number } | null;
  className?: string;
}

export { SPLIT_ZOOM } from './cluster';

/** Room kept around a zoomed-into cluster's cell, in pixels: its edge points' discs stay whole. */
const CELL_PADDING = 24;

/**
 * Names the map's container, which Leaflet makes focusable, reports its view, and keeps it
 * `aria-busy` from the start of a move until the points of the new view are drawn: the points
 * shown meanwhile are the previous view's (a cluster about to split), gone once the view loads.
 */
function MapBehaviour({
  label,
  onView,
  onPick,
  busy = false,
}: Pick<MapViewProps<PointLike>, 'label' | 'onView' | 'onPick' | 'busy'>) {
  const map = useMap();
  const [moving, setMoving] = useState(false);
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-roledescription', 'map');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  // Written at once on movestart (the address can change before React draws again), cleared only
  // by a draw that knows both the move's end and the new view's loading.
  useEffect(() => {
    map.getContainer().setAttribute('aria-busy', String(moving || busy));
  }, [map, moving, busy]);
  const report = () => {
    if (!onView) return;
    const bounds = map.getBounds();
    onView(
      viewportOf(
        {
          west: bounds.getWest(),
          south: bounds.getSouth(),
          east: bounds.getEast(),
          north: bounds.getNorth(),
        },
        map.getZoom(),
      ),
    );
  };
  useMapEvents({
    movestart: () => {
      map.getContainer().setAttribute('aria-busy', 'true');
      setMoving(true);
    },
    // One draw for both: the move's end and the view it reports, whose points start loading.
    moveend: () => {
      setMoving(false);
      report();
    },
    click: (event) => onPick?.(event.latlng.lat, event.latlng.lng),
  });
  // The first view: Leaflet fires no moveend for where it opens.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(report, [map]);
  return null;
}

/** Moves the view to a chosen place when it changes (a search picked, coordinates pasted). */
function FollowChosen({ chosen }: { chosen: MapViewProps<PointLike>['chosen'] }) {
  const map = useMap();
  const lat = chosen?.latitude;
  const lng = chosen?.longitude;
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    if (!map.getBounds().pad(-0.1).contains([lat, lng])) map.panTo([lat, lng]);
  }, [map, lat, lng]);
  return null;
}

/** Room kept between a covered point and the card over it, in pixels: its whole disc and ring. */
const COVER_MARGIN = 28;

/**
 * Pans the map so the point a card is about is not under the card (a phone's sheet covers the
 * map's bottom, a computer's card its bottom-left corner), when the card opens and as it grows
 * (a spot's entries load). A move under way is let finish first: measuring mid-way would overshoot.
 */
function KeepUncovered({ cover }: { cover: MapViewProps<PointLike>['cover'] }) {
  const map = useMap();
  const element = cover?.element;
  const lat = cover?.latitude;
  const lng = cover?.longitude;
  useEffect(() => {
    if (!element || lat === undefined || lng === undefined) return;
    let moving = false;
    let pending = false;
    const fit = () => {
      if (moving) {
        pending = true;
        return;
      }
      pending = false;
      const box = map.getContainer().getBoundingClientRect();
      const card = element.getBoundingClientRect();
      if (card.width === 0 || card.height === 0) return;
      const shift = uncoverShift(
        map.latLngToContainerPoint([lat, lng]),
        {
          left: card.left - box.left,
          top: card.top - box.top,
          right: card.right - box.left,
          bottom: card.bottom - box.top,
        },
        map.getSize(),
        COVER_MARGIN,
      );
      if (shift) map.panBy(shift);
    };
    const started = () => {
      moving = true;
    };
    const ended = () => {
      moving = false;
      if (pending) fit();
    };
    map.on('movestart', started);
    map.on('moveend', ended);
    // It reports the card's first size at once, then each change.
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => {
      observer.disconnect();
      map.off('movestart', started);
      map.off('moveend', ended);
    };
  }, [map, element, lat, lng]);
  return null;
}

/** The server's points as markers: Tab reaches each, Enter or a tap opens it or zooms in. */
function PointMarkers<P extends PointLike>({
  points,
  pointsZoom,
  pointLabel,
  onPoint,
}: Pick<MapViewProps<P>, 'points' | 'pointsZoom' | 'pointLabel' | 'onPoint'>) {
  const map = useMap();
  const open = (point: P) => {
    if (point.count > 1 && map.getZoom() < SPLIT_ZOOM) {
      // A fixed step in (it was 3) could leave a cluster's entries off a phone's screen, the
      // cell's corners 4 times farther than the screen's half-width: the user saw nothing there.
      const { south, west, north, east } = clusterCell(point, pointsZoom ?? map.getZoom());
      const corner = L.latLng(south, west);
      const opposite = L.latLng(north, east);
      const zoom = clusterZoom(
        map.getBoundsZoom(
          L.latLngBounds(corner, opposite),
          false,
          L.point(2 * CELL_PADDING, 2 * CELL_PADDING),
        ),
        map.getZoom(),
      );
      // The middle on the screen, not in degrees: Mercator stretches a cell's northern half.
      const middle = map.project(corner, zoom).add(map.project(opposite, zoom)).divideBy(2);
      map.setView(map.unproject(middle, zoom), zoom);
    } else onPoint?.(point);
  };
  return (points ?? []).map((point) => (
    <Marker
      key={`${point.latitude},${point.longitude},${point.count}`}
      position={[point.latitude, point.longitude]}
      icon={pointIcon(point)}
      title={pointLabel?.(point)}
      eventHandlers={{
        click: () => open(point),
        add: (event) => {
          const element = (event.target as L.Marker).getElement();
          const name = pointLabel?.(point);
          if (element && name) element.setAttribute('aria-label', name);
          // Leaflet makes markers focusable buttons but leaves Enter and Space to the page.
          element?.addEventListener('keydown', (key) => {
            if (key.key !== 'Enter' && key.key !== ' ') return;
            key.preventDefault();
            key.stopPropagation();
            open(point);
          });
        },
      }}
    />
  ));
}

/**
 * The archive's map (Leaflet): tiles from the configured server over a bundled world outline that
 * shows where things are without network, the server's clusters and points as focusable markers
 * (Tab goes through the visible ones, Enter opens one), keyboard and touch as Leaflet gives them.
 * Loaded lazily with its ~45 KB of Leaflet and its outline, never with the app's first page.
 */
export default function MapView<P extends PointLike>({
  label,
  tileUrl,
  attribution,
  start,
  points = [],
  pointsZoom,
  busy = false,
  pointLabel,
  onPoint,
  onView,
  onPick,
  chosen = null,
  embedded = false,
  cover = null,
  className,
}: MapViewProps<P>) {
  const touch = isTouchDevice();
  const startProps = 'bounds' in start ? { bounds: start.bounds } : start;
  const chosenIcon = useMemo(
    () => (chosen ? pointIcon({ ...chosen, count: 1 }, true) : null),
    [chosen],
  );
  return (
    <MapContainer
      {...startProps}
      className={['kf-map', onPick ? 'kf-map--pick' : '', className ?? ''].join(' ').trim()}
      minZoom={1}
      maxZoom={19}
      worldCopyJump
      dragging={!(embedded && touch)}
      scrollWheelZoom={!embedded}
      keyboardPanDelta={120}
      attributionControl={tileUrl !== null}
    >
      <MapBehaviour label={label} onView={onView} onPick={onPick} busy={busy} />
      <FollowChosen chosen={chosen} />
      <KeepUncovered cover={cover} />
      {/* Under the tiles: once they load they cover it; without them it is the map. */}
      <Pane name="kf-outline" style={{ zIndex: 150 }}>
        <WorldOutline pane="kf-outline" />
      </Pane>
      {tileUrl !== null && <TileLayer url={tileUrl} attribution={attribution} />}
      <PointMarkers
        points={points}
        pointsZoom={pointsZoom}
        pointLabel={pointLabel}
        onPoint={onPoint}
      />
      {chosen && chosenIcon && (
        <Marker
          position={[chosen.latitude, chosen.longitude]}
          icon={chosenIcon}
          title={chosen.label}
          keyboard={false}
          interactive={false}
        />
      )}
    </MapContainer>
  );
}
