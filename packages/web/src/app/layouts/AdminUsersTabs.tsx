import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

const TABS = [
  { value: '/admin/tabAdminUsers/userList', labelKey: 'adminTabs.userList' },
  { value: '/admin/tabAdminUsers/userProfileAndRights', labelKey: 'adminTabs.rights' },
] as const;

/** Tab bar over the two user-administration pages; each tab is its own route. */
export function AdminUsersTabs() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const pathname = useLocation({ select: (l) => l.pathname });
  const active = TABS.find((tab) => pathname.startsWith(tab.value))?.value ?? TABS[0].value;
  return (
    <Tabs
      value={active}
      onChange={(value) => value && void navigate({ to: value })}
      mb="lg"
    >
      <Tabs.List aria-label={t('adminTabs.label')}>
        {TABS.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {t(tab.labelKey)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
