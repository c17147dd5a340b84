import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { ShieldIcon, UserIcon } from '@/shared/ui';
import { RouteTabs } from './RouteTabs';

/** The tab bar of the two user-administration routes. */
export function AdminUsersTabs({
  active,
  children,
}: {
  active: 'userList' | 'userProfileAndRights';
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <RouteTabs
      id="admin-users-tabs"
      active={active}
      tabs={[
        {
          value: 'userList',
          to: '/admin/tabAdminUsers/userList',
          label: t('tabs.userList'),
          icon: <UserIcon size={16} />,
        },
        {
          value: 'userProfileAndRights',
          to: '/admin/tabAdminUsers/userProfileAndRights',
          label: t('tabs.userRights'),
          icon: <ShieldIcon size={16} />,
        },
      ]}
    >
      {children}
    </RouteTabs>
  );
}
