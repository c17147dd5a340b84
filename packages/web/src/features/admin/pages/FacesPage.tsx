import {
  Alert,
  Button,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FacesAdmin } from '@kinfolio/contract';
import {
  faceQueries,
  useDeleteAllFaces,
  useQueueBackfill,
  useUpdateFacesSettings,
} from '@/shared/faces/api';
import { useTranslation } from '@/shared/i18n/react';
import { AlertIcon, QueryState, ShieldIcon, TrashIcon, confirmKeyed } from '@/shared/ui';
import { AdminTabs } from '../components/AdminTabs';

const COUNTS = ['pictures', 'scanned', 'pending', 'faces', 'named', 'groups'] as const;

function FacesSettings({ state }: { state: FacesAdmin }) {
  const { t } = useTranslation('faces');
  const update = useUpdateFacesSettings();
  const backfill = useQueueBackfill();
  const deleteAll = useDeleteAllFaces();
  const running = state.backfill && ['queued', 'running'].includes(state.backfill.state);
  return (
    <Stack gap="lg" maw={760}>
      <Text size="sm">{t('admin.intro')}</Text>
      <Alert
        color="orange"
        variant="light"
        icon={<ShieldIcon size={18} />}
        title={t('admin.biometricTitle')}
      >
        {t('admin.biometric')}
      </Alert>
      {state.available ? null : (
        <Alert color="gray" variant="light" icon={<AlertIcon size={18} />}>
          {t('admin.unavailable')}
        </Alert>
      )}
      <Stack gap="sm">
        <Switch
          label={t('admin.enabled')}
          description={t('admin.enabledHelp')}
          checked={state.enabled}
          disabled={!state.available || update.isPending}
          onChange={(event) => update.mutate({ enabled: event.currentTarget.checked })}
        />
        <Switch
          label={t('admin.autoLink')}
          description={t('admin.autoLinkHelp', { threshold: state.thresholds.auto_link })}
          checked={state.auto_link}
          disabled={!state.enabled || update.isPending}
          onChange={(event) => update.mutate({ auto_link: event.currentTarget.checked })}
        />
      </Stack>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" component="dl" m={0}>
        {COUNTS.map((name) => (
          <div key={name}>
            <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
              {t(`admin.counts.${name}`)}
            </Text>
            <Text component="dd" size="lg" fw={600} m={0}>
              {state.counts[name]}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('admin.backfill.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admin.backfill.help')}
        </Text>
        {running && state.backfill ? (
          <Stack gap={4} role="status">
            <Text size="sm">
              {state.backfill.state === 'queued'
                ? t('admin.backfill.queued')
                : t('admin.backfill.progress', { progress: state.backfill.progress })}
            </Text>
            <Progress
              value={state.backfill.progress}
              aria-label={t('admin.backfill.progress', { progress: state.backfill.progress })}
            />
          </Stack>
        ) : null}
        <Group>
          <Button
            variant="default"
            onClick={() => backfill.mutate()}
            loading={backfill.isPending}
            disabled={!state.enabled || Boolean(running)}
          >
            {t('admin.backfill.run')}
          </Button>
        </Group>
      </Stack>
      <Group justify="space-between" align="center">
        <Text size="xs" c="dimmed">
          {t('admin.model', { version: state.model_version })}
        </Text>
        <Button
          color="red"
          variant="light"
          leftSection={<TrashIcon size={16} />}
          loading={deleteAll.isPending}
          onClick={() =>
            confirmKeyed({
              t,
              action: 'admin.deleteAll',
              values: { count: state.counts.faces },
              onConfirm: () => deleteAll.mutate(),
            })
          }
        >
          {t('admin.deleteAll')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * `/admin/tabAdminParam/faces`: faces on or off, auto-linking, the backfill's progress, and
 * deleting every face (descriptors are biometric data: the screen says so).
 */
export default function FacesPage() {
  const { t } = useTranslation('faces');
  const state = useQuery(faceQueries.admin());
  return (
    <AdminTabs part="params" active="faces">
      <QueryState query={state} error={t('admin.error')}>
        {(data) => <FacesSettings state={data} />}
      </QueryState>
    </AdminTabs>
  );
}
