import { createRoute, type AnyRoute } from '@tanstack/react-router';
import type { FunctionComponent } from 'react';
import { guard, type GuardKind } from './guards';
import { lazyPage } from './lazyPage';

/** A lazy page module: its default export is the screen. */
export type PageModule = () => Promise<{ default: FunctionComponent }>;

/** `?page=` when it names a page after the first, else nothing (the first page's address). */
export const pageSearch = (search: Record<string, unknown>): { page?: number } => {
  const page = Number(search.page);
  return Number.isInteger(page) && page > 1 && page < 2 ** 31 ? { page } : {};
};

/** What every guarded page's route says: its guard, its tab number (the slide), its module. */
const pageOptions = (access: GuardKind, page: PageModule, routeNumber?: number) => ({
  staticData: routeNumber === undefined ? { guard: access } : { guard: access, routeNumber },
  beforeLoad: guard(access),
  component: lazyPage(page),
});

/** A page its guard alone stands before. */
export function guardedPage<const P extends string, R extends AnyRoute>(
  parent: () => R,
  path: P,
  ...options: Parameters<typeof pageOptions>
) {
  return createRoute({ getParentRoute: parent, path, ...pageOptions(...options) });
}

/** `guardedPage` of a paged list: `?page=` is kept when valid. */
export function pagedPage<const P extends string, R extends AnyRoute>(
  parent: () => R,
  path: P,
  ...options: Parameters<typeof pageOptions>
) {
  return createRoute({
    getParentRoute: parent,
    path,
    validateSearch: pageSearch,
    ...pageOptions(...options),
  });
}

/**
 * An address that sends on to another (`/admin` to its first tab) once its guard let the visitor
 * in: `forward` throws the redirect.
 */
export function forwardRoute<const P extends string, R extends AnyRoute>(
  parent: () => R,
  path: P,
  access: GuardKind,
  forward: () => never,
) {
  return createRoute({
    getParentRoute: parent,
    path,
    staticData: { guard: access },
    beforeLoad: async () => {
      await guard(access)();
      forward();
    },
  });
}
