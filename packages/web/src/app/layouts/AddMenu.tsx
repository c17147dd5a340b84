import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { ITEM_TYPES } from '@kinfolio/contract';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { NEW_ITEM, profilePath } from '@/features/archive/itemPaths';
import { useTranslation } from '@/shared/i18n/react';
import { useCan } from '@/shared/organisation/hooks';
import { useSmallScreen } from '@/shared/ui/device';
import { PlusIcon, ShareIcon } from '@/shared/ui/icons';

/**
 * The header's add menu, for those who may write: a new item of each type, or an import of a
 * whole source (photos, a mailbox, a chat).
 */
export function AddMenu() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const canEdit = useCan('content.edit');
  // No room beside the search, language, theme and account on a phone's header: there the
  // navigation drawer has the Import entry, and each list its create button.
  const small = useSmallScreen();
  // Held here so the button itself says whether the menu is open (see LanguagePicker).
  const [opened, setOpened] = useState(false);
  if (!canEdit || small) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" opened={opened} onChange={setOpened}>
      <Menu.Target>
        <Tooltip label={t('addMenu.label')} openDelay={400}>
          <ActionIcon
            variant="subtle"
            size="lg"
            className="kf-header-button kf-header-icon"
            aria-label={t('addMenu.label')}
            aria-haspopup="menu"
            aria-expanded={opened}
          >
            <PlusIcon />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('addMenu.label')}>
        <Menu.Item
          leftSection={<ShareIcon size={16} />}
          onClick={() => void navigate({ to: '/import' })}
        >
          {t('addMenu.import')}
        </Menu.Item>
        <Menu.Divider />
        {ITEM_TYPES.map((type) => (
          <Menu.Item key={type} onClick={() => void navigate({ to: profilePath(type, NEW_ITEM) })}>
            {t(`archive:types.${type}.new`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
