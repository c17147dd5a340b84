import { Button, Group, Progress, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { segmentKeys, segmentQueries, segmentsDetecting, useDetectSegments } from './api';

/** "Detect segments" at the silences, then the job's progress until the new index is there. */
export function DetectSegments({ recordId, again }: { recordId: number; again: boolean }) {
  const { t } = useTranslation('records');
  const queryClient = useQueryClient();
  const status = useQuery(segmentQueries.detection(recordId)).data;
  const detect = useDetectSegments();
  const working = segmentsDetecting(status);
  const wasWorking = useRef(working);

  // The job finished: the index it wrote is fetched.
  useEffect(() => {
    if (wasWorking.current && !working) {
      void queryClient.invalidateQueries({ queryKey: segmentKeys.list(recordId) });
    }
    wasWorking.current = working;
  }, [working, recordId, queryClient]);

  if (working) {
    const label =
      status?.status === 'queued'
        ? t('segments.detect.queued')
        : t('segments.detect.running', { progress: status?.progress ?? 0 });
    return (
      <div className="kf-segments-progress" role="status">
        <Text size="xs">{label}</Text>
        <Progress
          value={status?.progress ?? 0}
          size="sm"
          animated
          aria-label={t('segments.detect.progressLabel')}
        />
      </div>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="xs"
        variant={again ? 'default' : 'filled'}
        loading={detect.isPending}
        onClick={() => detect.mutate(recordId)}
        title={t('segments.detect.hint')}
      >
        {again ? t('segments.detect.again') : t('segments.detect.button')}
      </Button>
      {status?.status === 'failed' ? (
        <Text size="xs" c="red" role="status">
          {t('segments.detect.failed')}
        </Text>
      ) : null}
    </Group>
  );
}
