import { ActionIcon, Group, Kbd, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { ChevronIcon, PauseIcon, PlayIcon } from '@/shared/ui';
import { clock } from '../timeCodes';
import type { PartsPlayer } from '../usePartsPlayer';
import { SKIP_SECONDS } from '../usePlayerShortcuts';
import { Waveform } from './Waveform';

/** The record's player: waveform, play/pause, skips, the time, and its keyboard shortcuts. */
export function RecordPlayer({
  player,
  editing = false,
  regions,
  withSegments = false,
}: {
  player: PartsPlayer;
  editing?: boolean;
  /** Drawn over the waveform (the record's segments). */
  regions?: ReactNode;
  /** The record has segments: `[` and `]` step through them. */
  withSegments?: boolean;
}) {
  const { t } = useTranslation('records');
  if (player.parts.length === 0) {
    return (
      <Paper withBorder radius="md" p="md">
        <Text c="dimmed" size="sm">
          {t('player.noParts')}
        </Text>
      </Paper>
    );
  }
  const current = player.parts[player.part];
  const position = t('player.position', {
    time: clock(player.time),
    total: clock(player.line.total),
  });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('player.label')}>
      <Stack gap="xs">
        {player.ready ? (
          <div
            role="slider"
            tabIndex={0}
            aria-label={t('player.seekLabel')}
            aria-valuemin={0}
            aria-valuemax={Math.floor(player.line.total)}
            aria-valuenow={Math.floor(player.time)}
            aria-valuetext={position}
            className="kf-waveform-slider"
            onKeyDown={(event) => {
              // ← and → are the page's keys; a focused slider also knows its ends.
              if (event.key === 'Home' || event.key === 'End') {
                event.preventDefault();
                player.seek(event.key === 'Home' ? 0 : player.line.total);
              }
            }}
          >
            <Waveform player={player}>{regions}</Waveform>
          </div>
        ) : (
          <Skeleton height={72} radius="sm" aria-label={t('player.reading')} role="status" />
        )}
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => player.skip(-SKIP_SECONDS)}
              disabled={!player.ready}
              aria-label={t('player.back', { count: SKIP_SECONDS })}
            >
              <ChevronIcon direction="left" size={18} />
            </ActionIcon>
            <ActionIcon
              variant="filled"
              size="xl"
              radius="xl"
              onClick={player.toggle}
              disabled={!player.ready}
              aria-label={player.playing ? t('player.pause') : t('player.play')}
            >
              {player.playing ? <PauseIcon size={20} /> : <PlayIcon size={20} />}
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => player.skip(SKIP_SECONDS)}
              disabled={!player.ready}
              aria-label={t('player.forward', { count: SKIP_SECONDS })}
            >
              <ChevronIcon direction="right" size={18} />
            </ActionIcon>
          </Group>
          <Text
            size="sm"
            ff="monospace"
            className="kf-player-time"
            data-testid="player-time"
            aria-label={position}
          >
            {clock(player.time)} / {clock(player.line.total)}
          </Text>
        </Group>
        {player.parts.length > 1 && current ? (
          <Text size="xs" c="dimmed" className="kf-part-name">
            {t('player.part', {
              index: player.part + 1,
              count: player.parts.length,
              name: current.name,
            })}
          </Text>
        ) : null}
        <Shortcuts editing={editing} withSegments={withSegments} />
      </Stack>
    </Paper>
  );
}

/** Key names are the same on every keyboard the interface serves; only the actions are worded. */
const ALT = 'Alt';

/** The player's keyboard shortcuts, written out under it. */
function Shortcuts({ editing, withSegments }: { editing: boolean; withSegments: boolean }) {
  const { t } = useTranslation('records');
  const shortcuts: { keys: string[]; label: string }[] = [
    { keys: [t('player.keys.space')], label: t('player.keys.playPause') },
    { keys: ['←', '→'], label: t('player.keys.seek', { count: SKIP_SECONDS }) },
  ];
  if (withSegments) {
    shortcuts.push({ keys: ['[', ']'], label: t('player.keys.segments') });
  }
  if (editing) {
    shortcuts.push(
      { keys: [`${ALT}+T`], label: t('player.keys.insert') },
      { keys: [`${ALT}+P`], label: t('player.keys.playPauseTyping') },
    );
  }
  return (
    <Text size="xs" c="dimmed" component="ul" className="kf-shortcuts kf-plain-list">
      {shortcuts.map((shortcut) => (
        <li key={shortcut.keys.join()}>
          {shortcut.keys.map((key) => (
            <Kbd key={key} size="xs" me={4}>
              {key}
            </Kbd>
          ))}
          {shortcut.label}
        </li>
      ))}
    </Text>
  );
}
