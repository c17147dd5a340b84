import { useMemo } from 'react';
import { textDir } from '@/shared/content/direction';
import { activeSegment, clock, parseTranscript } from '@/shared/content/timeCodes';
import { useTranslation } from '@/shared/i18n/react';

/**
 * The transcript as written: its `[hh:mm:ss]` marks are buttons that play from there, and the
 * passage being heard is marked.
 */
export function SharedTranscript({
  text,
  language,
  time,
  onSeek,
}: {
  text: string;
  language: string;
  time: number;
  /** Without audio, the marks are plain text. */
  onSeek?: (time: number) => void;
}) {
  const { t } = useTranslation('shares');
  const segments = useMemo(() => parseTranscript(text), [text]);
  const active = activeSegment(segments, time);
  return (
    <div className="kf-public-transcript" lang={language} dir={textDir(language)}>
      {segments.map((segment, index) => {
        const start = segment.start;
        return (
          <span
            key={index}
            className={index === active ? 'kf-public-segment is-active' : 'kf-public-segment'}
            aria-current={index === active ? 'true' : undefined}
          >
            {start !== null && onSeek ? (
              <button
                type="button"
                className="kf-public-code"
                dir="ltr"
                onClick={() => onSeek(start)}
                aria-label={t('public.seekTo', { time: clock(start) })}
              >
                {segment.code}
              </button>
            ) : (
              <span dir="ltr">{segment.code}</span>
            )}
            {segment.text}
          </span>
        );
      })}
    </div>
  );
}
