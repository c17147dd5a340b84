import { Button, Group, Paper, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import type { RecordSegment } from '@kinfolio/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { textDir } from '@/shared/content/direction';
import { clock, insertTimeCode } from '../timeCodes';
import type { PartsPlayer } from '../usePartsPlayer';
import { useUpdateSegment } from './api';
import { TRANSCRIBE_RATES } from './segmentIndex';

/**
 * "Transcribe this segment": the segment plays in a loop at the speed chosen while its
 * transcript is typed; Alt+T (or the button) types the moment heard as `[hh:mm:ss]`.
 */
export function TranscribeSegment({
  segment,
  end,
  lang,
  player,
  onClose,
}: {
  segment: RecordSegment;
  /** Where the loop turns back: the segment's end, or the next one's start. */
  end: number;
  lang: string;
  player: PartsPlayer;
  onClose: () => void;
}) {
  const { t } = useTranslation('records');
  const update = useUpdateSegment();
  const [text, setText] = useState(segment.transcript);
  const area = useRef<HTMLTextAreaElement>(null);
  const { seek, setRate, rate, time, playing } = player;

  // Starts at the segment, and gives the normal speed back when done.
  useEffect(() => {
    seek(segment.start);
    return () => setRate(1);
  }, [segment.start, seek, setRate]);

  // Past the end, back to the start (the player's clock ticks a few times a second).
  useEffect(() => {
    if (playing && (time >= end - 0.05 || time < segment.start - 0.5)) seek(segment.start);
  }, [time, playing, end, segment.start, seek]);

  const insertTime = () => {
    const element = area.current;
    if (!element) return;
    const next = insertTimeCode(
      text,
      element.selectionStart,
      element.selectionEnd,
      player.currentTime(),
    );
    setText(next.text);
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(next.cursor, next.cursor);
    });
  };
  const title = segment.title || t('segments.untitled', { time: clock(segment.start) });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="kf-transcribe-title">
      <Stack gap="sm">
        <div>
          <Text fw={600} id="kf-transcribe-title">
            {t('segments.transcribe.title', { title })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('segments.transcribe.loop', { start: clock(segment.start), end: clock(end) })}
          </Text>
        </div>
        <Group gap="xs" align="center">
          <Text size="sm" id="kf-transcribe-speed">
            {t('segments.transcribe.speed')}
          </Text>
          <SegmentedControl
            size="xs"
            aria-labelledby="kf-transcribe-speed"
            value={String(rate)}
            onChange={(value) => setRate(Number(value))}
            data={TRANSCRIBE_RATES.map((value) => ({
              value: String(value),
              label: t('segments.transcribe.rate', { rate: value }),
            }))}
          />
          <Button size="xs" variant="default" onClick={player.toggle} disabled={!player.ready}>
            {playing ? t('player.pause') : t('player.play')}
          </Button>
        </Group>
        <Textarea
          ref={area}
          label={t('segments.fields.transcript')}
          description={t('segments.transcribe.hint')}
          inputWrapperOrder={['label', 'description', 'input', 'error']}
          autosize
          minRows={6}
          maxRows={16}
          lang={lang}
          dir={textDir(lang)}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.altKey && event.code === 'KeyT' && !event.ctrlKey && !event.metaKey) {
              event.preventDefault();
              insertTime();
            }
          }}
        />
        <Group justify="space-between" gap="xs">
          <Button
            variant="light"
            size="xs"
            onClick={insertTime}
            disabled={!player.ready}
            aria-keyshortcuts="Alt+T"
          >
            {t('transcript.insert', { time: clock(time) })}
          </Button>
          <Group gap="xs">
            <Button variant="subtle" size="xs" onClick={onClose}>
              {t('segments.transcribe.close')}
            </Button>
            <Button
              size="xs"
              loading={update.isPending}
              disabled={text === segment.transcript}
              onClick={() =>
                update.mutate({ segment, body: { transcript: text } }, { onSuccess: onClose })
              }
            >
              {t('segments.transcribe.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
