import '../imports.css';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import { PageTitle } from '@/shared/ui';
import { importKeys } from '../api';
import { ImportDrop } from '../components/ImportDrop';

/** `/import`: drop or pick a source; once sent, its page follows the reading and shows the preview. */
export default function ImportPage() {
  const { t } = useTranslation('imports');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Stack gap="md" maw={860}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <PageTitle mb={0}>{t('page.title')}</PageTitle>
        <Anchor component={Link} to="/imports">
          {t('page.all')}
        </Anchor>
      </Group>
      <Text maw={680}>{t('page.intro')}</Text>
      <ImportDrop
        onUploaded={(entry) => {
          queryClient.setQueryData(importKeys.single(entry.id), entry);
          void queryClient.invalidateQueries({ queryKey: importKeys.all });
          void navigate({ to: '/imports/$import_id', params: { import_id: String(entry.id) } });
        }}
      />
    </Stack>
  );
}
