import { describe, expect, it } from 'vitest';
import { shortClock } from '@/shared/content/timeCodes';
import { activeSegment, clock, formatTimeCode, insertTimeCode, parseTranscript } from './timeCodes';

const transcript =
  'Intro words\n[00:00:00] Marie: Bonjour.\n[00:00:03] Paul: Salut !\n[01:02:05] Fin.';

describe('parseTranscript', () => {
  it('cuts the text at each time code, the text before the first one without a time', () => {
    expect(parseTranscript(transcript)).toEqual([
      { start: null, code: '', text: 'Intro words\n' },
      { start: 0, code: '[00:00:00]', text: ' Marie: Bonjour.\n' },
      { start: 3, code: '[00:00:03]', text: ' Paul: Salut !\n' },
      { start: 3725, code: '[01:02:05]', text: ' Fin.' },
    ]);
  });

  it('reads [mm:ss] marks and leaves malformed ones as text', () => {
    expect(parseTranscript('[2:07] a [00:61:00] b [12:30] c')).toEqual([
      { start: 127, code: '[2:07]', text: ' a [00:61:00] b ' },
      { start: 750, code: '[12:30]', text: ' c' },
    ]);
  });

  it('keeps a transcript without time codes whole, and an empty one empty', () => {
    expect(parseTranscript('Just words.')).toEqual([
      { start: null, code: '', text: 'Just words.' },
    ]);
    expect(parseTranscript('')).toEqual([]);
  });

  it('loses no character: the segments put together are the transcript', () => {
    const joined = parseTranscript(transcript)
      .map((s) => s.code + s.text)
      .join('');
    expect(joined).toBe(transcript);
  });
});

describe('activeSegment', () => {
  const segments = parseTranscript(transcript);
  it('is the segment between the last passed time code and the next', () => {
    expect(activeSegment(segments, 0)).toBe(1);
    expect(activeSegment(segments, 2.9)).toBe(1);
    expect(activeSegment(segments, 3)).toBe(2);
    expect(activeSegment(segments, 3724)).toBe(2);
    expect(activeSegment(segments, 9999)).toBe(3);
  });

  it('is none before the first time code', () => {
    expect(activeSegment(parseTranscript('a [00:00:05] b'), 4)).toBe(-1);
  });

  it('takes the latest time passed when the codes are out of order', () => {
    const shuffled = parseTranscript('[00:00:10] late [00:00:02] early [00:00:20] last');
    expect(activeSegment(shuffled, 12)).toBe(0);
    expect(activeSegment(shuffled, 5)).toBe(1);
  });
});

describe('time formats', () => {
  it('writes hh:mm:ss, rounded down, never negative', () => {
    expect(clock(0)).toBe('00:00:00');
    expect(clock(65.9)).toBe('00:01:05');
    expect(clock(3725)).toBe('01:02:05');
    expect(clock(-3)).toBe('00:00:00');
    expect(clock(Number.NaN)).toBe('00:00:00');
    expect(formatTimeCode(7.5)).toBe('[00:00:07]');
  });
});

describe('insertTimeCode', () => {
  it('types the code at the cursor with a space after it', () => {
    expect(insertTimeCode('', 0, 0, 12)).toEqual({ text: '[00:00:12] ', cursor: 11 });
    expect(insertTimeCode('Hello\n', 6, 6, 3)).toEqual({
      text: 'Hello\n[00:00:03] ',
      cursor: 17,
    });
  });

  it('spaces the code from the word before it and reuses a following space', () => {
    expect(insertTimeCode('Hello world', 5, 5, 61)).toEqual({
      text: 'Hello [00:01:01] world',
      cursor: 16,
    });
  });

  it('replaces the selected text', () => {
    expect(insertTimeCode('a XXX b', 2, 5, 1)).toEqual({ text: 'a [00:00:01] b', cursor: 12 });
  });

  it('keeps the cursor inside the text', () => {
    expect(insertTimeCode('ab', 9, 9, 0).text).toBe('ab [00:00:00] ');
  });
});

describe('shortClock', () => {
  it('says a moment as people do, hours only when there are some', () => {
    expect(shortClock(724.9)).toBe('12:04');
    expect(shortClock(5)).toBe('00:05');
    expect(shortClock(3723)).toBe('1:02:03');
    expect(shortClock(-2)).toBe('00:00');
  });
});
