import { ActionIcon, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PublicRecord, PublicShareInfo } from '@kinfolio/contract';
import { useMemo, type ReactNode } from 'react';
import { useDateFormat } from '@/shared/content/dates';
import { textDir } from '@/shared/content/direction';
import { clock } from '@/shared/content/timeCodes';
import { useTranslation } from '@/shared/i18n/react';
import { ChevronIcon, PauseIcon, PlayIcon } from '@/shared/ui/icons';
import { SharedTranscript } from './SharedTranscript';
import { useSharedPlayer, type PlayerSource, type SharedPlayer } from './useSharedPlayer';

const SKIP_SECONDS = 10;

/** Play, pause, skip, and a slider over the whole recording. */
function Player({ player }: { player: SharedPlayer }) {
  const { t } = useTranslation('shares');
  const position = t('public.player.position', {
    time: clock(player.time),
    total: clock(player.total),
  });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('public.player.label')}>
      <audio
        ref={player.audioRef}
        src={player.source?.url}
        preload="metadata"
        data-testid="shared-audio"
        {...player.events}
      />
      <Stack gap="xs">
        <input
          type="range"
          className="kf-public-seek"
          min={0}
          max={Math.max(1, Math.floor(player.total))}
          step={1}
          value={Math.floor(player.time)}
          aria-label={t('public.player.seek')}
          aria-valuetext={position}
          onChange={(event) => player.seek(Number(event.currentTarget.value), player.playing)}
        />
        <Group justify="space-between" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => player.seek(player.time - SKIP_SECONDS, player.playing)}
              aria-label={t('public.player.back', { count: SKIP_SECONDS })}
            >
              <ChevronIcon direction="left" size={18} />
            </ActionIcon>
            <ActionIcon
              variant="filled"
              size="xl"
              radius="xl"
              onClick={player.toggle}
              aria-label={player.playing ? t('public.player.pause') : t('public.player.play')}
            >
              {player.playing ? <PauseIcon size={20} /> : <PlayIcon size={20} />}
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => player.seek(player.time + SKIP_SECONDS, player.playing)}
              aria-label={t('public.player.forward', { count: SKIP_SECONDS })}
            >
              <ChevronIcon direction="right" size={18} />
            </ActionIcon>
          </Group>
          <Text size="sm" ff="monospace" data-testid="player-time" aria-label={position}>
            {clock(player.time)} / {clock(player.total)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * A shared record: its facts, the player (the parts joined into one MP3 when it is ready, else
 * the parts one after the other) and the transcript, whose time codes seek the player.
 */
export function SharedRecord({
  record,
  byline,
}: {
  record: PublicRecord;
  info: PublicShareInfo;
  byline?: ReactNode;
}) {
  const { t } = useTranslation('shares');
  const formatDate = useDateFormat();
  const sources = useMemo<PlayerSource[]>(
    () =>
      record.mp3_url
        ? [{ url: record.mp3_url, duration: record.duration }]
        : [...record.parts]
            .sort((a, b) => a.position - b.position)
            .flatMap((part) => (part.url ? [{ url: part.url, duration: part.duration }] : [])),
    [record],
  );
  const player = useSharedPlayer(sources);
  const facts: { label: string; value: ReactNode }[] = [];
  if (record.date)
    facts.push({
      label: t('public.date'),
      value: <time dateTime={record.date}>{formatDate(record.date)}</time>,
    });
  if (record.location) facts.push({ label: t('public.location'), value: record.location });
  if (record.people.length)
    facts.push({ label: t('public.people'), value: record.people.join(', ') });
  if (record.owner) facts.push({ label: t('public.owner'), value: record.owner });
  return (
    <Stack gap="md" component="article">
      <Stack gap={4}>
        <Title
          order={1}
          className="kf-public-title"
          lang={record.language}
          dir={textDir(record.language)}
        >
          {record.title || t('public.untitled')}
        </Title>
        {byline}
      </Stack>
      {facts.length ? (
        <dl className="kf-public-facts">
          {facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {record.summary ? (
        <Text lang={record.language} dir={textDir(record.language)}>
          {record.summary}
        </Text>
      ) : null}
      {sources.length ? (
        <Player player={player} />
      ) : (
        <Text c="dimmed" size="sm">
          {t('public.player.none')}
        </Text>
      )}
      {record.transcript ? (
        <Stack gap="xs" component="section" aria-labelledby="kf-public-transcript">
          <Title order={2} size="h4" id="kf-public-transcript">
            {t('public.transcript')}
          </Title>
          <SharedTranscript
            text={record.transcript}
            language={record.language}
            time={player.time}
            onSeek={sources.length ? (time) => player.seek(time, true) : undefined}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
