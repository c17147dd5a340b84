import { Menu, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import { useSession } from '@/shared/session';
import { SHARE_PERMISSION } from '@/shared/share/request';
import { LogoutIcon, SettingsIcon, ShareIcon, ShieldIcon, UserIcon } from '@/shared/ui/icons';
import { UserAvatar } from '@/shared/ui/UserAvatar';

export function UserMenu() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const { user, isAdmin, logout, hasPermission } = useSession();
  const canShare = hasPermission(SHARE_PERMISSION);
  if (!user) return null;
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton
          className="kf-header-button kf-user-button"
          aria-label={t('userMenu.label', { name: user.name })}
        >
          <UserAvatar size={30} name={user.name} picture={user.picture} className="kf-avatar" />
          <Text component="span" size="sm" fw={500} visibleFrom="sm" className="kf-user-name">
            {user.name}
          </Text>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item
          leftSection={<UserIcon size={16} />}
          onClick={() => void navigate({ to: '/user/userprofile' })}
        >
          {t('userMenu.profile')}
        </Menu.Item>
        <Menu.Item
          leftSection={<SettingsIcon size={16} />}
          onClick={() => void navigate({ to: '/params/interface' })}
        >
          {t('userMenu.interface')}
        </Menu.Item>
        {canShare ? (
          <Menu.Item
            leftSection={<ShareIcon size={16} />}
            onClick={() => void navigate({ to: '/shares' })}
          >
            {t('userMenu.shares')}
          </Menu.Item>
        ) : null}
        {isAdmin ? (
          <Menu.Item
            leftSection={<ShieldIcon size={16} />}
            onClick={() => void navigate({ to: '/admin/tabAdminUsers/userList' })}
          >
            {t('userMenu.admin')}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item leftSection={<LogoutIcon size={16} />} onClick={() => void logout()}>
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
