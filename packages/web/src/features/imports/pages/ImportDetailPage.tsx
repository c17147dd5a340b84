import '../imports.css';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import { useCan } from '@/shared/organisation/hooks';
import { confirm, PageTitle, QueryState, toast } from '@/shared/ui';
import { importQueries, useStartImport, useUndoImport } from '../api';
import { ImportPreviewForm } from '../components/ImportPreviewForm';
import { ImportReport } from '../components/ImportReport';
import { ImportProgress, StatusBadge } from '../components/ImportStatus';
import { useKindsLabel } from '../format';

/**
 * `/imports/{id}`: one import, whatever it is at: read ("Reading…"), its preview waiting for the
 * go, its progress (polled; leaving does not stop it), then its report with Undo.
 */
export default function ImportDetailPage() {
  const { t } = useTranslation('imports');
  const kindsLabel = useKindsLabel();
  const { import_id } = useParams({ strict: false }) as { import_id: string };
  const id = Number(import_id);
  const entry = useQuery(importQueries.single(id));
  const start = useStartImport();
  const undo = useUndoImport();
  const canUndo = useCan('content.delete');
  const navigate = useNavigate();

  return (
    <Stack gap="md" maw={980}>
      <Group gap="sm" justify="space-between" align="flex-start">
        <PageTitle mb={0} style={{ overflowWrap: 'anywhere' }}>
          {t('detail.title', { name: entry.data?.file_name ?? '…' })}
        </PageTitle>
        <Group gap="md">
          <Anchor component={Link} to="/imports">
            {t('detail.back')}
          </Anchor>
          <Anchor component={Link} to="/import">
            {t('detail.another')}
          </Anchor>
        </Group>
      </Group>
      <QueryState query={entry} error={t('detail.loadError')}>
        {(current) => (
          <Stack gap="lg">
            <Group gap="xs">
              <StatusBadge status={current.status} />
              {current.source_kind && current.status !== 'ready' ? (
                <Text size="sm" c="dimmed">
                  {kindsLabel(current)}
                </Text>
              ) : null}
            </Group>
            {current.status === 'ready' && current.preview ? (
              <ImportPreviewForm
                entry={current}
                preview={current.preview}
                busy={start.isPending}
                onStart={(body) => start.mutate({ id: current.id, body })}
                onCancel={() => {
                  toast.info(t('preview.cancelled'));
                  void navigate({ to: '/import' });
                }}
              />
            ) : ['analysing', 'queued', 'running'].includes(current.status) ? (
              <ImportProgress entry={current} />
            ) : (
              <ImportReport
                entry={current}
                canUndo={canUndo}
                undoing={undo.isPending}
                onUndo={() =>
                  confirm({
                    title: t('undo.title'),
                    message: t('undo.message', { count: current.counts.created }),
                    confirmLabel: t('undo.confirm'),
                    onConfirm: () => undo.mutate(current.id),
                  })
                }
              />
            )}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
