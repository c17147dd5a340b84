import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Menu,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { TIME_CODE_PATTERN, type RecordEntity, type RecordSegment } from '@kinfolio/contract';
import { useState } from 'react';
import { buildPath, routeIndex } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { useCan } from '@/shared/organisation/hooks';
import { confirm, DownloadIcon, EditIcon, PlusIcon } from '@/shared/ui';
import { clock } from '../timeCodes';
import type { PartsPlayer } from '../usePartsPlayer';
import {
  useCreateSegment,
  useDeleteSegment,
  useSegmentsFromTimeCodes,
  useUpdateSegment,
} from './api';
import { DetectSegments } from './DetectSegments';
import { SegmentEditor } from './SegmentEditor';
import { endOf, segmentAt } from './segmentIndex';
import { TranscribeSegment } from './TranscribeSegment';
import { useSegmentShortcuts } from './useSegmentShortcuts';

/** A segment's name on screen: its title, else where it starts. */
export function useSegmentName() {
  const { t } = useTranslation('records');
  return (segment: RecordSegment) =>
    segment.title || t('segments.untitled', { time: clock(segment.start) });
}

/** Plays from a moment, whether the player was playing or not. */
export function playFrom(player: PartsPlayer, at: number) {
  player.seek(at);
  if (!player.playing) player.toggle();
}

/** The record's OHMS XML index (opened by the browser, readable by oral-history tools). */
export function ohmsUrl(recordId: number): string {
  return buildPath(routeIndex.recordSegmentsOhms[1], { id: recordId });
}

/**
 * The record's index beside the player: its segments in time order (a tap plays from there),
 * the one heard marked; for editors, adding at the moment heard, detection at the silences,
 * segments from the transcript's time codes, and per segment edit, transcribe, merge, delete.
 */
export function SegmentIndex({
  record,
  player,
  segments,
}: {
  record: RecordEntity;
  player: PartsPlayer;
  segments: RecordSegment[];
}) {
  const { t } = useTranslation('records');
  const canEdit = useCan('records.edit') && !record.deleted_at;
  const name = useSegmentName();
  const [editing, setEditing] = useState<RecordSegment | null>(null);
  const [transcribing, setTranscribing] = useState<number | null>(null);
  const create = useCreateSegment();
  const update = useUpdateSegment();
  const remove = useDeleteSegment();
  const fromCodes = useSegmentsFromTimeCodes();
  const hasAudio = player.parts.length > 0;
  const heard = segmentAt(segments, player.time);
  const total = player.line.total;
  const hasTimeCodes = new RegExp(TIME_CODE_PATTERN.source).test(record.rawtranscription);

  useSegmentShortcuts(
    segments,
    player,
    canEdit ? setEditing : null,
    hasAudio && transcribing === null,
  );

  const transcribed = segments.findIndex((segment) => segment.id === transcribing);
  if (transcribed >= 0) {
    const segment = segments[transcribed]!;
    return (
      <TranscribeSegment
        segment={segment}
        end={endOf(segments, transcribed, total)}
        lang={record.lang}
        player={player}
        onClose={() => setTranscribing(null)}
      />
    );
  }

  return (
    <section aria-labelledby="kf-index-title" className="kf-index">
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        <Title order={2} size="h4" id="kf-index-title">
          {t('segments.title')}
        </Title>
        <Group gap={6}>
          {segments.length > 0 ? (
            <Anchor
              href={ohmsUrl(record.id)}
              target="_blank"
              rel="noopener"
              size="xs"
              className="kf-index-ohms"
            >
              <DownloadIcon size={14} /> {t('segments.ohms')}
            </Anchor>
          ) : null}
        </Group>
      </Group>
      {canEdit ? (
        <Group gap={6} mb="sm" wrap="wrap">
          {hasAudio ? <DetectSegments recordId={record.id} again={segments.length > 0} /> : null}
          {hasAudio ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<PlusIcon size={14} />}
              loading={create.isPending}
              onClick={() =>
                create.mutate({
                  recordId: record.id,
                  body: { start: Math.floor(player.currentTime() * 10) / 10 },
                })
              }
            >
              {t('segments.add', { time: clock(player.time) })}
            </Button>
          ) : null}
          {hasTimeCodes ? (
            <Button
              size="xs"
              variant="default"
              loading={fromCodes.isPending}
              onClick={() => fromCodes.mutate(record.id)}
            >
              {t('segments.fromTimeCodes')}
            </Button>
          ) : null}
        </Group>
      ) : null}
      {segments.length === 0 ? (
        <Text c="dimmed" size="sm">
          {canEdit ? t('segments.empty') : t('segments.emptyReader')}
        </Text>
      ) : (
        <ol className="kf-index-list kf-plain-list">
          {segments.map((segment, index) => {
            const title = name(segment);
            const next = segments[index + 1];
            return (
              <li
                key={segment.id}
                className="kf-index-entry"
                data-heard={index === heard || undefined}
                aria-current={index === heard ? 'true' : undefined}
              >
                <UnstyledButton
                  className="kf-index-play"
                  onClick={() => playFrom(player, segment.start)}
                  disabled={!hasAudio}
                  aria-label={t('segments.play', { time: clock(segment.start), title })}
                >
                  <Text span size="xs" ff="monospace" className="kf-index-time" dir="ltr">
                    {clock(segment.start)}
                  </Text>
                  <Text
                    span
                    size="sm"
                    fw={segment.title ? 600 : 400}
                    c={segment.title ? undefined : 'dimmed'}
                    lang={record.lang}
                    className="kf-index-name"
                  >
                    {title}
                  </Text>
                </UnstyledButton>
                {canEdit ? (
                  <Group gap={4} wrap="nowrap" className="kf-index-actions">
                    <ActionIcon
                      variant="subtle"
                      size="lg"
                      onClick={() => setEditing(segment)}
                      aria-label={t('segments.edit', { title })}
                    >
                      <EditIcon size={16} />
                    </ActionIcon>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          size="lg"
                          aria-label={t('segments.more', { title })}
                        >
                          <span aria-hidden="true">⋯</span>
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {hasAudio ? (
                          <Menu.Item onClick={() => setTranscribing(segment.id)}>
                            {t('segments.transcribe.action')}
                          </Menu.Item>
                        ) : null}
                        {next ? (
                          <Menu.Item
                            onClick={() =>
                              update.mutate({ segment, body: { merge_with: next.id } })
                            }
                          >
                            {t('segments.mergeNext')}
                          </Menu.Item>
                        ) : null}
                        <Menu.Item
                          color="red"
                          onClick={() =>
                            confirm({
                              title: t('segments.deleteTitle'),
                              message: t('segments.deleteMessage', { title }),
                              confirmLabel: t('segments.delete'),
                              onConfirm: () => remove.mutate(segment),
                            })
                          }
                        >
                          {t('segments.delete')}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Group>
                ) : null}
                {segment.synopsis ? (
                  <Text size="xs" c="dimmed" className="kf-index-synopsis" lang={record.lang}>
                    {segment.synopsis}
                  </Text>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      {canEdit && hasAudio && segments.length > 0 ? (
        <Text size="xs" c="dimmed" mt="xs">
          {t('segments.keysHint')}
        </Text>
      ) : null}
      <SegmentEditor segment={editing} lang={record.lang} onClose={() => setEditing(null)} />
    </section>
  );
}
