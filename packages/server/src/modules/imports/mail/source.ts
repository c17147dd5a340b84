import { Transform, type Readable } from 'node:stream';
import { ITEM_LIMITS, LIMITS, UI_LANGUAGES } from '@kinfolio/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../../context.js';
import type { Database } from '../../../db/schema.js';
import { translate } from '../../../i18n/translate.js';
import type { TempDir } from '../../../storage/index.js';
import { cut, escapeHtml, insertItemRow } from '../../items/index.js';
import { memoOf, UnitBatch } from '../batch.js';
import { claimIdentity, findIdentity } from '../identities.js';
import { uiLanguage } from '../photos.js';
import type { ImportRun } from '../run.js';
import type { SourceEntry } from '../source.js';
import type { ImportSource } from '../sources.js';
import {
  insertAttachmentRows,
  removeStoredAttachments,
  storeAttachments,
  type StoredAttachment,
} from './attachments.js';
import { mailFormatOf, type MailFormat } from './detect.js';
import { readMbox } from './mbox.js';
import { parseMessage, type MailPerson, type ParsedMessage } from './message.js';

/** A message larger than this (attachments included) is skipped: it is parsed whole in memory. */
const DEFAULT_MAX_MESSAGE_BYTES = 100 * 1024 * 1024;
let maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES;
/** Overrides for tests: a smaller cap. */
export function setMaxMessageBytes(value = DEFAULT_MAX_MESSAGE_BYTES) {
  maxMessageBytes = value;
}

/** How many of the messages a mail answers are looked for in the archive. */
const REPLY_LOOKUPS = 10;

/**
 * Gmail's labels saying only whether a message was read: no tag of the family's. Takeout writes
 * them in the account's language.
 */
const STATE_LABELS = new Set([
  ...['opened', 'unread'],
  ...['ouvert', 'non lus', 'non lu'],
  ...['geöffnet', 'ungelesen'],
  ...['aperto', 'aperti', 'da leggere', 'non letti'],
]);

