import { recordSegmentCreateBody, timeCodeOf } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { ohmsXml } from './ohms.js';
import { defaultMinLength, fitAround, proposeSegments } from './propose.js';
import { parseSilences } from './silences.js';
import { timeCodeMarks, titleFrom } from './time-codes.js';

const starts = (segments: { start: number }[]) => segments.map((s) => s.start);

describe('segments proposed from silences', () => {
  it('cuts where each silence ends', () => {
    const silences = [
      { start: 3, end: 5 },
      { start: 8, end: 10 },
    ];
    const segments = proposeSegments(silences, 13, {
      minLength: defaultMinLength(13),
      maxLength: 600,
    });
    expect(segments).toEqual([
      { start: 0, end: 5 },
      { start: 5, end: 10 },
      { start: 10, end: 13 },
    ]);
  });

  it('merges a short segment across its shallower boundary', () => {
    // 0-30, 30-35 (short), 35-70: the pause before 35 is the longer one, so 30-35 joins 0-30.
    const silences = [
      { start: 29, end: 30 },
      { start: 31, end: 35 },
    ];
    const segments = proposeSegments(silences, 70, { minLength: 20, maxLength: 600 });
    expect(segments).toEqual([
      { start: 0, end: 35 },
      { start: 35, end: 70 },
    ]);
  });

  it('merges everything shorter than the minimum, shortest first', () => {
    const silences = Array.from({ length: 50 }, (_, i) => ({
      start: i * 10 + 8,
      end: i * 10 + 10,
    }));
    const segments = proposeSegments(silences, 505, { minLength: 20, maxLength: 600 });
    for (const segment of segments) expect(segment.end - segment.start).toBeGreaterThanOrEqual(20);
    expect(segments.at(0)!.start).toBe(0);
    expect(segments.at(-1)!.end).toBe(505);
  });

  it('splits a long segment at its deepest silence, else evenly', () => {
    const silences = [
      { start: 100, end: 101 },
      { start: 700, end: 705 },
    ];
    // 1,200 s with a 1 s pause at 101 and a 5 s one at 705: one cut at 705 is enough.
    const cut = proposeSegments(silences, 1200, { minLength: 20, maxLength: 600 });
    expect(cut.every((s) => s.end - s.start <= 600)).toBe(true);
    expect(starts(cut)).toContain(705);
    const even = proposeSegments([], 1500, { minLength: 20, maxLength: 600 });
    expect(even).toEqual([
      { start: 0, end: 500 },
      { start: 500, end: 1000 },
      { start: 1000, end: 1500 },
    ]);
  });

  it('fits the new segments around the ones people kept', () => {
    const proposed = [
      { start: 0, end: 5 },
      { start: 5, end: 10 },
      { start: 10, end: 13 },
    ];
    expect(fitAround(proposed, [{ start: 4, end: 11 }])).toEqual([
      { start: 0, end: 4 },
      { start: 11, end: 13 },
    ]);
    expect(fitAround(proposed, [{ start: 2, end: null }])).toEqual([{ start: 0, end: 2 }]);
  });

  it("reads ametadata's lines, a silence left open lasting to the end", () => {
    const lines = [
      'lavfi.silence_start=3',
      'lavfi.silence_end=5.00006',
      'lavfi.silence_duration=2.00006',
      'lavfi.silence_start=12.5',
    ];
    expect(parseSilences(lines, 14)).toEqual([
      { start: 3, end: 5.00006 },
      { start: 12.5, end: 14 },
    ]);
  });
});

describe('time codes', () => {
  const transcript =
    '[00:00:00] Bonjour, je suis née à Gênes.\n[00:00:05] La traversée en bateau, en 1952.\n' +
    '[00:00:03] (a slip)\n[00:01:10] Puis Marseille.';

  it('finds each code with its text, in order, and renders starts back as codes', () => {
    const marks = timeCodeMarks(transcript);
    expect(marks.map((m) => m.seconds)).toEqual([0, 5, 70]);
    expect(marks[1]!.text).toBe('La traversée en bateau, en 1952.\n[00:00:03] (a slip)');
    expect(marks.map((m) => `[${timeCodeOf(m.seconds)}]`)).toEqual(marks.map((m) => m.code));
    expect(timeCodeOf(3725.9)).toBe('01:02:05');
  });

  it('takes a time code or seconds as the start of a segment', () => {
    expect(recordSegmentCreateBody.parse({ start: '[00:12:04]' }).start).toBe(724);
    expect(recordSegmentCreateBody.parse({ start: '12:04' }).start).toBe(724);
    expect(recordSegmentCreateBody.parse({ start: 12.5 }).start).toBe(12.5);
    expect(recordSegmentCreateBody.safeParse({ start: '12h04' }).success).toBe(false);
    expect(recordSegmentCreateBody.safeParse({ start: -1 }).success).toBe(false);
  });

  it('makes a title of the first line, cut at a word', () => {
    expect(titleFrom('  Court.\nSecond line')).toBe('Court.');
    const long = titleFrom('mot '.repeat(40));
    expect(long.endsWith('…')).toBe(true);
    expect(Array.from(long).length).toBeLessThanOrEqual(81);
  });
});

describe('OHMS XML', () => {
  it('writes the index points with their times, escaped', () => {
    const xml = ohmsXml(
      {
        id: 7,
        title: 'Nonna <Rosa>',
        number: 'K7',
        date: '1987-06-14',
        language: 'it',
        people: ['Rosa'],
        summary: '',
      },
      [
        {
          id: 1,
          record_id: 7,
          start: 724.5,
          end: 800,
          time_code: '00:12:04',
          title: 'La traversée & le port',
          synopsis: 'Gênes',
          keywords: ['bateau', 'port'],
          transcript: 'x\u0001y',
          participants: [],
          origin: 'manual',
          edited: true,
          updated_at: '',
        },
      ],
    );
    expect(xml).toContain('<ROOT xmlns="https://www.weareavp.com/nunncenter/ohms">');
    expect(xml).toContain('<title>Nonna &lt;Rosa&gt;</title>');
    expect(xml).toContain('<duration>00:13:20</duration>');
    expect(xml).toMatch(
      /<point>\s*<time>724<\/time>\s*<title>La traversée &amp; le port<\/title>\s*<partial_transcript>xy<\/partial_transcript>\s*<synopsis>Gênes<\/synopsis>\s*<keywords>bateau; port<\/keywords>\s*<\/point>/,
    );
  });
});
