import { createHash } from 'node:crypto';
import { ITEM_LIMITS, isContentLanguage, type ContentLanguage } from '@kinfolio/contract';
import { simpleParser, type AddressObject, type EmailAddress } from 'mailparser';
import { cut, escapeHtml, sanitizeContent } from '../../items/index.js';
import { participantName } from '../run.js';
import { detectLanguage } from './language.js';

/** A person of a message: `key` is the address in lower case (what `options.people` maps). */
export interface MailPerson {
  key: string;
  name: string;
}

export interface MailAttachment {
  name: string | undefined;
  contentType: string;
  content: Buffer;
}

/** What one message becomes: a mail item, its people, its files and its labels. */
export interface ParsedMessage {
  /** `<Message-ID>`, else the SHA-256 of the raw message. */
  identity: string;
  subject: string | undefined;
  /** HTML, sanitised when the mail item is written. */
  content: string;
  date: Date | undefined;
  from: MailPerson[];
  to: MailPerson[];
  /** The messages it answers, the nearest first (`In-Reply-To`, then `References` backwards). */
  repliesTo: string[];
  attachments: MailAttachment[];
  language: ContentLanguage | undefined;
}

/** The identity column holds up to 200 characters: longer Message-IDs are kept as a hash. */
const IDENTITY_MAX = 200;

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** `<id@host>` as written in the headers, or undefined for anything without an id. */
function messageId(value: string | undefined): string | undefined {
  const id = value?.trim().replace(/^<|>$/g, '').trim();
  if (!id) return undefined;
  const key = `<${id}>`;
  return key.length <= IDENTITY_MAX ? key : `<${sha256(key)}>`;
}

function idList(value: string | string[] | undefined): string[] {
  const values = Array.isArray(value) ? value : value ? value.split(/\s+/) : [];
  return values.map((v) => messageId(v)).filter((v): v is string => v !== undefined);
}

function people(objects: AddressObject | AddressObject[] | undefined): MailPerson[] {
  const flat: EmailAddress[] = [];
  const add = (addresses: EmailAddress[]) => {
    for (const address of addresses) {
      if (address.group) add(address.group);
      else flat.push(address);
    }
  };
  for (const object of [objects ?? []].flat()) add(object.value);
  const found = new Map<string, MailPerson>();
  for (const address of flat) {
    const key = address.address?.trim().toLowerCase();
    if (!key || found.has(key)) continue;
    found.set(key, { key, name: participantName(address.name || key) || key });
  }
  return [...found.values()];
}

/** The body as sanitised HTML: the HTML part when there is one, else the text's paragraphs. */
function contentOf(html: string | false, text: string | undefined, textAsHtml?: string): string {
  // Sanitised again as the item is written (insertItem): here only when too long as it is.
  if (html) {
    if (html.length <= ITEM_LIMITS.contentMaxLength) return html;
    const clean = sanitizeContent(html);
    if (clean.length <= ITEM_LIMITS.contentMaxLength) return clean;
  }
  if (textAsHtml && textAsHtml.length <= ITEM_LIMITS.contentMaxLength) return textAsHtml;
  // A text this long is kept as its beginning: an item holds up to contentMaxLength characters.
  const plain = cut(text ?? '', ITEM_LIMITS.contentMaxLength / 2);
  return plain ? `<p>${escapeHtml(plain)}</p>` : '';
}

/** The language a message says it is in (`Content-Language: fr-CH`), if one of the archive's. */
function declaredLanguage(value: unknown): ContentLanguage | undefined {
  if (typeof value !== 'string') return undefined;
  const language = value.trim().slice(0, 2).toLowerCase();
  return isContentLanguage(language) ? language : undefined;
}

/**
 * A message parsed by mailparser (RFC 2047 words, charsets, MIME parts), or undefined when it
 * is not one (no header a message has) or mailparser cannot read it: skipped as unreadable.
 */
export async function parseMessage(raw: Buffer): Promise<ParsedMessage | undefined> {
  let parsed;
  try {
    // cid: pictures stay links (dropped by the sanitiser): their bytes are the mail's files.
    parsed = await simpleParser(raw, { keepCidLinks: true, skipTextToHtml: false });
  } catch {
    return undefined;
  }
  const { headers } = parsed;
  if (!['from', 'date', 'message-id', 'received', 'subject'].some((name) => headers.has(name))) {
    return undefined;
  }
  const date = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : undefined;
  const content = contentOf(parsed.html ?? false, parsed.text, parsed.textAsHtml);
  return {
    identity: messageId(parsed.messageId) ?? sha256(raw),
    subject: parsed.subject?.trim() || undefined,
    content,
    date,
    from: people(parsed.from),
    to: people([parsed.to ?? [], parsed.cc ?? []].flat()),
    repliesTo: [...new Set([...idList(parsed.inReplyTo), ...idList(parsed.references).reverse()])],
    attachments: parsed.attachments.map((attachment) => ({
      name: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.content,
    })),
    language:
      declaredLanguage(headers.get('content-language')) ??
      // The body first: a reply's subject is the other writer's ("Re: Les photos…").
      detectLanguage(parsed.text ?? '') ??
      detectLanguage(parsed.subject ?? ''),
  };
}