/** One message read from a source: its bytes (undefined when over the cap) and its mailbox's. */
interface MailUnit {
  /** Where it is in the source, for the report: `Inbox#12`, `lettre.eml`. */
  name: string;
  raw: Buffer | undefined;
  /** The mailbox's time for it (its `From ` line), else the file's. */
  time: Date | undefined;
  labels: string[];
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Counts the bytes read of an entry, for the progress. */
function counted(stream: Readable, onBytes: (n: number) => void): Readable {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
  stream.on('error', (error) => counter.destroy(error));
  return stream.pipe(counter);
}

/** The source's entries holding mail, with their format, in the source's order. */
async function mailEntries(source: { entries: SourceEntry[] }) {
  const found: { entry: SourceEntry; format: MailFormat }[] = [];
  for (const entry of source.entries) {
    if (entry.size === 0) continue;
    const format = await mailFormatOf(entry);
    if (format) found.push({ entry, format });
  }
  return found;
}

/** Every message of the mail entries, one at a time (a mailbox is streamed, never held). */
async function* unitsOf(
  entries: { entry: SourceEntry; format: MailFormat }[],
  onBytes: (n: number) => void,
): AsyncGenerator<MailUnit> {
  for (const { entry, format } of entries) {
    if (format === 'eml') {
      const raw = entry.size > maxMessageBytes ? undefined : await readAll(await entry.open());
      onBytes(entry.size);
      yield { name: entry.path, raw, time: entry.modified, labels: [] };
      continue;
    }
    const stream = counted(await entry.open(), onBytes);
    for await (const message of readMbox(stream, {
      gz: format === 'mbox.gz',
      maxBytes: maxMessageBytes,
    })) {
      yield {
        name: `${entry.path}#${message.index + 1}`,
        raw: message.raw,
        time: message.time ?? entry.modified,
        labels: message.labels,
      };
    }
  }
}

/** The labels that become tags: trimmed, each once, without Gmail's read states. */
function tagNames(labels: string[]): string[] {
  const names = new Map<string, string>();
  for (const label of labels) {
    const name = [...label.trim()].slice(0, LIMITS.nameMaxLength).join('').trim();
    if (name && !STATE_LABELS.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  return [...names.values()];
}

/** The tag named `name` in any language (case aside), if there is one. */
async function findTag(db: Transaction<Database> | AppContext['db'], name: string) {
  const lower = name.toLowerCase();
  return db
    .selectFrom('tags')
    .select('id')
    .where((eb) =>
      eb.or(UI_LANGUAGES.map((language) => eb(eb.fn('lower', [`name_${language}`]), '=', lower))),
    )
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * The tag named `name`, else a new one named in the import's language; found once per
 * transaction (`memoOf`: every message of a mailbox carries the same few labels).
 */
async function tagOf(trx: Transaction<Database>, run: ImportRun, name: string) {
  const memo = memoOf(trx);
  const memoKey = `tag:${name.toLowerCase()}`;
  const known = memo.get(memoKey);
  if (known !== undefined) return { id: known, created: false };
  const tag = await findOrMakeTag(trx, run, name);
  memo.set(memoKey, tag.id);
  return tag;
}

async function findOrMakeTag(trx: Transaction<Database>, run: ImportRun, name: string) {
  const existing = await findTag(trx, name);
  if (existing) return { id: existing.id, created: false };
  const now = run.ctx.now().toISOString();
  const row = await trx
    .insertInto('tags')
    .values({
      name_fr: null,
      name_en: null,
      name_it: null,
      name_de: null,
      [`name_${uiLanguage(run.options.language)}`]: name,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true };
}

/**
 * One name per person in an import: the first display name an address came with (a bare
 * address gives way to a name seen later), so that `Élise M.` and `Élise Martin` writing from
 * the same address stay one participant.
 */
const namesByRun = new WeakMap<object, Map<string, string>>();
function personName(run: object, person: MailPerson): string {
  let names = namesByRun.get(run);
  if (!names) namesByRun.set(run, (names = new Map()));
  const known = names.get(person.key);
  if (!known || (known === person.key && person.name !== person.key)) {
    names.set(person.key, person.name);
    return person.name;
  }
  return known;
}

/** The mail it answers that is in the archive (live), the nearest first. */
async function repliedMail(run: ImportRun, message: ParsedMessage) {
  // The nearest few: a long `References` chain is looked up no further than its last ones.
  for (const id of message.repliesTo.slice(0, REPLY_LOOKUPS)) {
    const known = await findIdentity(run.ctx.db, 'mail', id);
    if (!known?.live) continue;
    const item = await run.ctx.db
      .selectFrom('items')
      .select(['id', 'title'])
      .where('id', '=', known.item_id)
      .executeTakeFirst();
    if (item) return item;
  }
  return undefined;
}

const titleOf = (message: ParsedMessage, language: string) =>
  cut(
    message.subject ?? translate(uiLanguage(language), 'imports.mail_no_subject'),
    ITEM_LIMITS.titleMaxLength,
  );

/**
 * One message: its attachments' bytes stored first, then its mail item (people, tags, the
 * link to the mail it answers), its files and its identity (Message-ID, else the SHA-256 of the
 * message) in one transaction. A message imported before and still live is not imported again.
 */
async function importMessage(
  run: ImportRun,
  unit: MailUnit,
  dir: TempDir,
  index: number,
  batch: UnitBatch,
) {
  if (!unit.raw) {
    run.skip(unit.name, 'too_large');
    return;
  }
  const message = await parseMessage(unit.raw);
  if (!message) {
    run.skip(unit.name, 'unreadable');
    return;
  }
  const { ctx } = run;
  // A copy of a pending message, or a reply to one, reads it once committed.
  await batch.settle(
    [message.identity, ...message.repliesTo.slice(0, REPLY_LOOKUPS)].map((id) => `mail:${id}`),
  );
  const known = await findIdentity(ctx.db, 'mail', message.identity);
  if (known?.live) {
    if (known.import_id === run.importId) run.created('mail', known);
    else run.existing();
    return;
  }
  const language = message.language ?? run.options.language;
  const replied = await repliedMail(run, message);
  const answer = replied
    ? `<p>${escapeHtml(translate(uiLanguage(language), 'imports.mail_in_reply_to'))} <a href="/mails/${replied.id}/profile">${escapeHtml(replied.title)}</a></p>`
    : '';
  const stored: StoredAttachment[] = await storeAttachments(
    run,
    message.attachments,
    dir,
    `mail-${index}`,
  );
  const createdTags: number[] = [];
  await batch.add({
    keys: [`mail:${message.identity}`],
    work: async (trx) => {
      createdTags.length = 0;
      const person = (p: MailPerson) => run.participant(trx, p.key, personName(run, p));
      const from = [...new Set(await Promise.all(message.from.map(person)))];
      const to: number[] = [];
      for (const p of message.to) {
        if (to.length >= ITEM_LIMITS.linksMax) break;
        const id = await person(p);
        if (!to.includes(id)) to.push(id);
      }
      const tags: number[] = [];
      for (const name of tagNames(unit.labels).slice(0, ITEM_LIMITS.linksMax)) {
        const tag = await tagOf(trx, run, name);
        if (tag.created) createdTags.push(tag.id);
        if (!tags.includes(tag.id)) tags.push(tag.id);
      }
      const item = await insertItemRow(
        ctx,
        trx,
        'mail',
        {
          title: titleOf(message, language),
          content: answer + message.content,
          language,
          status: 'published',
          date: (message.date ?? unit.time ?? ctx.now()).toISOString(),
          from: from.slice(0, ITEM_LIMITS.linksMax),
          to,
          tags,
        },
        run.actor,
        { linksFound: true },
      );
      await insertAttachmentRows(run, trx, item.id, stored);
      await claimIdentity(trx, {
        kind: 'mail',
        key: message.identity,
        importId: run.importId,
        itemId: item.id,
        now: ctx.now().toISOString(),
        replaces: known !== undefined,
      });
      return item.id;
    },
    done: (itemId) => {
      run.created('mail', { item_id: itemId, near_item_id: null, near_distance: null });
      for (const id of createdTags) (run.report.created.tags ??= []).push(id);
    },
    cleanup: () => removeStoredAttachments(run, stored),
    // Another import running beside this one committed the same mail first.
    existing: () => run.existing(),
  });
}

/**
 * Mailboxes (Gmail's Takeout `.mbox`, Thunderbird's extensionless ones, gzipped too) and
 * messages (`.eml`), alone, in a folder or a zip: recognised by their content.
 */
export const mailSource: ImportSource = {
  kind: 'mail',
  async recognise(source) {
    for (const entry of source.entries) {
      if (entry.size > 0 && (await mailFormatOf(entry))) return true;
    }
    return false;
  },
  claim: async (source) => (await mailEntries(source)).map(({ entry }) => entry),
  async analyse(ctx, source, _dir, findings) {
    const labels = new Map<string, string>();
    for await (const unit of unitsOf(await mailEntries(source), () => undefined)) {
      if (!unit.raw) continue;
      const message = await parseMessage(unit.raw);
      if (!message) continue;
      const known = await findIdentity(ctx.db, 'mail', message.identity);
      if (known?.live) {
        findings.existing();
        continue;
      }
      findings.add('mails');
      if (message.attachments.length) findings.add('files', message.attachments.length);
      findings.date(message.date ?? unit.time ?? new Date(NaN));
      for (const person of [...message.from, ...message.to]) {
        findings.person(person.key, personName(findings, person));
      }
      for (const name of tagNames(unit.labels)) labels.set(name.toLowerCase(), name);
    }
    let tags = 0;
    for (const name of labels.values()) if (!(await findTag(ctx.db, name))) tags += 1;
    if (tags) findings.add('tags', tags);
  },
  async run(run, source, dir, progress) {
    const entries = await mailEntries(source);
    const total = Math.max(
      1,
      entries.reduce((sum, { entry }) => sum + entry.size, 0),
    );
    let read = 0;
    let index = 0;
    const batch = new UnitBatch(run.ctx);
    try {
      for await (const unit of unitsOf(entries, (n) => (read += n))) {
        run.signal?.throwIfAborted();
        await importMessage(run, unit, dir, index, batch);
        index += 1;
        await progress(Math.min(read / total, 1));
      }
    } finally {
      // Stopped or not, the pending units are whole: they are written.
      await batch.flush();
    }
    const mail = new Set(entries.map(({ entry }) => entry));
    for (const entry of source.entries) {
      if (!mail.has(entry)) run.skip(entry.path, entry.skip ?? 'unsupported');
    }
  },
};
