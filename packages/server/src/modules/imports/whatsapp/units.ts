import type { Kysely, Transaction } from 'kysely';
import { ITEM_LIMITS, UI_LANGUAGES, type UiLanguage } from '@kinfolio/contract';
import type { Database } from '../../../db/schema.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { stampedTransaction } from '../../../db/stamps.js';
import { translate } from '../../../i18n/translate.js';
import type { TempDir } from '../../../storage/index.js';
import { removeBytes } from '../../files/index.js';
import {
  contentColumns,
  findItemForUpdate,
  insertItemRow,
  linksRepository,
  reviseItem,
  type Actor,
} from '../../items/index.js';
import {
  copyHashed,
  insertStoredFile,
  storeCopied,
  storedKeys,
  type StoredBytes,
} from '../photos.js';
import { importsDb } from '../repository.js';
import type { ImportRun } from '../run.js';
import type { SourceEntry } from '../source.js';
import type { ChatMessage, ChatSurvey } from './chat.js';
import { renderMessages, titleOf } from './render.js';
import { zonedInstant } from './zone.js';

/** A chat of the source: its text entry, its name, and what a first read found. */
export interface Chat {
  entry: SourceEntry;
  name: string;
  survey: ChatSurvey;
  daysFirst: boolean;
  /** Whether the order was guessed (the dates cannot tell, and nobody answered). */
  guessed: boolean;
  /** The dates cannot tell the day from the month. */
  ambiguous: boolean;
}

/**
 * Which of these line keys the archive holds live already, and in which item. Looked up by key
 * first and only then checked against the items: joined in one query, PostgreSQL planned a fresh
 * import's tables (not yet analysed, "two items") as a scan of every line of each chat item.
 */
export async function liveLines(
  db: Kysely<Database>,
  keys: string[],
): Promise<Map<string, { item_id: number; import_id: number | null }>> {
  const found = new Map<string, { item_id: number; import_id: number | null }>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await importsDb(db)
      .selectFrom('import_identities')
      .select(['key', 'item_id', 'import_id'])
      .where('kind', '=', 'chat')
      .where('key', 'in', keys.slice(i, i + 500))
      .execute();
    const itemIds = [
      ...new Set(rows.flatMap((row) => (row.item_id === null ? [] : [row.item_id]))),
    ];
    if (!itemIds.length) continue;
    const live = new Set(
      (
        await db
          .selectFrom('items')
          .select('id')
          .where('id', 'in', itemIds)
          .where('deleted_at', 'is', null)
          .execute()
      ).map((row) => row.id),
    );
    for (const row of rows) {
      if (row.item_id !== null && live.has(row.item_id)) {
        found.set(row.key, { item_id: row.item_id, import_id: row.import_id });
      }
    }
  }
  return found;
}

const uiLanguage = (language: string): UiLanguage =>
  (UI_LANGUAGES as readonly string[]).includes(language) ? (language as UiLanguage) : 'en';

/** What the item says of how its times were read, when nobody said. */
function notes(run: ImportRun, chat: Chat, zone: { zone: string; chosen: boolean }): string[] {
  const language = uiLanguage(run.options.language);
  const said: string[] = [];
  if (chat.guessed) said.push(translate(language, 'imports.whatsapp_order_guessed'));
  if (!zone.chosen) {
    said.push(translate(language, 'imports.whatsapp_server_zone', { zone: zone.zone }));
  }
  return said;
}

/** One unit: the messages that go into one item (new, or the day's item extended). */
export interface Unit {
  chat: Chat;
  /** Every message of the unit's day (or the one message). */
  messages: ChatMessage[];
  /** The ones the archive does not hold yet. */
  fresh: ChatMessage[];
  dayKey: string | null;
  zone: { zone: string; chosen: boolean };
}

/** Stores the attachments of `messages` found in the source; keyed by file name. */
async function storeAttachments(
  run: ImportRun,
  messages: ChatMessage[],
  attachments: Map<string, SourceEntry>,
  dir: TempDir,
): Promise<Map<string, StoredBytes>> {
  const stored = new Map<string, StoredBytes>();
  try {
    for (const message of messages) {
      const name = message.attachment;
      const entry = name === undefined ? undefined : attachments.get(name);
      if (!entry || stored.has(name!)) continue;
      const mime = entry.mime ?? (await otherMime(entry));
      if (!mime) continue;
      const temp = `chat-${stored.size}`;
      try {
        const copied = await copyHashed(await entry.open(), dir, temp);
        stored.set(name!, await storeCopied(run, mime, dir, temp, copied, entry.path));
      } finally {
        await dir.remove(temp);
      }
    }
  } catch (error) {
    await removeBytes(run.ctx, [...stored.values()].flatMap(storedKeys));
    throw error;
  }
  return stored;
}

