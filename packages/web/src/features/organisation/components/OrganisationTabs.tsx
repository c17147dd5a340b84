import './organisation.css';
import { Stack, Tabs } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { LanguageIcon, PageTitle, TagIcon, TreeIcon, UsersIcon } from '@/shared/ui';

const TABS = {
  categories: { to: '/tabOrganisation/categories', icon: TreeIcon },
  participants: { to: '/tabOrganisation/participants', icon: UsersIcon },
  tags: { to: '/tabOrganisation/tags', icon: TagIcon },
  siteTranslations: { to: '/tabOrganisation/siteTranslations', icon: LanguageIcon },
} as const;
export type OrganisationTab = keyof typeof TABS;

/**
 * The page title and the tab bar of the four organisation routes. Each tab is a route: arrow
 * keys move between tabs and navigate; the screen sits in the active tab's panel.
 */
export function OrganisationTabs({
  active,
  children,
}: {
  active: OrganisationTab;
  children: ReactNode;
}) {
  const { t } = useTranslation('organisation');
  const navigate = useNavigate();
  const list = useRef<HTMLDivElement>(null);
  // On a narrow screen the tab bar scrolls: keep the active tab in view. Only the bar scrolls
  // (scrollIntoView also scrolled the whole page sideways on a phone).
  useEffect(() => {
    const bar = list.current;
    const tab = bar?.querySelector('[aria-selected="true"]');
    if (!bar || !tab) return;
    const barBox = bar.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    if (tabBox.left < barBox.left) bar.scrollLeft += tabBox.left - barBox.left;
    else if (tabBox.right > barBox.right) bar.scrollLeft += tabBox.right - barBox.right;
  }, [active]);
  return (
    <Stack gap="md">
      <PageTitle>{t('title')}</PageTitle>
      <Tabs
        id="organisation-tabs"
        value={active}
        onChange={(value) => {
          if (value && value !== active && value in TABS) {
            void navigate({ to: TABS[value as OrganisationTab].to });
          }
        }}
      >
        <Tabs.List ref={list} aria-label={t('tabs.label')} className="kf-org-tabs">
          {(Object.keys(TABS) as OrganisationTab[]).map((name) => {
            const Icon = TABS[name].icon;
            return (
              <Tabs.Tab key={name} value={name} leftSection={<Icon size={16} />}>
                {t(`tabs.${name}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value={active} pt="lg">
          {children}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
