import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { lazyPage } from './lazyPage';
import { guard } from './guards';

const pageSearch = (search: Record<string, unknown>): { page?: number } => {
  const page = Number(search.page);
  return Number.isInteger(page) && page > 1 && page < 2 ** 31 ? { page } : {};
};

/**
 * `/admin/tabAdminParam/*`, the site parameters' tabs (spec: backup 1, downloads 2, failedJobs 3,
 * deletedMedias 4); `/admin/tabAdminParam` opens the first, backup.
 */
export function adminParamRoutes<R extends AnyRoute>(parent: () => R) {
  const index = createRoute({
    getParentRoute: parent,
    path: '/admin/tabAdminParam',
    staticData: { guard: 'admin' },
    beforeLoad: async () => {
      await guard('admin')();
      throw redirect({ to: '/admin/tabAdminParam/backup', replace: true });
    },
  });
  const backup = createRoute({
    getParentRoute: parent,
    path: '/admin/tabAdminParam/backup',
    staticData: { guard: 'admin', routeNumber: 1 },
    beforeLoad: guard('admin'),
    component: lazyPage(() => import('@/features/admin/pages/BackupPage')),
  });
  const downloads = createRoute({
    getParentRoute: parent,
    path: '/admin/tabAdminParam/downloads',
    staticData: { guard: 'admin', routeNumber: 2 },
    beforeLoad: guard('admin'),
    component: lazyPage(() => import('@/features/admin/pages/DownloadsPage')),
  });
  const failedJobs = createRoute({
    getParentRoute: parent,
    path: '/admin/tabAdminParam/failedJobs',
    staticData: { guard: 'admin', routeNumber: 3 },
    validateSearch: pageSearch,
    beforeLoad: guard('admin'),
    component: lazyPage(() => import('@/features/admin/pages/FailedJobsPage')),
  });
  const deletedMedias = createRoute({
    getParentRoute: parent,
    path: '/admin/tabAdminParam/deletedMedias',
    staticData: { guard: 'admin', routeNumber: 4 },
    validateSearch: pageSearch,
    beforeLoad: guard('admin'),
    component: lazyPage(() => import('@/features/admin/pages/DeletedMediasPage')),
  });
  return [index, backup, downloads, failedJobs, deletedMedias] as const;
}
