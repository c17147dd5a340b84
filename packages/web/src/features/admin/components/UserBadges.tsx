import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/react';
import type { AdminUser } from '@kinfolio/contract';

export function YesNoBadge({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return (
    <Badge color={value ? 'green' : 'gray'} variant="light">
      {value ? yes : no}
    </Badge>
  );
}

export function PermissionBadges({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  if (user.permissions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('users.noPermissions')}
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {user.permissions.map((permission) => (
        <Badge
          key={permission}
          size="sm"
          variant={permission === 'admin' ? 'filled' : 'light'}
          color={permission === 'admin' ? 'main' : 'primary'}
        >
          {t(`permissions.${permission}.label`, { defaultValue: permission })}
        </Badge>
      ))}
    </Group>
  );
}
