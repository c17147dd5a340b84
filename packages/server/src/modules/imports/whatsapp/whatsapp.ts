import path from 'node:path';
import { ImportError } from '../errors.js';
import type { SourceFindings } from '../findings.js';
import type { RunOptions } from '../run.js';
import type { ImportSource } from '../sources.js';
import type { OpenedSource, SourceEntry } from '../source.js';
import {
  chatDays,
  chatNameOf,
  dateOrderOf,
  dayKey,
  parseDay,
  parserGuess,
  startsLikeChat,
  surveyChat,
  type ChatSurvey,
} from './chat.js';
import { importUnit, liveLines, type Chat } from './units.js';
import { knownZone, serverZone, zonedInstant } from './zone.js';

/** Text entries whose first lines are a chat's (not media; the name does not matter). */
async function chatEntries(source: OpenedSource): Promise<SourceEntry[]> {
  const chats: SourceEntry[] = [];
  for (const entry of source.entries) {
    if (entry.mime || entry.size === 0) continue;
    if (await startsLikeChat(await entry.open())) chats.push(entry);
  }
  return chats;
}

const chatNameFrom = (entry: SourceEntry, source: OpenedSource, survey: ChatSurvey) => {
  const named = chatNameOf(entry.path) ?? chatNameOf(source.name);
  if (named) return named;
  // iOS's `_chat.txt`: its first line (the encryption notice) carries the chat's name.
  if (survey.opener) return survey.opener;
  const base = path.posix.basename(entry.path).replace(/\.txt$/i, '');
  return base && base !== '_chat' ? base : source.name.replace(/\.[^.]+$/, '') || 'WhatsApp';
};

async function openChats(source: OpenedSource, options: RunOptions): Promise<Chat[]> {
  const chats: Chat[] = [];
  for (const entry of await chatEntries(source)) {
    const survey = await surveyChat(await entry.open());
    const told = dateOrderOf(survey.dates);
    const answered =
      options.date_order === undefined ? undefined : options.date_order === 'day_first';
    chats.push({
      entry,
      name: chatNameFrom(entry, source, survey),
      survey,
      daysFirst: told ?? answered ?? parserGuess(survey.dates),
      guessed: told === null && answered === undefined,
      ambiguous: told === null,
    });
  }
  return chats;
}

/** The zone times are read in: the one chosen (refused when unknown), else the server's. */
function zoneOf(options: RunOptions): { zone: string; chosen: boolean } {
  if (options.time_zone === undefined) return { zone: serverZone(), chosen: false };
  if (!knownZone(options.time_zone)) {
    throw new ImportError('bad_time_zone', { zone: options.time_zone });
  }
  return { zone: options.time_zone, chosen: true };
}

/** The source's other entries by file name: a message's attachment is named, not pathed. */
function attachmentsOf(source: OpenedSource, chats: Chat[]): Map<string, SourceEntry> {
  const byName = new Map<string, SourceEntry>();
  const texts = new Set(chats.map((chat) => chat.entry));
  for (const entry of source.entries) {
    if (texts.has(entry) || entry.size === 0) continue;
    const name = path.posix.basename(entry.path);
    if (!byName.has(name)) byName.set(name, entry);
  }
  return byName;
}

/**
 * A WhatsApp chat exported from a phone (Android or iOS, in the phone's language): the chat's
 * text alone, or the zip with its media. One message item per chat and day (or per message),
 * authors as participants, attachments as the item's files. Each line's identity (chat, time,
 * author, text) and each day's (chat, day) are kept, so a newer export of the same chat adds
 * its new days and extends the last one instead of importing anything twice.
 */
export const whatsappSource: ImportSource = {
  kind: 'whatsapp',
  recognise: async (source) => (await chatEntries(source)).length > 0,
  // Its chats and what sits beside them (an export is flat: the chat and its media).
  async claim(source) {
    const chats = await chatEntries(source);
    const folders = new Set(chats.map((entry) => path.posix.dirname(entry.path)));
    const texts = new Set(chats);
    return source.entries.filter(
      (entry) => texts.has(entry) || folders.has(path.posix.dirname(entry.path)),
    );
  },
  async analyse(ctx, source, _dir, findings: SourceFindings, options) {
    const chats = await openChats(source, options);
    const zone = zoneOf(options);
    const attachments = attachmentsOf(source, chats);
    findings.question('time_zone');
    const perMessage = options.one_item_per === 'message';
    for (const chat of chats) {
      if (chat.ambiguous) findings.question('date_order');
      for await (const day of chatDays(await chat.entry.open())) {
        const messages = parseDay(chat.name, day, chat.daysFirst, chat.survey.systemAuthors);
        if (!messages.length) continue;
        const key = dayKey(chat.name, messages[0]!.local.slice(0, 10));
        const live = await liveLines(ctx.db, [key, ...messages.map((message) => message.key)]);
        let fresh = 0;
        for (const message of messages) {
          // A system line is kept in its day's item, never an item of its own.
          const own = message.author !== null;
          if (live.has(message.key)) {
            if (perMessage && own) findings.existing();
            continue;
          }
          fresh += 1;
          if (own) findings.add('message_lines');
          if (own && perMessage) findings.add('messages');
          findings.date(zonedInstant(message.local, zone.zone));
          if (own) findings.person(message.author!, message.author!);
          if (message.attachment && attachments.has(message.attachment)) findings.add('files');
        }
        // Counted as the import counts them: a day's item created, else the one there (extended
        // by the new lines or not). Both ways are counted: the preview may switch between them.
        if (fresh && !live.has(key)) {
          findings.add('message_days');
          if (!perMessage) findings.add('messages');
        } else if (!perMessage) findings.existing();
      }
    }
  },
  async run(run, source, dir, progress) {
    const chats = await openChats(source, run.options);
    const zone = zoneOf(run.options);
    const attachments = attachmentsOf(source, chats);
    const total = chats.reduce((sum, chat) => sum + chat.survey.dates.length, 0) || 1;
    let done = 0;
    for (const chat of chats) {
      for await (const day of chatDays(await chat.entry.open())) {
        run.signal?.throwIfAborted();
        const messages = parseDay(chat.name, day, chat.daysFirst, chat.survey.systemAuthors);
        if (run.options.one_item_per === 'message') {
          for (const message of messages) {
            if (message.author === null) continue;
            const unit = { chat, messages: [message], fresh: [], dayKey: null, zone };
            await importUnit(run, unit, attachments, dir);
          }
        } else if (messages.length) {
          const key = dayKey(chat.name, messages[0]!.local.slice(0, 10));
          await importUnit(run, { chat, messages, fresh: [], dayKey: key, zone }, attachments, dir);
        }
        done += 1;
        await progress(Math.min(done / total, 1));
      }
    }
  },
};
