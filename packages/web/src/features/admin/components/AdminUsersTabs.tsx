import { Tabs } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldIcon, UserIcon } from '@/shared/ui';

const TABS = {
  userList: '/admin/tabAdminUsers/userList',
  userProfileAndRights: '/admin/tabAdminUsers/userProfileAndRights',
} as const;
type TabName = keyof typeof TABS;

/**
 * The tab bar of the two user-administration routes. Each tab is a route, so arrow keys move
 * between tabs and navigate, and the page content sits in the active tab's panel.
 */
export function AdminUsersTabs({ active, children }: { active: TabName; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <Tabs
      id="admin-users-tabs"
      value={active}
      onChange={(value) => {
        if (value && value !== active && value in TABS) {
          void navigate({ to: TABS[value as TabName] });
        }
      }}
    >
      <Tabs.List>
        <Tabs.Tab value="userList" leftSection={<UserIcon size={16} />}>
          {t('tabs.userList')}
        </Tabs.Tab>
        <Tabs.Tab value="userProfileAndRights" leftSection={<ShieldIcon size={16} />}>
          {t('tabs.userRights')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value={active} pt="lg">
        {children}
      </Tabs.Panel>
    </Tabs>
  );
}
