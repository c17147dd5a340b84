import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { parseString } from 'whatsapp-chat-parser';
import { textLines } from './lines.js';

/**
 * The start of a message line, as whatsapp-chat-parser recognises it (its pattern is not
 * exported): an optional bracket (iOS), a date of three numbers, a time with optional seconds
 * and am/pm, then ` - ` (Android) or `] ` (iOS). Used to group lines into messages and days
 * while streaming, so that the parser is given one day at a time.
 */
const MESSAGE_START =
  /^[\u200e\u200f]*\[?(\d{1,4}[-/.]\s?\d{1,4}[-/.]\s?\d{1,4})[,.]?\s\D*?(\d{1,2}[.:]\d{1,2}(?:[.:]\d{1,2})?)(?:\s([ap]\.?\s?m\.?))?\]?(?:\s-|:)?\s./i;

/** The longest message kept (characters, its lines together); the rest is cut. */
export const MESSAGE_MAX = 20_000;
/**
 * A day's batch (held in memory) is given out once it holds this many messages or characters;
 * the rest of the day follows in another batch of the same date (its item is then extended).
 */
const BATCH_MESSAGES = 2_000;
const BATCH_CHARS = 300_000;

/** A day of a chat as written (or a part of a very long one): its date text and its messages' raw text. */
export interface RawDay {
  date: string;
  messages: string[];
}

/** Whether a line starts a message; its date text. */
export function messageDate(line: string): string | undefined {
  return MESSAGE_START.exec(line)?.[1];
}

/**
 * The chat's days in order, each as its messages' raw text. Lines before the first message
 * are dropped; a line that does not start a message continues the one before (multi-line
 * messages). A day is a run of messages with the same date text.
 */
export async function* chatDays(stream: Readable): AsyncGenerator<RawDay> {
  let day: RawDay | undefined;
  let chars = 0;
  let current: string | undefined;
  let first = true;
  const close = () => {
    if (current !== undefined && day) {
      day.messages.push(current);
      chars += current.length;
    }
    current = undefined;
  };
  for await (let line of textLines(stream)) {
    if (first) line = line.replace(/^\ufeff/, '');
    first = false;
    const date = messageDate(line);
    if (date === undefined) {
      if (current !== undefined && current.length < MESSAGE_MAX) {
        current = `${current}\n${line}`.slice(0, MESSAGE_MAX);
      }
      continue;
    }
    close();
    if (
      day &&
      (day.date !== date || day.messages.length >= BATCH_MESSAGES || chars >= BATCH_CHARS)
    ) {
      yield day;
      day = undefined;
      chars = 0;
    }
    day ??= { date, messages: [] };
    current = line.slice(0, MESSAGE_MAX);
  }
  close();
  if (day) yield day;
}

/** Whether a text's first lines (its first 64 KiB at most) are a chat's: recognition by content. */
export async function startsLikeChat(stream: Readable): Promise<boolean> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= 65_536) break;
  }
  stream.destroy();
  const lines = Buffer.concat(chunks)
    .subarray(0, 65_536)
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim())
    .slice(0, 20);
  const starts = lines.filter((line) => messageDate(line) !== undefined).length;
  // The first line starts a message, and most lines read do (the rest continue messages).
  return lines.length > 0 && messageDate(lines[0]!) !== undefined && starts * 2 >= lines.length;
}

/** The three numbers of a date text, the year last (as the parser orders them). */
export function dateNumbers(date: string): [number, number, number] {
  const parts = date.split(/[-/.] ?/);
  const [a = '', b = '', c = ''] = parts;
  const longest = Math.max(a.length, b.length, c.length);
  const ordered = c.length === longest ? [a, b, c] : b.length === longest ? [a, c, b] : [b, c, a];
  return ordered.map(Number) as [number, number, number];
}

/** What the dates say of their order: day first, month first, or nothing (all ≤ 12). */
export function dateOrderOf(dates: Iterable<string>): boolean | null {
  let monthFirst = false;
  for (const date of dates) {
    const [a, b] = dateNumbers(date);
    if (a > 12) return true;
    if (b > 12) monthFirst = true;
  }
  return monthFirst ? false : null;
}

/**
 * whatsapp-chat-parser's own guess of the order (from how the numbers change from one date to
 * the next), for dates that cannot tell: asked of the parser with one line per date.
 */
export function parserGuess(dates: string[]): boolean {
  if (!dates.length) return true;
  const lines = dates.map((date) => `${date}, 00:00 - x: x`).join('\n');
  const parsed = parseString(lines);
  const [a] = dateNumbers(dates[0]!);
  return parsed[0]?.date.getDate() === a;
}

