import { escapeHtml } from '../../items/index.js';
import type { ChatMessage } from './chat.js';

/** A file of the item, by the name the chat gives it. */
export type ItemFiles = Map<string, { id: number; mime: string }>;

const fileUrl = (id: number) => `/api/files/${id}`;

/** The date (and time) as written in the chat, in the item language's long format. */
function formatted(local: string, language: string, withTime: boolean): string {
  const date = new Date(`${local}Z`);
  try {
    return new Intl.DateTimeFormat(language, {
      dateStyle: 'long',
      ...(withTime ? { timeStyle: 'short' } : {}),
      timeZone: 'UTC',
    }).format(date);
  } catch {
    return withTime ? local.replace('T', ' ').slice(0, 16) : local.slice(0, 10);
  }
}

/** "Family — 12 January 2023" (a day), with the time for one message's item. */
export function titleOf(chat: string, local: string, language: string, withTime: boolean) {
  return `${chat} — ${formatted(local, language, withTime)}`;
}

const textHtml = (text: string) => escapeHtml(text).replace(/\n/g, '<br>');

/** The attachment as the item shows it: a picture inline, anything else a link to its file. */
function attachmentHtml(name: string, file: { id: number; mime: string } | undefined) {
  if (!file) return undefined;
  const url = escapeHtml(fileUrl(file.id));
  if (file.mime.startsWith('image/')) return `<img src="${url}" alt="${escapeHtml(name)}">`;
  return `<a href="${url}">${escapeHtml(name)}</a>`;
}

/** What the author wrote with an attachment: the text without the line that names the file. */
function caption(text: string, name: string): string {
  return text
    .split('\n')
    .filter((line) => !line.includes(name))
    .join('\n')
    .trim();
}

/**
 * The messages in order, each with its time and author (escaped: the chat's text is never
 * HTML), its attachment inline when the source held it; system lines in italics; then `notes`.
 */
export function renderMessages(messages: ChatMessage[], files: ItemFiles, notes: string[]): string {
  const parts = messages.map((message) => {
    const time = message.local.slice(11, 16);
    if (message.author === null) return `<p><em>${time} ${textHtml(message.text)}</em></p>`;
    const name = message.attachment;
    const attached = name !== undefined ? attachmentHtml(name, files.get(name)) : undefined;
    const said = attached
      ? [attached, textHtml(caption(message.text, name ?? ''))].filter(Boolean).join('<br>')
      : undefined;
    return `<p><strong>${time} ${escapeHtml(message.author)}</strong>: ${
      said ?? textHtml(message.text)
    }</p>`;
  });
  for (const note of notes) parts.push(`<p><em>${escapeHtml(note)}</em></p>`);
  return parts.join('');
}
