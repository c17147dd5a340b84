import { Alert, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import type { AdminUser } from '@kinfolio/contract';
import { QueryState } from '@/shared/ui';
import { AdminTabs } from '../components/AdminTabs';
import { UserPicker } from '../components/UserPicker';
import { UserRightsForm } from '../components/UserRightsForm';
import { adminQueries } from '../queries';
import { dateTimeFormat } from '@/shared/intl';

function UserFacts({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation('admin');
  const date = (iso: string | null) =>
    iso
      ? dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso))
      : t('users.never');
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
      <Text size="sm">{t('rights.verifiedOn', { date: date(user.email_verified_at) })}</Text>
      <Text size="sm">{t('rights.memberSince', { date: date(user.created_at) })}</Text>
      <Text size="sm">{t('rights.lastLogin', { date: date(user.last_login_at) })}</Text>
    </SimpleGrid>
  );
}

export default function UserRightsPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { user: userId } = useSearch({ strict: false });
  const users = useQuery(adminQueries.users());
  const selected = users.data?.find((user) => user.id === userId);

  const content = (
    <QueryState
      query={users}
      error={t('users.loadError')}
      loading={<Skeleton height={320} radius="md" />}
    >
      {() =>
        selected ? (
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
                {selected.name}
              </Title>
              <UserFacts user={selected} />
              <UserRightsForm key={selected.id} user={selected} />
            </Stack>
          </Paper>
        ) : userId !== undefined ? (
          <Alert color="yellow" variant="light" role="status">
            {t('rights.notFound')}
          </Alert>
        ) : (
          <Text c="dimmed" role="status">
            {t('rights.pickFirst')}
          </Text>
        )
      }
    </QueryState>
  );

  return (
    <AdminTabs part="users" active="userProfileAndRights">
      <Stack gap="lg">
        {users.data ? (
          <UserPicker
            users={users.data}
            value={selected?.id}
            onChange={(id) =>
              void navigate({
                to: '/admin/tabAdminUsers/userProfileAndRights',
                search: { user: id },
              })
            }
          />
        ) : null}
        {content}
      </Stack>
    </AdminTabs>
  );
}
