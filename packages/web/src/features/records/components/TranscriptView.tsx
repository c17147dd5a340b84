import { UnstyledButton } from '@mantine/core';
import { memo, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { textDir } from '@/shared/content/direction';
import { activeSegment, clock, parseTranscript, type TranscriptSegment } from '../timeCodes';

interface TranscriptViewProps {
  text: string;
  lang: string;
  time: number;
  playing: boolean;
  /** Time codes seek the player; without one (no audio) they are plain text. */
  onSeek?: (time: number) => void;
}

/**
 * The transcript as written, its `[hh:mm:ss]` marks as buttons that seek the player, and the
 * passage being heard (from the last mark passed to the next) highlighted.
 */
export function TranscriptView({ text, lang, time, playing, onSeek }: TranscriptViewProps) {
  const segments = useMemo(() => parseTranscript(text), [text]);
  const active = activeSegment(segments, time);
  const box = useRef<HTMLDivElement>(null);

  // While playing, the passage heard stays in view inside the transcript's own scroll box.
  useEffect(() => {
    if (!playing || active < 0 || !box.current) return;
    const element = box.current.querySelector<HTMLElement>(`[data-segment="${active}"]`);
    if (!element) return;
    const top = element.offsetTop - box.current.offsetTop;
    const { scrollTop, clientHeight } = box.current;
    if (top < scrollTop || top + element.offsetHeight > scrollTop + clientHeight) {
      box.current.scrollTo({ top: Math.max(0, top - clientHeight / 3), behavior: 'smooth' });
    }
  }, [active, playing]);

  return (
    <div ref={box} className="kf-transcript" lang={lang} dir={textDir(lang)} tabIndex={-1}>
      {segments.map((segment, index) => (
        <Segment
          key={index}
          index={index}
          segment={segment}
          active={index === active}
          onSeek={onSeek}
        />
      ))}
    </div>
  );
}

const Segment = memo(function Segment({
  index,
  segment,
  active,
  onSeek,
}: {
  index: number;
  segment: TranscriptSegment;
  active: boolean;
  onSeek?: (time: number) => void;
}) {
  const { t } = useTranslation('records');
  const start = segment.start;
  return (
    <span
      data-segment={index}
      className={active ? 'kf-segment kf-segment-active' : 'kf-segment'}
      aria-current={active ? 'true' : undefined}
    >
      {start !== null && onSeek ? (
        <UnstyledButton
          component="button"
          type="button"
          className="kf-time-code"
          onClick={() => onSeek(start)}
          aria-label={t('transcript.seek', { code: segment.code, time: clock(start) })}
          dir="ltr"
        >
          {segment.code}
        </UnstyledButton>
      ) : (
        <span className="kf-time-code-text" dir="ltr">
          {segment.code}
        </span>
      )}
      {segment.text}
    </span>
  );
});
