import { Skeleton } from '@mantine/core';
import { Suspense, lazy, type ComponentType } from 'react';
import type { MapViewProps } from './MapView';
import type { PointLike } from './pointIcon';

/** Leaflet and the outline come with the first map a page draws, never with the app. */
const MapView = lazy(() => import('./MapView')) as unknown as ComponentType<
  MapViewProps<PointLike>
>;

/** The map, behind a placeholder of its size while its code loads. */
export function LazyMap<P extends PointLike>({
  height,
  ...props
}: MapViewProps<P> & { height: number | string }) {
  return (
    <div className="kf-map-frame" style={{ height }}>
      <Suspense fallback={<Skeleton h="100%" radius="md" />}>
        <MapView {...(props as unknown as MapViewProps<PointLike>)} />
      </Suspense>
    </div>
  );
}
