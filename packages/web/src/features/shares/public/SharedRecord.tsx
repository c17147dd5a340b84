import type { PublicRecord, PublicShareInfo } from '@kinfolio/contract';
import { useMemo, type ReactNode } from 'react';
import { textDir } from '@/shared/content/direction';
import { clock } from '@/shared/content/timeCodes';
import { useTranslation } from '@/shared/i18n/react';
import { ChevronIcon, PauseIcon, PlayIcon } from '@/shared/ui/icons';
import { Facts } from './Facts';
import { usePublicFormat } from './format';
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
    <section className="kf-public-player" aria-label={t('public.player.label')}>
      <audio
        ref={player.audioRef}
        src={player.source?.url}
        preload="metadata"
        data-testid="shared-audio"
        {...player.events}
      />
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
      <div className="kf-public-player-row">
        <div className="kf-public-player-buttons">
          <button
            type="button"
            className="kf-public-icon-button is-outlined"
            onClick={() => player.seek(player.time - SKIP_SECONDS, player.playing)}
            aria-label={t('public.player.back', { count: SKIP_SECONDS })}
          >
            <ChevronIcon direction="left" size={18} />
          </button>
          <button
            type="button"
            className="kf-public-icon-button is-play"
            onClick={player.toggle}
            aria-label={player.playing ? t('public.player.pause') : t('public.player.play')}
          >
            {player.playing ? <PauseIcon size={20} /> : <PlayIcon size={20} />}
          </button>
          <button
            type="button"
            className="kf-public-icon-button is-outlined"
            onClick={() => player.seek(player.time + SKIP_SECONDS, player.playing)}
            aria-label={t('public.player.forward', { count: SKIP_SECONDS })}
          >
            <ChevronIcon direction="right" size={18} />
          </button>
        </div>
        <p
          className="kf-public-small kf-public-mono"
          data-testid="player-time"
          aria-label={position}
        >
          {clock(player.time)} / {clock(player.total)}
        </p>
      </div>
    </section>
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
  const format = usePublicFormat();
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
      value: <time dateTime={record.date}>{format.date(record.date)}</time>,
    });
  if (record.location) facts.push({ label: t('public.location'), value: record.location });
  if (record.people.length)
    facts.push({ label: t('public.people'), value: record.people.join(', ') });
  if (record.owner) facts.push({ label: t('public.owner'), value: record.owner });
  return (
    <article className="kf-public-stack">
      <div className="kf-public-stack is-tighter">
        <h1 className="kf-public-title" lang={record.language} dir={textDir(record.language)}>
          {record.title || t('public.untitled')}
        </h1>
        {byline}
      </div>
      <Facts facts={facts} />
      {record.summary ? (
        <p lang={record.language} dir={textDir(record.language)}>
          {record.summary}
        </p>
      ) : null}
      {sources.length ? (
        <Player player={player} />
      ) : (
        <p className="kf-public-small kf-public-dimmed">{t('public.player.none')}</p>
      )}
      {record.transcript ? (
        <section className="kf-public-stack is-tight" aria-labelledby="kf-public-transcript">
          <h2 className="kf-public-subtitle" id="kf-public-transcript">
            {t('public.transcript')}
          </h2>
          <SharedTranscript
            text={record.transcript}
            language={record.language}
            time={player.time}
            onSeek={sources.length ? (time) => player.seek(time, true) : undefined}
          />
        </section>
      ) : null}
    </article>
  );
}
