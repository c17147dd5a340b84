import './organisation.css';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { RouteTabs } from '@/shared/kit/RouteTabs';
import { LanguageIcon, TagIcon, TreeIcon, UsersIcon } from '@/shared/ui';

const TABS = {
  categories: { to: '/tabOrganisation/categories', icon: TreeIcon },
  participants: { to: '/tabOrganisation/participants', icon: UsersIcon },
  tags: { to: '/tabOrganisation/tags', icon: TagIcon },
  siteTranslations: { to: '/tabOrganisation/siteTranslations', icon: LanguageIcon },
} as const;
export type OrganisationTab = keyof typeof TABS;

/** The page title and the tab bar of the four organisation routes. */
export function OrganisationTabs({
  active,
  children,
}: {
  active: OrganisationTab;
  children: ReactNode;
}) {
  const { t } = useTranslation('organisation');
  return (
    <RouteTabs
      id="organisation-tabs"
      title={t('title')}
      label={t('tabs.label')}
      tabs={TABS}
      labelOf={(name) => t(`tabs.${name}`)}
      active={active}
    >
      {children}
    </RouteTabs>
  );
}
