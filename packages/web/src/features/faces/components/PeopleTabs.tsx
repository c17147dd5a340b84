import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { RouteTabs } from '@/shared/kit/RouteTabs';
import { SearchIcon, UsersIcon } from '@/shared/ui';

const TABS = {
  people: { to: '/people', icon: UsersIcon },
  unknown: { to: '/people/unknown', icon: SearchIcon },
} as const;

/** The People page's title and its two tabs: the people named in photos, the unknown faces. */
export function PeopleTabs({
  active,
  children,
}: {
  active: keyof typeof TABS;
  children: ReactNode;
}) {
  const { t } = useTranslation('faces');
  return (
    <RouteTabs
      id="people-tabs"
      title={t('people.title')}
      label={t('people.tabsLabel')}
      tabs={TABS}
      labelOf={(name) => t(`people.tabs.${name}`)}
      active={active}
    >
      {children}
    </RouteTabs>
  );
}
