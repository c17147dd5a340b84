import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import type { ForcedColorScheme } from '@/shared/theme';
import { RouteErrorView, NotFoundView } from '../errors/RouteErrorView';
import { RootShell } from '../layouts/RootShell';
import { guard, runValidate, type GuardKind } from './guards';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Transition number of spec §2 (slide direction between numbered routes). */
    routeNumber?: number;
    /** Forces the colour scheme while the page is shown. */
    colorScheme?: ForcedColorScheme;
    guard?: GuardKind;
  }
  interface Register {
    router: typeof router;
  }
}

const rootRoute = createRootRoute({
  component: RootShell,
  notFoundComponent: NotFoundView,
  errorComponent: RouteErrorView,
});

const VERIFIED_STATUSES = ['verified', 'already', 'invalid'] as const;
type VerifiedStatus = (typeof VERIFIED_STATUSES)[number];

const page = (importer: Parameters<typeof lazyRouteComponent>[0]) => lazyRouteComponent(importer);

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { guard: 'guest' },
  beforeLoad: guard('guest'),
  component: page(() => import('@/features/auth/pages/HomePage')),
});

const homeAliasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home',
  staticData: { guard: 'guest' },
  beforeLoad: guard('guest'),
  component: page(() => import('@/features/auth/pages/HomePage')),
});

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  staticData: { guard: 'guest' },
  beforeLoad: guard('guest'),
  component: page(() => import('@/features/auth/pages/RegisterPage')),
});

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  staticData: { guard: 'guest' },
  beforeLoad: guard('guest'),
  component: page(() => import('@/features/auth/pages/ForgotPasswordPage')),
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/password-reset/$token',
  staticData: { guard: 'guest' },
  validateSearch: (search: Record<string, unknown>): { email?: string } =>
    typeof search.email === 'string' ? { email: search.email } : {},
  beforeLoad: async ({ params }) => {
    runValidate((p: { token: string }) => p.token.length > 0 && p.token.length <= 200, params);
    await guard('guest')();
  },
  component: page(() => import('@/features/auth/pages/ResetPasswordPage')),
});

const verifiedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/verified',
  staticData: { guard: 'none' },
  validateSearch: (search: Record<string, unknown>): { status?: VerifiedStatus } =>
    VERIFIED_STATUSES.includes(search.status as VerifiedStatus)
      ? { status: search.status as VerifiedStatus }
      : {},
  component: page(() => import('@/features/auth/pages/VerifiedPage')),
});

const userProfileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/userprofile',
  staticData: { guard: 'auth', routeNumber: 1 },
  beforeLoad: guard('auth'),
  component: page(() => import('@/features/account/pages/UserProfilePage')),
});

const interfaceParamsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/params/interface',
  staticData: { guard: 'auth' },
  beforeLoad: guard('auth'),
  component: page(() => import('@/features/account/pages/InterfaceParamsPage')),
});

const adminIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  staticData: { guard: 'admin' },
  beforeLoad: async () => {
    await guard('admin')();
    throw redirect({ to: '/admin/tabAdminUsers/userList', replace: true });
  },
});

const adminUserListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/tabAdminUsers/userList',
  staticData: { guard: 'admin', routeNumber: 1 },
  beforeLoad: guard('admin'),
  component: page(() => import('@/features/admin/pages/UserListPage')),
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
  component: page(() => import('@/features/admin/pages/UserRightsPage')),
});

const organisationRoute = (
  path: string,
  routeNumber: number,
  importer: Parameters<typeof lazyRouteComponent>[0],
) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path: `/tabOrganisation/${path}`,
    staticData: { guard: 'auth', routeNumber },
    beforeLoad: guard('auth'),
    component: page(importer),
  });

const organisationIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tabOrganisation',
  staticData: { guard: 'auth' },
  beforeLoad: async () => {
    await guard('auth')();
    throw redirect({ to: '/tabOrganisation/categories', replace: true });
  },
});
const categoriesRoute = organisationRoute(
  'categories',
  1,
  () => import('@/features/organisation/pages/CategoriesPage'),
);
const participantsRoute = organisationRoute(
  'participants',
  2,
  () => import('@/features/organisation/pages/ParticipantsPage'),
);
const tagsRoute = organisationRoute(
  'tags',
  3,
  () => import('@/features/organisation/pages/TagsPage'),
);
const siteTranslationsRoute = organisationRoute(
  'siteTranslations',
  1,
  () => import('@/features/organisation/pages/SiteTranslationsPage'),
);

export const routeTree = rootRoute.addChildren([
  homeRoute,
  homeAliasRoute,
  registerRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  verifiedRoute,
  userProfileRoute,
  interfaceParamsRoute,
  adminIndexRoute,
  adminUserListRoute,
  adminUserRightsRoute,
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
