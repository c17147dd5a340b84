import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { RouteTabs } from '@/shared/kit/RouteTabs';
import {
  AlertIcon,
  BackupIcon,
  DownloadIcon,
  FaceIcon,
  ShieldIcon,
  TrashIcon,
  UserIcon,
} from '@/shared/ui';

/** The site parameters under /admin/tabAdminParam/*, in the order of their tabs. */
const PARAMS_TABS = {
  backup: { to: '/admin/tabAdminParam/backup', icon: BackupIcon },
  downloads: { to: '/admin/tabAdminParam/downloads', icon: DownloadIcon },
  failedJobs: { to: '/admin/tabAdminParam/failedJobs', icon: AlertIcon },
  deletedMedias: { to: '/admin/tabAdminParam/deletedMedias', icon: TrashIcon },
  faces: { to: '/admin/tabAdminParam/faces', icon: FaceIcon },
} as const;

/** The two user-administration routes. */
const USERS_TABS = {
  userList: { to: '/admin/tabAdminUsers/userList', icon: UserIcon },
  userProfileAndRights: { to: '/admin/tabAdminUsers/userProfileAndRights', icon: ShieldIcon },
} as const;

const PARTS = {
  params: { id: 'admin-params-tabs', title: 'params.title', tabs: PARAMS_TABS },
  users: { id: 'admin-users-tabs', title: 'title', tabs: USERS_TABS },
} as const;
type Part = keyof typeof PARTS;

const TAB_LABELS: Record<string, string> = { userProfileAndRights: 'tabs.userRights' };

/** An administration part's title and tab bar: the site parameters, or the users. */
export function AdminTabs<P extends Part>({
  part,
  active,
  children,
}: {
  part: P;
  active: keyof (typeof PARTS)[P]['tabs'] & string;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { id, title, tabs } = PARTS[part];
  return (
    <RouteTabs<string>
      id={id}
      title={t(title)}
      tabs={tabs}
      labelOf={(name) => t(TAB_LABELS[name] ?? `tabs.${name}`)}
      active={active}
    >
      {children}
    </RouteTabs>
  );
}
