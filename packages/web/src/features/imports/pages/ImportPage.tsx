import '../imports.css';
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import { useEffect, useRef, useState } from 'react';
import { PageTitle } from '@/shared/ui';
import { importKeys } from '../api';
import { ImportDrop } from '../components/ImportDrop';
import { takeSharedFile } from '../shareTarget';

/**
 * A file shared to the app from the phone's share sheet (`/import?shared=1`, where the service
 * worker sends it): taken once from where the worker kept it. `missing` when the page was opened
 * so but the file is not there any more (a reload, or a browser that kept nothing).
 */
function useSharedFile() {
  const [state, setState] = useState<{ file: File | null; missing: boolean }>({
    file: null,
    missing: false,
  });
  const search = useLocation({ select: (location) => location.searchStr });
  const taken = useRef(false);
  useEffect(() => {
    if (taken.current || new URLSearchParams(search).get('shared') !== '1') return;
    taken.current = true;
    takeSharedFile()
      .then((file) => setState({ file, missing: file === null }))
      .catch(() => setState({ file: null, missing: true }));
  }, [search]);
  return state;
}

/** `/import`: drop or pick a source; once sent, its page follows the reading and shows the preview. */
export default function ImportPage() {
  const { t } = useTranslation('imports');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const shared = useSharedFile();
  return (
    <Stack gap="md" maw={860}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <PageTitle mb={0}>{t('page.title')}</PageTitle>
        <Anchor component={Link} to="/imports">
          {t('page.all')}
        </Anchor>
      </Group>
      <Text maw={680}>{t('page.intro')}</Text>
      {shared.missing ? (
        <Alert color="yellow" variant="light" role="status">
          {t('drop.sharedMissing')}
        </Alert>
      ) : null}
      <ImportDrop
        shared={shared.file}
        onUploaded={(entry) => {
          queryClient.setQueryData(importKeys.single(entry.id), entry);
          void queryClient.invalidateQueries({ queryKey: importKeys.all });
          void navigate({ to: '/imports/$import_id', params: { import_id: String(entry.id) } });
        }}
      />
    </Stack>
  );
}
