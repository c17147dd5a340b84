import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { AlertIcon, BackupIcon, DownloadIcon, TrashIcon } from '@/shared/ui';
import { RouteTabs } from './RouteTabs';

/**
 * The site-parameters tab bar of /admin/tabAdminParam/* (spec: backup 1, downloads 2, failedJobs 3,
 * deletedMedias 4).
 */
export function AdminParamsTabs({
  active,
  children,
}: {
  active: 'backup' | 'downloads' | 'failedJobs' | 'deletedMedias';
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <RouteTabs
      id="admin-params-tabs"
      active={active}
      tabs={[
        {
          value: 'backup',
          to: '/admin/tabAdminParam/backup',
          label: t('tabs.backup'),
          icon: <BackupIcon size={16} />,
        },
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