/** A message once parsed: its time as written (no zone), author, text and attachment. */
export interface ChatMessage {
  /** Wall-clock time as written: `YYYY-MM-DDTHH:MM:SS`. */
  local: string;
  author: string | null;
  text: string;
  attachment: string | undefined;
  /** Its identity key within the chat (see `lineKey`). */
  key: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The wall-clock time the parser read (it builds a Date in the process's zone from it). */
const wallClock = (date: Date) =>
  `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The identity of a chat's day: the chat's name and the day as written. */
export const dayKey = (chat: string, day: string) => `day:${sha256(`${chat}\n${day}`)}`;

/**
 * The identity of a line: chat, time, author, text, and how many identical lines came before
 * it in the same minute (two "ok" in one minute are two messages; an export without seconds
 * cannot tell them apart otherwise).
 */
const lineKey = (chat: string, message: Omit<ChatMessage, 'key'>, occurrence: number) =>
  `line:${sha256(JSON.stringify([chat, message.local, message.author, message.text, occurrence]))}`;

/** The parsed messages of one day, with system lines told apart from authors' messages. */
export function parseDay(
  chat: string,
  day: RawDay,
  daysFirst: boolean,
  systemAuthors: Set<string>,
): ChatMessage[] {
  const parsed = parseString(day.messages.join('\n'), { daysFirst, parseAttachments: true });
  const seen = new Map<string, number>();
  const messages = parsed.map((message) => {
    const marked = /^[\u200e\u200f]/.test(message.message);
    const text = message.message.replace(/^[\u200e\u200f]+/, '');
    const system =
      message.author === null ||
      (marked && !message.attachment && systemAuthors.has(message.author)) ||
      (marked && ENCRYPTION_NOTICE.test(text));
    const base = {
      local: wallClock(message.date),
      author: system ? null : message.author!.trim(),
      text,
      attachment: message.attachment?.fileName,
    };
    const same = JSON.stringify([base.local, base.author, base.text]);
    const occurrence = seen.get(same) ?? 0;
    seen.set(same, occurrence + 1);
    return { ...base, key: lineKey(chat, base, occurrence) };
  });
  // The notice that opens every export says nothing of the family's chat.
  return messages.filter((m) => m.author !== null || !ENCRYPTION_NOTICE.test(m.text));
}

/** WhatsApp's notice that a chat is encrypted, in the languages it is written in most. */
const ENCRYPTION_NOTICE =
  /end-to-end|de bout en bout|Ende-zu-Ende|crittografi|cifrad|criptografad|uçtan uca/i;

/** What a first read of the chat finds: its dates as written, and the authors of system lines. */
export interface ChatSurvey {
  /** Each date text once, in order. */
  dates: string[];
  /**
   * The author names iOS gives its system lines (the group's name): the author of the chat's
   * first line when that line is marked (U+200E, iOS's notices and attachments) and every
   * line of theirs is marked — people write unmarked text; a group's name never does.
   */
  systemAuthors: Set<string>;
  /** The author of a marked first line: on iOS the group's name, or the contact of a chat of two. */
  opener: string | undefined;
}

export async function surveyChat(stream: Readable): Promise<ChatSurvey> {
  const dates: string[] = [];
  let first: { author: string | null; marked: boolean } | undefined;
  const plain = new Set<string>();
  for await (const day of chatDays(stream)) {
    if (dates.at(-1) !== day.date) dates.push(day.date);
    for (const message of parseString(day.messages.join('\n'), { daysFirst: true })) {
      const marked = /^[\u200e\u200f]/.test(message.message);
      first ??= { author: message.author, marked };
      if (message.author !== null && !marked) plain.add(message.author);
    }
  }
  const system = first?.author && first.marked && !plain.has(first.author) ? [first.author] : [];
  return {
    dates: [...new Set(dates)],
    systemAuthors: new Set(system),
    opener: (first?.marked && first.author?.trim()) || undefined,
  };
}

/**
 * The chat's name from a file's name: WhatsApp names its exports after the chat, in the
 * phone's language ("WhatsApp Chat with Family.txt", "Discussion WhatsApp avec Family.txt",
 * "WhatsApp Chat - Family.zip"); undefined for a name that says nothing (`_chat.txt`).
 */
export function chatNameOf(fileName: string): string | undefined {
  const base = fileName.replace(/^.*\//, '').replace(/\.(txt|zip)$/i, '');
  const named =
    /^(?:WhatsApp Chat (?:with|mit|-)|Discussion WhatsApp avec|Chat (?:de )?WhatsApp (?:con|com)|Conversa do WhatsApp com|WhatsApp[- ]Chat met)\s*(.+)$/i.exec(
      base,
    );
  if (named) return named[1]!.trim() || undefined;
  return undefined;
}