/** Voice notes (Ogg Opus), PDFs and MP3s, told by their first bytes; else not kept. */
async function otherMime(entry: SourceEntry): Promise<string | undefined> {
  const stream = await entry.open();
  let head = Buffer.alloc(0);
  for await (const chunk of stream) {
    head = Buffer.concat([head, chunk as Buffer]);
    if (head.length >= 8) break;
  }
  stream.destroy();
  const text = head.toString('latin1', 0, 4);
  if (text === 'OggS') return 'audio/ogg';
  if (text === '%PDF') return 'application/pdf';
  if (text.startsWith('ID3') || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) {
    return 'audio/mpeg';
  }
  return undefined;
}

async function participantsOf(
  trx: Transaction<Database>,
  run: ImportRun,
  messages: ChatMessage[],
): Promise<number[]> {
  const ids = new Set<number>();
  for (const author of new Set(messages.map((m) => m.author).filter((a) => a !== null))) {
    ids.add(await run.participant(trx, author, author));
  }
  return [...ids];
}

async function insertIdentities(
  trx: Transaction<Database>,
  run: ImportRun,
  keys: string[],
  itemId: number,
) {
  const db = importsDb(trx);
  const now = run.ctx.now().toISOString();
  for (let i = 0; i < keys.length; i += 200) {
    const slice = keys.slice(i, i + 200);
    // Lines (or a day) imported before whose item went to the trash: imported anew.
    await db
      .deleteFrom('import_identities')
      .where('kind', '=', 'chat')
      .where('key', 'in', slice)
      .execute();
    await db
      .insertInto('import_identities')
      .values(
        slice.map((key) => ({
          kind: 'chat',
          key,
          import_id: run.importId,
          item_id: itemId,
          file_id: null,
          phash: null,
          near_item_id: null,
          near_distance: null,
          created_at: now,
        })),
      )
      .execute();
  }
}

/**
 * The files of `stored` as rows of `itemId`, and the content of `messages` linking to them.
 */
async function attach(
  trx: Transaction<Database>,
  run: ImportRun,
  itemId: number,
  stored: Map<string, StoredBytes>,
) {
  const files = new Map<string, { id: number; mime: string }>();
  for (const [name, bytes] of stored) {
    const row = await insertStoredFile(trx, run, itemId, bytes);
    files.set(name, { id: row.id, mime: bytes.mime });
  }
  return files;
}

/**
 * An item's content stays within what an item may hold (an item over it could not be edited):
 * the HTML of `messages` measured with room for the file links' ids.
 */
const CONTENT_ROOM = ITEM_LIMITS.contentMaxLength - 50_000;
const htmlLength = (messages: ChatMessage[]) =>
  renderMessages(messages, new Map(), []).length + 40 * messages.length;

/**
 * A new item of `unit.fresh`: its files and identities (its lines', its day's unless it
 * continues a day whose item is full) with it.
 */
async function createUnit(
  run: ImportRun,
  unit: Unit,
  stored: Map<string, StoredBytes>,
  continued = false,
): Promise<number> {
  const { ctx } = run;
  const first = unit.fresh[0]!;
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const from = await participantsOf(trx, run, unit.fresh);
    const language = run.options.language;
    const item = await insertItemRow(
      ctx,
      trx,
      'message',
      {
        title: titleOf(unit.chat.name, first.local, language, unit.dayKey === null && !continued),
        content: '',
        language,
        status: 'published',
        date: zonedInstant(first.local, unit.zone.zone).toISOString(),
        from,
      },
      run.actor,
      { linksFound: true },
    );
    const files = await attach(trx, run, item.id, stored);
    const html = renderMessages(unit.fresh, files, notes(run, unit.chat, unit.zone));
    await trx.updateTable('items').set(contentColumns(html)).where('id', '=', item.id).execute();
    const keys = unit.fresh.map((message) => message.key);
    const day = unit.dayKey && !continued ? [unit.dayKey] : [];
    await insertIdentities(trx, run, [...day, ...keys], item.id);
    return item.id;
  });
}

/**
 * The day's live item given the lines a newer export adds to it: a revision whose content is
 * the day as the export holds it (when it holds every line the item had; else the new lines
 * after the old content) and whose authors include the new ones.
 */
