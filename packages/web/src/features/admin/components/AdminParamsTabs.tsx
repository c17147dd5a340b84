import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, DownloadIcon, TrashIcon } from '@/shared/ui';
import { RouteTabs } from './RouteTabs';

/**
 * The site-parameters tab bar of /admin/tabAdminParam/* (spec: backup 1, downloads 2, failedJobs 3,
 * deletedMedias 4); a tab joins it when its screen is built.
 */
export function AdminParamsTabs({
  active,
  children,
}: {
  active: 'downloads' | 'failedJobs' | 'deletedMedias';
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <RouteTabs
      id="admin-params-tabs"
      active={active}
      tabs={[
        {
          value: 'downloads',
          to: '/admin/tabAdminParam/downloads',
          label: t('tabs.downloads'),
          icon: <DownloadIcon size={16} />,
        },
        {
          value: 'failedJobs',
          to: '/admin/tabAdminParam/failedJobs',
          label: t('tabs.failedJobs'),
          icon: <AlertIcon size={16} />,
        },
        {
          value: 'deletedMedias',
          to: '/admin/tabAdminParam/deletedMedias',
          label: t('tabs.deletedMedias'),
          icon: <TrashIcon size={16} />,
        },
      ]}
    >
      {children}
    </RouteTabs>
  );
}
