import { Button, Menu } from '@mantine/core';
import { ITEM_BASES, ITEM_TYPES, type ItemType } from '@kinfolio/contract';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';

export type ItemsFilter = 'category' | 'participant' | 'tag';

/** `/posts`, `/mails`, …: a type's list screen, from its API base (`/api/posts`). */
function listPath(type: ItemType): '/posts' {
  // Every type's list route takes the same search (the archive's list filters); the router
  // types one of them.
  return ITEM_BASES[type].slice('/api'.length) as '/posts';
}

interface ItemListsMenuProps {
  filter: ItemsFilter;
  id: number;
  name: string;
  /** Shown as the button's text (a table's count column); else "Show the items". */
  count?: number;
}

/**
 * The items of a participant, tag or category: a menu of the archive's lists (one per item type),
 * each opened with that filter. Links, so they open in a new tab too.
 */
export function ItemListsMenu({ filter, id, name, count }: ItemListsMenuProps) {
  const { t } = useTranslation(['organisation', 'archive']);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-label={
            count === undefined ? undefined : t('organisation:itemLinks.itemsOf', { name, count })
          }
        >
          {count === undefined ? t('organisation:itemLinks.show') : count}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('organisation:itemLinks.menuLabel', { name })}</Menu.Label>
        {ITEM_TYPES.map((type) => (
          <Menu.Item
            key={type}
            renderRoot={(props) => (
              <Link {...props} to={listPath(type)} search={{ [filter]: id }} />
            )}
          >
            {t(`archive:types.${type}.plural`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