async function extendUnit(
  run: ImportRun,
  unit: Unit,
  itemId: number,
  stored: Map<string, StoredBytes>,
  /** Whether this import created the day's item (now, or in an attempt before). */
  mine: boolean,
): Promise<void> {
  const { ctx } = run;
  const commit = await stampedTransaction(ctx.db, 'archive', async (trx) => {
    const current = await findItemForUpdate(trx, ctx.dialect, itemId);
    if (!current || current.deleted_at) throw new Error('day item gone');
    const held = new Set(
      (
        await importsDb(trx)
          .selectFrom('import_identities')
          .select('key')
          .where('kind', '=', 'chat')
          .where('item_id', '=', itemId)
          .where('key', 'like', 'line:%')
          .execute()
      ).map((row) => row.key),
    );
    const inExport = new Set(unit.messages.map((message) => message.key));
    const files = await attach(trx, run, itemId, stored);
    const old = await trx
      .selectFrom('files')
      .select(['id', 'name', 'mime'])
      .where('item_id', '=', itemId)
      .where('deleted_at', 'is', null)
      .execute();
    for (const file of old) if (!files.has(file.name)) files.set(file.name, file);
    const fresh = new Set(unit.fresh.map((message) => message.key));
    const said = notes(run, unit.chat, unit.zone);
    const whole = [...held].every((key) => inExport.has(key));
    const html = whole
      ? renderMessages(
          unit.messages.filter((m) => held.has(m.key) || fresh.has(m.key)),
          files,
          said,
        )
      : current.content + renderMessages(unit.fresh, files, []);
    const links = await linksRepository(trx).idsOf(itemId);
    const from = [...new Set([...links.from, ...(await participantsOf(trx, run, unit.fresh))])];
    // An import without a user (its author's account deleted) keeps the revision unsigned.
    const actor: Actor = run.actor ?? ({ id: null, name: 'Kinfolio' } as unknown as Actor);
    const columns = contentColumns(html);
    const changed = await reviseItem(
      trx,
      ctx,
      current,
      links,
      { content: html, from },
      actor,
      columns,
    );
    await insertIdentities(trx, run, [...fresh], itemId);
    if (mine) return () => undefined;
    // An earlier import's day: undoing this one brings its revision back and removes the files.
    const revision = changed
      ? await trx
          .selectFrom('item_revisions')
          .select((eb) => eb.fn.max('id').as('id'))
          .where('item_id', '=', itemId)
          .executeTakeFirst()
      : undefined;
    const attached = [...stored.keys()].map((name) => files.get(name)!.id);
    return run.revised(trx, itemId, Number(revision?.id ?? 0), attached, [], columns.content);
  });
  commit();
}

/** The items each run has counted: a long day read in several batches is one item. */
const counted = new WeakMap<ImportRun, Set<number>>();

/** Counts an item once per run: created (by this import, now or in an attempt before) or there. */
function count(run: ImportRun, itemId: number | undefined, mine: boolean) {
  let seen = counted.get(run);
  if (!seen) counted.set(run, (seen = new Set()));
  if (itemId !== undefined) {
    if (seen.has(itemId)) return;
    seen.add(itemId);
  }
  if (mine && itemId !== undefined) {
    run.created('message', { item_id: itemId, near_item_id: null, near_distance: null });
  } else run.existing();
}

/** Imports one unit: nothing when every line is there, else a new item or the day's extended. */
export async function importUnit(
  run: ImportRun,
  unit: Unit,
  attachments: Map<string, SourceEntry>,
  dir: TempDir,
) {
  const { ctx } = run;
  const live = await liveLines(
    ctx.db,
    unit.messages.map((message) => message.key),
  );
  unit.fresh = unit.messages.filter((message) => !live.has(message.key));
  const day = unit.dayKey ? (await liveLines(ctx.db, [unit.dayKey])).get(unit.dayKey) : undefined;
  if (!unit.fresh.length) {
    const mine = day ?? live.get(unit.messages[0]!.key);
    count(run, mine?.item_id, mine?.import_id === run.importId);
    return;
  }
  if (unit.fresh.length > 1 && htmlLength(unit.fresh) > CONTENT_ROOM) {
    // Messages whose text escapes to more than an item holds: in two items (of the same day).
    const half = Math.ceil(unit.fresh.length / 2);
    for (const part of [unit.fresh.slice(0, half), unit.fresh.slice(half)]) {
      await importUnit(run, { ...unit, messages: part }, attachments, dir);
    }
    return;
  }
  let full = false;
  if (day) {
    const held = await ctx.db
      .selectFrom('items')
      .select((eb) => eb.fn('length', ['content']).as('length'))
      .where('id', '=', day.item_id)
      .executeTakeFirst();
    full = Number(held?.length ?? 0) + htmlLength(unit.fresh) > CONTENT_ROOM;
  }
  const stored = await storeAttachments(run, unit.fresh, attachments, dir);
  try {
    if (full) {
      // The day's item holds what an item may: the rest of the day continues in another.
      const itemId = await createUnit(run, unit, stored, true);
      count(run, itemId, true);
    } else if (day) {
      await extendUnit(run, unit, day.item_id, stored, day.import_id === run.importId);
      count(run, day.item_id, day.import_id === run.importId);
    } else {
      const itemId = await createUnit(run, unit, stored);
      count(run, itemId, true);
    }
  } catch (error) {
    await removeBytes(ctx, [...stored.values()].flatMap(storedKeys));
    // Another import of the same chat running beside this one committed these lines first.
    if (isUniqueViolation(error)) {
      run.existing();
      return;
    }
    throw error;
  }
}
