import { Tabs } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '@/shared/ui';

/**
 * The tabs of /admin/tabAdminParam/* (spec: backup 1, downloads 2, failedJobs 3, deletedMedias
 * 4); a tab joins this list when its screen is built.
 */
const TABS = {
  failedJobs: '/admin/tabAdminParam/failedJobs',
} as const;
type TabName = keyof typeof TABS;

/** The site-parameters tab bar: each tab is a route, the page sits in the active tab's panel. */
export function AdminParamsTabs({ active, children }: { active: TabName; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <Tabs
      id="admin-params-tabs"
      value={active}
      onChange={(value) => {
        if (value && value !== active && value in TABS) {
          void navigate({ to: TABS[value as TabName] });
        }
      }}
    >
      <Tabs.List>
        <Tabs.Tab value="failedJobs" leftSection={<AlertIcon size={16} />}>
          {t('tabs.failedJobs')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value={active} pt="lg">
        {children}
      </Tabs.Panel>
    </Tabs>
  );
}
