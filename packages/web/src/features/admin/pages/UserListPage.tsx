import { Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { QueryState, SearchField } from '@/shared/ui';
import { AdminTabs } from '../components/AdminTabs';
import { InviteButton } from '../components/InviteDialog';
import { RegistrationSwitch } from '../components/RegistrationSwitch';
import { UsersTable } from '../components/UsersTable';
import { adminQueries } from '../queries';
import { filterUsers } from '../search';

export default function UserListPage() {
  const { t } = useTranslation('admin');
  const users = useQuery(adminQueries.users());
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const visible = useMemo(() => filterUsers(users.data ?? [], deferred), [users.data, deferred]);

  const content = (
    <QueryState
      query={users}
      error={t('users.loadError')}
      isEmpty={() => visible.length === 0}
      empty={t('users.noMatch')}
    >
      {() => <UsersTable users={visible} />}
    </QueryState>
  );

  return (
    <AdminTabs part="users" active="userList">
      <Stack gap="lg">
        <Paper withBorder radius="md" p="md">
          <RegistrationSwitch />
        </Paper>
        <Group align="flex-end" justify="space-between" gap="sm">
          <SearchField
            label={t('users.search')}
            placeholder={t('users.searchPlaceholder')}
            value={search}
            onChange={setSearch}
          />
          <Group gap="sm">
            {users.data ? (
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('users.count', { count: visible.length, total: users.data.length })}
              </Text>
            ) : null}
            <InviteButton />
          </Group>
        </Group>
        {content}
      </Stack>
    </AdminTabs>
  );
}
