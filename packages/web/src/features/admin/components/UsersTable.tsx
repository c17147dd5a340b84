import { Anchor, Group, Stack, Text, type AnchorProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import type { AdminUser } from '@kinfolio/contract';
import { UserAvatar } from '@/shared/ui/UserAvatar';
import { InvitationStatus } from './InvitationStatus';
import { PermissionBadges, YesNoBadge } from './UserBadges';
import { useDateTime } from '../dateTime';
import { ResponsiveTable } from '@/shared/kit/ResponsiveTable';

// Mantine's polymorphic Anchor loses its props through createLink; a plain wrapper keeps them.
function RouterAnchor(props: AnchorProps & ComponentPropsWithRef<'a'>) {
  return <Anchor component="a" {...props} />;
}
const AnchorLink = createLink(RouterAnchor);

function useLastLogin() {
  const { t } = useTranslation('admin');
  const date = useDateTime();
  return (user: AdminUser) => (user.last_login_at ? date(user.last_login_at) : t('users.never'));
}

function UserLink({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  return (
    <Group gap="xs" wrap="nowrap">
      <UserAvatar name={user.name} picture={user.picture} size={28} />
      <AnchorLink
        to="/admin/tabAdminUsers/userProfileAndRights"
        search={{ user: user.id }}
        fw={500}
        aria-label={t('users.edit', { name: user.name })}
      >
        {user.name}
      </AnchorLink>
    </Group>
  );
}

/** A table on wide screens, one card per user on phones. */
export function UsersTable({ users }: { users: AdminUser[] }) {
  const { t } = useTranslation('admin');
  const lastLogin = useLastLogin();
  const yes = t('users.yes');
  const no = t('users.no');

  return (
    <ResponsiveTable
      rows={users}
      rowKey={(user) => user.id}
      caption={t('users.caption', { count: users.length })}
      table={{ highlightOnHover: true, layout: 'auto' }}
      columns={[
        { header: t('users.name'), cell: (user) => <UserLink user={user} /> },
        { header: t('users.email'), wrapAnywhere: true, cell: (user) => user.email },
        {
          header: t('users.verified'),
          cell: (user) => <YesNoBadge value={Boolean(user.email_verified_at)} yes={yes} no={no} />,
        },
        {
          header: t('users.active'),
          cell: (user) => <YesNoBadge value={user.active} yes={yes} no={no} />,
        },
        { header: t('users.permissions'), cell: (user) => <PermissionBadges user={user} /> },
        {
          header: t('users.lastLogin'),
          cell: (user) => (user.invitation ? <InvitationStatus user={user} /> : lastLogin(user)),
        },
      ]}
      card={(user) => (
        <Stack gap={6}>
          <UserLink user={user} />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('users.verified')}
            </Text>
            <YesNoBadge value={Boolean(user.email_verified_at)} yes={yes} no={no} />
            <Text size="sm" c="dimmed">
              {t('users.active')}
            </Text>
            <YesNoBadge value={user.active} yes={yes} no={no} />
          </Group>
          <PermissionBadges user={user} />
          {user.invitation ? (
            <InvitationStatus user={user} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('users.lastLoginValue', { date: lastLogin(user) })}
            </Text>
          )}
        </Stack>
      )}
    />
  );
}
