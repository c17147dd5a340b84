import { ITEM_TYPES } from '@kinfolio/contract';
import type { ComponentType } from 'react';
import { ITEM_TYPE_META } from '@/features/archive/itemTypes';
import { FamilyTreeIcon } from '@/features/family/icons';
import {
  CalendarIcon,
  FaceIcon,
  HistoryIcon,
  LanguageIcon,
  MapIcon,
  RecordIcon,
  SettingsIcon,
  ShareIcon,
  ShieldIcon,
  TableIcon,
  TagIcon,
  TreeIcon,
  UserIcon,
} from '@/shared/ui/icons';

export interface NavItem {
  to: string;
  labelKey: string;
  icon: ComponentType<{ size?: number }>;
  /** Path prefix that marks the item active (tab groups). */
  activePrefix?: string;
  admin?: boolean;
  /** Only for those who may write (`content.edit`). */
  edit?: boolean;
}

export interface NavSection {
  labelKey: string;
  items: NavItem[];
}

/** The screens that exist so far. */
export const NAV_SECTIONS: NavSection[] = [
  {
    labelKey: 'nav.sectionArchive',
    items: [
      // One entry per item type, in the archive's type order (see features/archive/itemTypes.ts).
      ...ITEM_TYPES.map((type) => ({
        to: ITEM_TYPE_META[type].listPath,
        labelKey: `archive:types.${type}.plural`,
        icon: ITEM_TYPE_META[type].icon,
      })),
      // Audio records are not an item type: their own screens, after the items.
      {
        to: '/records',
        labelKey: 'archive:types.record.plural',
        icon: RecordIcon,
        activePrefix: '/records',
      },
      // The people of the family (their pages, the faces still to name) and their tree; the
      // participants' management (rename, merge, divide) is a tab of Organisation.
      {
        to: '/people',
        labelKey: 'nav.people',
        icon: FaceIcon,
        activePrefix: '/people',
      },
      {
        to: '/tree',
        labelKey: 'nav.tree',
        icon: FamilyTreeIcon,
        activePrefix: '/tree',
      },
      {
        to: '/planning',
        labelKey: 'nav.planning',
        icon: CalendarIcon,
        activePrefix: '/planning',
      },
      {
        to: '/map',
        labelKey: 'nav.map',
        icon: MapIcon,
        activePrefix: '/map',
      },
      {
        to: '/history',
        labelKey: 'archive:feed.title',
        icon: HistoryIcon,
        activePrefix: '/history',
      },
      {
        to: '/correlation/post',
        labelKey: 'nav.correlation',
        icon: TableIcon,
        activePrefix: '/correlation',
      },
      // The Import page and the list of imports (`/import…`).
      {
        to: '/import',
        labelKey: 'nav.import',
        icon: ShareIcon,
        activePrefix: '/import',
        edit: true,
      },
    ],
  },
  {
    labelKey: 'nav.sectionOrganisation',
    items: [
      { to: '/tabOrganisation/categories', labelKey: 'nav.categories', icon: TreeIcon },
      { to: '/tabOrganisation/tags', labelKey: 'nav.tags', icon: TagIcon },
      {
        to: '/tabOrganisation/siteTranslations',
        labelKey: 'nav.siteTranslations',
        icon: LanguageIcon,
      },
    ],
  },
  {
    labelKey: 'nav.sectionAccount',
    items: [
      { to: '/user/userprofile', labelKey: 'nav.profile', icon: UserIcon },
      { to: '/params/interface', labelKey: 'nav.interface', icon: SettingsIcon },
    ],
  },
  {
    labelKey: 'nav.sectionAdmin',
    items: [
      {
        to: '/admin/tabAdminUsers/userList',
        labelKey: 'nav.adminUsers',
        icon: ShieldIcon,
        activePrefix: '/admin/tabAdminUsers',
        admin: true,
      },
      {
        to: '/admin/tabAdminParam/backup',
        labelKey: 'nav.adminParams',
        icon: SettingsIcon,
        activePrefix: '/admin/tabAdminParam',
        admin: true,
      },
    ],
  },
];

export function visibleSections(isAdmin: boolean, canEdit = true): NavSection[] {
  return NAV_SECTIONS.map((section) => ({
    ...section,
    items: section.items.filter((item) => (!item.admin || isAdmin) && (!item.edit || canEdit)),
  })).filter((section) => section.items.length > 0);
}
