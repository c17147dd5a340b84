import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  chatDays,
  chatNameOf,
  dateOrderOf,
  parseDay,
  parserGuess,
  startsLikeChat,
  surveyChat,
} from './chat.js';
import { LINE_MAX, textLines } from './lines.js';
import { knownZone, zonedInstant } from './zone.js';

const stream = (...chunks: string[]) => Readable.from(chunks.map((chunk) => Buffer.from(chunk)));

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('chat text, line by line', () => {
  it('splits \\n, \\r\\n (even across chunks) and \\r', async () => {
    expect(await all(textLines(stream('a\r', '\nb\rc\n\nd')))).toEqual(['a', 'b', 'c', '', 'd']);
    expect(await all(textLines(stream('é'.slice(0, 1), '\n')))).toEqual(['é']);
  });

  it('cuts a line of 2 GB at LINE_MAX without holding it', async () => {
    const chunk = Buffer.alloc(1 << 20, 'x');
    let sent = 0;
    const huge = new Readable({
      read() {
        // 2 GiB of one line, then a newline and a short line.
        if (sent < 2048) {
          sent += 1;
          this.push(chunk);
        } else if (sent === 2048) {
          sent += 1;
          this.push('\nend');
        } else this.push(null);
      },
    });
    const before = process.memoryUsage().rss;
    const lines = await all(textLines(huge));
    expect(lines.map((line) => line.length)).toEqual([LINE_MAX, 3]);
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024);
  }, 60_000);
});

describe('chat days and messages', () => {
  const android = [
    '\ufeff03/04/2024, 09:00 - Ana: Line one',
    'continued',
    '03/04/2024, 09:01 - Ana joined using this group’s invite link',
    '04/04/2024, 10:00 - Ben: Bye',
  ].join('\n');

  it('groups lines into messages and messages into days', async () => {
    const days = await all(chatDays(stream(android)));
    expect(days.map((day) => [day.date, day.messages.length])).toEqual([
      ['03/04/2024', 2],
      ['04/04/2024', 1],
    ]);
    const messages = parseDay('Chat', days[0]!, true, new Set());
    expect(messages.map((m) => [m.local, m.author, m.text])).toEqual([
      ['2024-04-03T09:00:00', 'Ana', 'Line one\ncontinued'],
      ['2024-04-03T09:01:00', null, 'Ana joined using this group’s invite link'],
    ]);
    // Month first when asked.
    expect(parseDay('Chat', days[0]!, false, new Set())[0]!.local).toBe('2024-03-04T09:00:00');
  });

  it('tells the order when a date does, asks otherwise, and guesses like the parser', () => {
    expect(dateOrderOf(['12/01/2023', '13/01/2023'])).toBe(true);
    expect(dateOrderOf(['1/12/23', '1/13/23'])).toBe(false);
    expect(dateOrderOf(['01/02/2023', '02/02/2023'])).toBeNull();
    expect(dateOrderOf(['2023-01-12'])).toBeNull();
    // From one day to the next the first number changes: it is the day.
    expect(parserGuess(['01/02/2023', '02/02/2023', '03/02/2023'])).toBe(true);
    expect(parserGuess(['02/01/2023', '02/02/2023', '02/03/2023'])).toBe(false);
  });

  it('finds the authors of iOS system lines and the chat name', async () => {
    const ios = [
      '[01/02/2023, 10:00:00] Team: \u200eMessages and calls are end-to-end encrypted.',
      '[01/02/2023, 10:00:01] Team: \u200eAna added Ben',
      '[01/02/2023, 10:01:00] Ben: \u200e<attached: 00000001-PHOTO.jpg>',
    ].join('\n');
    const survey = await surveyChat(stream(ios));
    expect([...survey.systemAuthors]).toEqual(['Team']);
    expect(survey.opener).toBe('Team');
    const [day] = await all(chatDays(stream(ios)));
    const messages = parseDay('Team', day!, true, survey.systemAuthors);
    expect(messages.map((m) => [m.author, m.attachment])).toEqual([
      [null, undefined],
      ['Ben', '00000001-PHOTO.jpg'],
    ]);
    expect(chatNameOf('WhatsApp Chat with Team.txt')).toBe('Team');
    expect(chatNameOf('Discussion WhatsApp avec Les Cousins.txt')).toBe('Les Cousins');
    expect(chatNameOf('WhatsApp Chat - Team.zip')).toBe('Team');
    expect(chatNameOf('_chat.txt')).toBeUndefined();
  });

  it('recognises a chat by its lines, not by its name', async () => {
    expect(await startsLikeChat(stream('[01/02/2023, 10:00:00] Ana: hi\n'))).toBe(true);
    expect(await startsLikeChat(stream('{"title": "photo.jpg"}\n'))).toBe(false);
    expect(await startsLikeChat(stream('Notes\n01/02/2023, 10:00 - x: y\n'))).toBe(false);
  });
});

describe('times without a zone', () => {
  it('reads a wall-clock time in a zone, across its clock changes', () => {
    expect(zonedInstant('2023-01-12T14:05:00', 'Europe/Paris').toISOString()).toBe(
      '2023-01-12T13:05:00.000Z',
    );
    expect(zonedInstant('2023-07-12T14:05:00', 'Europe/Paris').toISOString()).toBe(
      '2023-07-12T12:05:00.000Z',
    );
    expect(zonedInstant('2023-01-12T21:15:00', 'America/New_York').toISOString()).toBe(
      '2023-01-13T02:15:00.000Z',
    );
    expect(knownZone('Europe/Paris')).toBe(true);
    expect(knownZone('Mars/Olympus')).toBe(false);
  });
});
