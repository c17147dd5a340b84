import { redirect, type AnyRoute } from '@tanstack/react-router';
import { forwardRoute, guardedPage, pagedPage } from './routeKinds';

const pages = {
  backup: () => import('@/features/admin/pages/BackupPage'),
  downloads: () => import('@/features/admin/pages/DownloadsPage'),
  failedJobs: () => import('@/features/admin/pages/FailedJobsPage'),
  deletedMedias: () => import('@/features/admin/pages/DeletedMediasPage'),
  faces: () => import('@/features/admin/pages/FacesPage'),
};

/**
 * `/admin/tabAdminParam/*`, the site parameters' tabs (backup 1, downloads 2, failedJobs 3,
 * deletedMedias 4, faces 5); `/admin/tabAdminParam` opens the first, backup.
 */
export function adminParamRoutes<R extends AnyRoute>(parent: () => R) {
  const base = '/admin/tabAdminParam';
  return [
    forwardRoute(parent, base, 'admin', () => {
      throw redirect({ to: '/admin/tabAdminParam/backup', replace: true });
    }),
    guardedPage(parent, `${base}/backup`, 'admin', pages.backup, 1),
    guardedPage(parent, `${base}/downloads`, 'admin', pages.downloads, 2),
    pagedPage(parent, `${base}/failedJobs`, 'admin', pages.failedJobs, 3),
    pagedPage(parent, `${base}/deletedMedias`, 'admin', pages.deletedMedias, 4),
    guardedPage(parent, `${base}/faces`, 'admin', pages.faces, 5),
  ] as const;
}
