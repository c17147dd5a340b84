import '../imports.css';
import { Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { ListPager } from '@/shared/content/ListPager';
import { useTranslation } from '@/shared/i18n/react';
import { PageTitle, PlusIcon, QueryState } from '@/shared/ui';
import { importQueries } from '../api';
import { ImportsTable } from '../components/ImportsTable';

/** `/imports`: past and running imports (each sees their own, admins all), live while one runs. */
export default function ImportsPage() {
  const { t } = useTranslation('imports');
  const { page = 1 } = useSearch({ strict: false }) as { page?: number };
  const navigate = useNavigate();
  const list = useQuery(importQueries.list(page));
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <PageTitle mb={0}>{t('list.title')}</PageTitle>
        <Button component={Link} to="/import" leftSection={<PlusIcon size={16} />}>
          {t('list.new')}
        </Button>
      </Group>
      <QueryState
        query={list}
        error={t('list.loadError')}
        isEmpty={(answer) => answer.data.length === 0}
        empty={t('list.empty')}
      >
        {(answer) => (
          <>
            <ImportsTable entries={answer.data} />
            <ListPager
              total={answer.meta.last_page}
              value={answer.meta.current_page}
              onChange={(next) =>
                void navigate({ to: '/imports', search: next > 1 ? { page: next } : {} })
              }
            />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
