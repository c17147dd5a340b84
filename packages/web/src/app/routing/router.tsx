import { createRootRoute, createRoute, createRouter, redirect } from '@tanstack/react-router';
import {
  CONTENT_LANGUAGES,
  ITEM_TYPES,
  type ContentLanguage,
  type ItemType,
} from '@kinfolio/contract';
import { itemQueries } from '@/features/archive/api';
import { ITEM_TYPE_PATHS, parseId, parseTypeParam } from '@/features/archive/itemPaths';
import { listRequest, validateArchiveSearch } from '@/features/archive/listSearch';
import { recordQueries } from '@/features/records/api';
import { recordListRequest, validateRecordSearch } from '@/features/records/recordSearch';
import { segmentQueries } from '@/features/records/segments/api';
import { validateRecordProfileSearch } from '@/features/records/segments/playAt';
import { siteTranslationsQuery } from '@/shared/i18n/siteTranslationsQuery';
import { filterChoiceQueries, organisationQueries } from '@/shared/organisation/queries';
import { loadQuery } from '@/shared/query/preload';
import { queryClient } from '@/shared/query/queryClient';
import { adminUsersQuery, appStateQuery } from '@/shared/session';
import type { ForcedColorScheme } from '@/shared/theme';
import type { FunctionComponent } from 'react';
import { RootShell, ShellPending } from '../layouts/RootShell';
import { NotFoundView, RouteErrorView } from './errorViews';
import { lazyPage } from './lazyPage';
import { guard, runValidate, type GuardKind } from './guards';
import { historyFeedRoutes } from './historyFeedRoutes';
import { adminParamRoutes } from './adminParamRoutes';
import { planningRoute } from './planningRoutes';
import { mapRoute } from './mapRoutes';
import { importRoutes } from './importRoutes';
import { peopleRoutes } from './peopleRoutes';
import { loginLinkRoute } from './loginLinkRoute';
import { sharesRoute } from './shareRoutes';
import { forwardRoute, guardedPage, pageSearch } from './routeKinds';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Transition number (slide direction between numbered routes). */
    routeNumber?: number;
    /** Forces the colour scheme while the page is shown. */
    colorScheme?: ForcedColorScheme;
    guard?: GuardKind;
    /** The archive's generic screens: which item type the route shows. */
    itemType?: ItemType;
  }
  interface Register {
    router: typeof router;
  }
}

const rootRoute = createRootRoute({
  component: RootShell,
  // RootShell waits for the shell's wording: a spinner meanwhile rather than a blank page.
  pendingComponent: ShellPending,
  notFoundComponent: NotFoundView,
  errorComponent: RouteErrorView,
});

const root = () => rootRoute;

/** The screens of the routes that need nothing but their guard. */
const pages = {
  register: () => import('@/features/auth/pages/RegisterPage'),
  forgotPassword: () => import('@/features/auth/pages/ForgotPasswordPage'),
  userProfile: () => import('@/features/account/pages/UserProfilePage'),
  interfaceParams: () => import('@/features/account/pages/InterfaceParamsPage'),
};

/** A guest page whose address carries a token (a reset, an invitation): a malformed one is not found. */
const guestWithToken = async ({ params }: { params: { token: string } }) => {
  runValidate((p: { token: string }) => p.token.length > 0 && p.token.length <= 200, params);
  await guard('guest')();
};

const VERIFIED_STATUSES = ['verified', 'already', 'invalid'] as const;
type VerifiedStatus = (typeof VERIFIED_STATUSES)[number];

/*
 * Loaders start the page's main query (imported from the features' small query modules, never
 * from the lazy pages), so preloading on intent fetches the data along with the code.
 */
const loads =
  (...queries: Parameters<typeof loadQuery>[1][]) =>
  ({ preload }: { preload: boolean }) => {
    for (const options of queries) loadQuery(queryClient, options, preload);
  };

/** The welcome page (login), at `/` and at its old address `/home`. */
const homePageRoute = <const P extends string>(path: P) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { guard: 'guest' },
    beforeLoad: guard('guest'),
    loader: loads(appStateQuery),
    component: lazyPage(() => import('@/features/auth/pages/HomePage')),
  });
const homeRoute = homePageRoute('/');
const homeAliasRoute = homePageRoute('/home');

const registerRoute = guardedPage(root, '/register', 'guest', pages.register);

const forgotPasswordRoute = guardedPage(root, '/forgot-password', 'guest', pages.forgotPassword);

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/password-reset/$token',
  staticData: { guard: 'guest' },
  validateSearch: (search: Record<string, unknown>): { email?: string } =>
    typeof search.email === 'string' ? { email: search.email } : {},
  beforeLoad: guestWithToken,
  component: lazyPage(() => import('@/features/auth/pages/ResetPasswordPage')),
});

const invitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/invitation/$token',
  staticData: { guard: 'guest' },
  beforeLoad: guestWithToken,
  component: lazyPage(() => import('@/features/auth/pages/InvitationPage')),
});

const verifiedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/verified',
  staticData: { guard: 'none' },
  validateSearch: (search: Record<string, unknown>): { status?: VerifiedStatus } =>
    VERIFIED_STATUSES.includes(search.status as VerifiedStatus)
      ? { status: search.status as VerifiedStatus }
      : {},
  component: lazyPage(() => import('@/features/auth/pages/VerifiedPage')),
});

const userProfileRoute = guardedPage(root, '/user/userprofile', 'auth', pages.userProfile, 1);

const interfaceParamsRoute = guardedPage(root, '/params/interface', 'auth', pages.interfaceParams);

const adminIndexRoute = forwardRoute(root, '/admin', 'admin', () => {
  throw redirect({ to: '/admin/tabAdminUsers/userList', replace: true });
});

const adminUserListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/tabAdminUsers/userList',
  staticData: { guard: 'admin', routeNumber: 1 },
  beforeLoad: guard('admin'),
  loader: loads(adminUsersQuery),
  component: lazyPage(() => import('@/features/admin/pages/UserListPage')),
});

const adminUserRightsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/tabAdminUsers/userProfileAndRights',
  staticData: { guard: 'admin', routeNumber: 2 },
  validateSearch: (search: Record<string, unknown>): { user?: number } => {
    const user = Number(search.user);
    return Number.isInteger(user) && user > 0 ? { user } : {};
  },
  beforeLoad: guard('admin'),
  component: lazyPage(() => import('@/features/admin/pages/UserRightsPage')),
});

const organisationRoute = (
  path: string,
  routeNumber: number,
  query: Parameters<typeof loadQuery>[1],
  importer: () => Promise<{ default: FunctionComponent }>,
) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path: `/tabOrganisation/${path}`,
    staticData: { guard: 'auth', routeNumber },
    beforeLoad: guard('auth'),
    loader: loads(query),
    component: lazyPage(importer),
  });

const organisationIndexRoute = forwardRoute(root, '/tabOrganisation', 'auth', () => {
  throw redirect({ to: '/tabOrganisation/categories', replace: true });
});
const categoriesRoute = organisationRoute(
  'categories',
  1,
  organisationQueries.categories(),
  () => import('@/features/organisation/pages/CategoriesPage'),
);
const participantsRoute = organisationRoute(
  'participants',
  2,
  organisationQueries.participants(),
  () => import('@/features/organisation/pages/ParticipantsPage'),
);
const tagsRoute = organisationRoute(
  'tags',
  3,
  organisationQueries.tags(),
  () => import('@/features/organisation/pages/TagsPage'),
);
const siteTranslationsRoute = organisationRoute(
  'siteTranslations',
  1,
  siteTranslationsQuery,
  () => import('@/features/organisation/pages/SiteTranslationsPage'),
);

/* The archive: one list, one profile for every item type, parameterised by type. */

function itemListRoute<const P extends string>(type: ItemType, path: P, routeNumber?: number) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { guard: 'auth', itemType: type, routeNumber },
    validateSearch: validateArchiveSearch,
    beforeLoad: guard('auth'),
    loaderDeps: ({ search }) => search,
    // The filter bar's choices come with the list: the page renders once, with both.
    loader: ({ deps, preload }) =>
      loads(itemQueries.list(type, listRequest(type, deps)), ...filterChoiceQueries())({ preload }),
    component: lazyPage(() => import('@/features/archive/pages/ItemListPage')),
  });
}

interface NewItemSearch {
  /** Create a translation of this original… */
  parent?: number;
  /** …in this language (or preselect the language of a new item). */
  language?: ContentLanguage;
  /** Open the item's form at once (the list's `e` key). */
  edit?: 1;
}

/** `param` null: the profile without an id (`/posts/profile`), which opens the create form. */
function itemProfileRoute<const P extends string>(type: ItemType, path: P, param: string | null) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { guard: 'auth', itemType: type },
    validateSearch: (search: Record<string, unknown>): NewItemSearch => {
      const parent = Number(search.parent);
      return {
        ...(Number.isInteger(parent) && parent > 0 ? { parent } : {}),
        ...((CONTENT_LANGUAGES as readonly unknown[]).includes(search.language)
          ? { language: search.language as ContentLanguage }
          : {}),
        ...(search.edit === 1 || search.edit === '1' ? { edit: 1 as const } : {}),
      };
    },
    beforeLoad: async ({ params }) => {
      if (param !== null) {
        runValidate((p: Record<string, string>) => {
          const value = p[param];
          return value === 'new' || parseId(value) !== null;
        }, params);
      }
      await guard('auth')();
    },
    loader: ({ params, preload }) => {
      const id = param === null ? null : parseId((params as Record<string, string>)[param]);
      if (id !== null) loads(itemQueries.single(type, id))({ preload });
    },
    component: lazyPage(() => import('@/features/archive/pages/ItemProfilePage')),
  });
}

/* A list and a profile route per item type, from the type metadata (see itemTypes.ts). */
const itemTypeRoutes = ITEM_TYPES.flatMap((type) => {
  const meta = ITEM_TYPE_PATHS[type];
  return [
    itemListRoute(type, meta.listPath, meta.routeNumber),
    itemProfileRoute(type, meta.profileRoute, meta.param),
    itemProfileRoute(type, meta.newProfileRoute, null),
  ];
});

const historyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/history/$type/$id',
  staticData: { guard: 'auth' },
  validateSearch: pageSearch,
  beforeLoad: async ({ params }) => {
    runValidate(
      (p: { type: string; id: string }) =>
        parseTypeParam(p.type) !== null && parseId(p.id) !== null,
      params,
    );
    await guard('auth')();
  },
  loaderDeps: ({ search }) => search,
  loader: ({ params, deps, preload }) => {
    const type = parseTypeParam(params.type);
    const id = parseId(params.id);
    if (type && id !== null)
      loads(
        itemQueries.single(type, id),
        itemQueries.revisions(type, id, deps.page ?? 1),
      )({
        preload,
      });
  },
  component: lazyPage(() => import('@/features/archive/pages/HistoryPage')),
});

const [historyAllRoute, historyTypeRoute] = historyFeedRoutes(() => rootRoute);

const correlationIndexRoute = forwardRoute(root, '/correlation', 'auth', () => {
  throw redirect({ to: '/correlation/$type', params: { type: 'post' }, replace: true });
});

const correlationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/correlation/$type',
  staticData: { guard: 'auth' },
  validateSearch: pageSearch,
  beforeLoad: async ({ params }) => {
    runValidate((p: { type: string }) => parseTypeParam(p.type) !== null, params);
    await guard('auth')();
  },
  loaderDeps: ({ search }) => search,
  loader: ({ params, deps, preload }) => {
    const type = parseTypeParam(params.type);
    if (type) loads(itemQueries.correlation(type, deps.page ?? 1))({ preload });
  },
  component: lazyPage(() => import('@/features/archive/pages/CorrelationPage')),
});

/* Audio records: list, profile (no id: the create form) and history. */

const recordListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/records',
  staticData: { guard: 'auth' },
  validateSearch: validateRecordSearch,
  beforeLoad: guard('auth'),
  loaderDeps: ({ search }) => search,
  // With the participants its filter bar offers, as the archive's lists do (itemListRoute).
  loader: ({ deps, preload }) =>
    loads(
      recordQueries.list(recordListRequest(deps)),
      organisationQueries.participants(),
    )({ preload }),
  component: lazyPage(() => import('@/features/records/pages/RecordListPage')),
});

const recordProfileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/records/{-$record_id}/profile',
  staticData: { guard: 'auth' },
  // `?t=`: where the player starts (a search hit inside a segment).
  validateSearch: validateRecordProfileSearch,
  beforeLoad: async ({ params }) => {
    runValidate(
      (p: { record_id?: string }) => p.record_id === undefined || parseId(p.record_id) !== null,
      params,
    );
    await guard('auth')();
  },
  loader: ({ params, preload }) => {
    const id = parseId(params.record_id);
    if (id !== null) loads(recordQueries.single(id), segmentQueries.list(id))({ preload });
  },
  component: lazyPage(() => import('@/features/records/pages/RecordProfilePage')),
});

const recordHistoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/records/$record_id/history',
  staticData: { guard: 'auth' },
  validateSearch: pageSearch,
  beforeLoad: async ({ params }) => {
    runValidate((p: { record_id: string }) => parseId(p.record_id) !== null, params);
    await guard('auth')();
  },
  loaderDeps: ({ search }) => search,
  loader: ({ params, deps, preload }) => {
    const id = parseId(params.record_id);
    if (id !== null)
      loads(
        recordQueries.single(id),
        recordQueries.revisions(id, deps.page ?? 1),
        // Versions kept by changes to the index compare it with the index now.
        segmentQueries.list(id),
      )({ preload });
  },
  component: lazyPage(() => import('@/features/records/pages/RecordHistoryPage')),
});

export const routeTree = rootRoute.addChildren([
  ...itemTypeRoutes,
  historyRoute,
  historyAllRoute,
  historyTypeRoute,
  recordListRoute,
  recordProfileRoute,
  recordHistoryRoute,
  planningRoute(() => rootRoute),
  mapRoute(() => rootRoute),
  ...importRoutes(() => rootRoute),
  ...peopleRoutes(() => rootRoute),
  sharesRoute(() => rootRoute),
  correlationIndexRoute,
  correlationRoute,
  homeRoute,
  homeAliasRoute,
  registerRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  loginLinkRoute(() => rootRoute),
  invitationRoute,
  verifiedRoute,
  userProfileRoute,
  interfaceParamsRoute,
  adminIndexRoute,
  adminUserListRoute,
  adminUserRightsRoute,
  ...adminParamRoutes(() => rootRoute),
  organisationIndexRoute,
  categoriesRoute,
  participantsRoute,
  tagsRoute,
  siteTranslationsRoute,
]);

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  defaultErrorComponent: RouteErrorView,
  defaultNotFoundComponent: NotFoundView,
  scrollRestoration: true,
});

export type AppRouter = typeof router;
