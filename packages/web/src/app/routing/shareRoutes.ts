import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { SHARE_LIMITS } from '@kinfolio/contract';
import { parseId } from '@/features/archive/itemPaths';
import { publicQueries } from '@/features/shares/public/queries';
import { loadQuery } from '@/shared/query/preload';
import { queryClient } from '@/shared/query/queryClient';
import { guard, runValidate } from './guards';
import { lazyPage } from './lazyPage';
import { pageSearch } from './routeKinds';

/** A list share's page and search words, kept in the address (back and forward, a reload). */
export interface PublicShareSearch {
  page?: number;
  q?: string;
}

const publicSearch = (search: Record<string, unknown>): PublicShareSearch => {
  const q = typeof search.q === 'string' ? search.q.trim().slice(0, 200) : '';
  return { ...pageSearch(search), ...(q ? { q } : {}) };
};

const tokenOk = (token: string) => token.length > 0 && token.length <= SHARE_LIMITS.tokenMaxLength;

/** The public page: no guard, no session, none of the app's layout; its code loads on its own. */
const page = lazyPage(() => import('@/features/shares/public/PublicSharePage'));
const STATIC = { guard: 'none', bare: true } as const;

/**
 * `/s/{token}`, what a link shares, and `/s/{token}/items/{id}` and `/s/{token}/records/{id}`, one
 * entry of a list share (where links inside shared texts point). A malformed address is not found.
 */
export function publicShareRoutes<R extends AnyRoute>(parent: () => R) {
  const shareRoute = createRoute({
    getParentRoute: parent,
    path: '/s/$token',
    staticData: STATIC,
    validateSearch: publicSearch,
    beforeLoad: ({ params }) => runValidate((p: { token: string }) => tokenOk(p.token), params),
    // What the link shares is asked for beside the page's code, not after it.
    loaderDeps: ({ search }) => search,
    loader: ({ params, deps, preload }) =>
      loadQuery(
        queryClient,
        publicQueries.share(params.token, deps.page ?? 1, deps.q ?? ''),
        preload,
      ),
    component: page,
  });
  const entryRoute = <const P extends string>(path: P) =>
    createRoute({
      getParentRoute: parent,
      path,
      staticData: STATIC,
      beforeLoad: ({ params }) =>
        runValidate(
          (p: Record<string, string>) => tokenOk(p.token ?? '') && parseId(p.id) !== null,
          params as Record<string, string>,
        ),
      // The link's header comes from its first page.
      loader: ({ params, preload }) =>
        loadQuery(
          queryClient,
          publicQueries.share((params as { token: string }).token, 1, ''),
          preload,
        ),
      component: page,
    });
  return [
    shareRoute,
    entryRoute('/s/$token/items/$id'),
    entryRoute('/s/$token/records/$id'),
  ] as const;
}

/** `/shares`: the links one made (an admin: everyone's), from the account menu. */
export function sharesRoute<R extends AnyRoute>(parent: () => R) {
  return createRoute({
    getParentRoute: parent,
    path: '/shares',
    staticData: { guard: 'auth' },
    validateSearch: pageSearch,
    beforeLoad: guard('auth'),
    component: lazyPage(() => import('@/features/shares/pages/SharesPage')),
  });
}
