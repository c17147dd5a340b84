import { stampedTransaction } from '../../db/stamps.js';
import {
  completeFields,
  type Item,
  type ItemFields,
  type ItemCreateBody,
  type ItemStatus,
  type ItemType,
  type ItemUpdateBody,
  type PlaceValue,
  type RevisionData,
} from '@kinfolio/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { deleteFilesOfItem, type FileDeletion } from '../files/index.js';
import { placeColumns, placesByIds, placeValue, samePlace } from '../places/index.js';
import { FieldValidationError, fieldError } from '../../http/errors.js';
import type { MessageKey } from '../../i18n/translate.js';
import type { Actor } from './entity.js';
import { storeRevision } from './entries.js';
import {
  LINK_KINDS,
  LINK_TABLES,
  linksRepository,
  sameIds,
  sortedIds,
  type LinkIds,
  type LinksRepository,
} from './links.repository.js';
import { presentItem, storedFields } from './present.js';
import { itemsRepository, type ItemChanges, type ItemRow } from './repository.js';
import { ITEM_REVISIONS } from './revisions.repository.js';
import { cut, plainText, sanitizeContent } from './text.js';

export type { Actor } from './entity.js';

/** The message of a link to something that does not exist, by kind of link. */
export const LINK_MISSING: Record<(typeof LINK_KINDS)[number], MessageKey> = {
  from: 'items.participant_missing',
  to: 'items.participant_missing',
  tags: 'items.tag_missing',
  categories: 'items.category_missing',
};

/** Sanitised content with its plain text and preview. */
export function contentColumns(html: string) {
  const content = sanitizeContent(html);
  const plain = plainText(content);
  return { content, plain, preview: cut(plain) };
}

/**
 * An item must say something: a title, or content with text or a picture (inline images and
 * players have no text). A blank one would only be listed as "(untitled)".
 */
function assertNotBlank(title: string, columns: { content: string; plain: string }) {
  if (title.trim() || columns.plain || /<(img|audio|video)\b/i.test(columns.content)) return;
  throw new FieldValidationError(
    { title: ['items.title_or_content'], content: ['items.title_or_content'] },
    'items.title_or_content',
  );
}

/** 422 naming every field whose ids do not all exist. */
async function assertLinksExist(links: LinksRepository, ids: Partial<LinkIds>) {
  const errors: Record<string, MessageKey[]> = {};
  for (const kind of LINK_KINDS) {
    const list = ids[kind];
    if (!list?.length) continue;
    if ((await links.missing(LINK_TABLES[kind], list)).length) errors[kind] = [LINK_MISSING[kind]];
  }
  if (Object.keys(errors).length) throw new FieldValidationError(errors);
}

function snapshot(row: ItemRow, links: LinkIds, place: PlaceValue | null): RevisionData {
  return {
    title: row.title,
    content: row.content,
    ...links,
    date: row.date ?? row.created_at,
    language: row.language,
    status: row.status as ItemStatus,
    fields: storedFields(row.type as ItemType, row.fields),
    place,
  };
}

/** Fields of the type from `current` with the `changes` written over them. */
function withFieldChanges(type: ItemType, current: ItemFields, changes: ItemFields | undefined) {
  return completeFields(type, { ...current, ...changes });
}

function translationConflict(error: unknown): never {
  if (isUniqueViolation(error)) throw fieldError('language', 'items.translation_exists');
  throw error;
}

/** The item if it is of this type; locked for the transaction on PostgreSQL when `ctx` is given. */
async function findOfType(
  repo: ReturnType<typeof itemsRepository>,
  type: ItemType,
  id: number,
  ctx?: AppContext,
) {
  const row = await repo.find(id, ctx?.dialect === 'postgres');
  return row && row.type === type ? row : undefined;
}

/**
 * Creates an item, or with `parent_id` a translation of that original: the original must be a
 * live original of the same type, the language new in its family; the translation inherits its
 * original language and, when absent from the body, its links and date.
 */
export async function createItem(
  ctx: AppContext,
  type: ItemType,
  body: ItemCreateBody,
  actor?: Actor,
): Promise<Item> {
  return stampedTransaction(ctx.db, 'archive', (trx) => insertItem(ctx, trx, type, body, actor));
}

/** createItem inside the caller's transaction (a restored deleted media's new media item). */
export async function insertItem(
  ctx: AppContext,
  trx: Transaction<Database>,
  type: ItemType,
  body: ItemCreateBody,
  actor?: Actor,
): Promise<Item> {
  return presentItem(trx, await insertItemRow(ctx, trx, type, body, actor));
}

/**
 * insertItem's row, not presented: for writers that need only its id (an import writes
 * thousands, and presenting each read its links back for nothing). `linksFound`: the linked
 * ids were read or created in this same transaction, so they are not looked up again (three
 * round trips per item on PostgreSQL; the foreign keys still refuse a missing one).
 */
export async function insertItemRow(
  ctx: AppContext,
  trx: Transaction<Database>,
  type: ItemType,
  body: ItemCreateBody,
  actor?: Actor,
  options: { linksFound?: boolean } = {},
): Promise<ItemRow> {
  const columns = contentColumns(body.content);
  const repo = itemsRepository(trx);
  const links = linksRepository(trx);
  let parent: ItemRow | undefined;
  if (body.parent_id) {
    parent = await findOfType(repo, type, body.parent_id, ctx);
    if (!parent || parent.deleted_at) throw fieldError('parent_id', 'items.parent_missing');
    if (parent.parent_id !== null) throw fieldError('parent_id', 'items.parent_not_original');
    if (body.language === parent.language) {
      throw fieldError('language', 'items.translation_same_language');
    }
    if (await repo.translationIn(parent.id, body.language)) {
      throw fieldError('language', 'items.translation_exists');
    }
  }
  const inherited = parent ? await links.idsOf(parent.id) : undefined;
  const ids: LinkIds = {
    from: sortedIds(body.from ?? inherited?.from ?? []),
    to: sortedIds(body.to ?? inherited?.to ?? []),
    tags: sortedIds(body.tags ?? inherited?.tags ?? []),
    categories: sortedIds(body.categories ?? inherited?.categories ?? []),
  };
  if (!options.linksFound) await assertLinksExist(links, ids);
  // Last, so a misplaced translation or a missing link is named as such first.
  assertNotBlank(body.title, columns);
  const now = ctx.now().toISOString();
  // A translation tells the same story: without a place of its own, it happened where its
  // original did.
  const place =
    body.place === undefined && parent
      ? { place_id: parent.place_id, latitude: parent.latitude, longitude: parent.longitude }
      : await placeColumns(trx, body.place ?? null, now);
  const row = await repo
    .insert({
      type,
      ...place,
      title: body.title,
      ...columns,
      date: body.date ?? parent?.date ?? now,
      language: body.language,
      original_language: parent ? parent.language : body.language,
      parent_id: parent?.id ?? null,
      status: body.status,
      fields: JSON.stringify(
        withFieldChanges(type, parent ? storedFields(type, parent.fields) : {}, body.fields),
      ),
      created_by: actor?.id ?? null,
      created_by_name: actor?.name ?? null,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    })
    .catch(translationConflict);
  await links.add(row.id, ids);
  return row;
}

/** A language change must keep one version per language in the family. */
async function assertLanguageFree(
  repo: ReturnType<typeof itemsRepository>,
  item: ItemRow,
  language: string,
) {
  if (item.parent_id !== null) {
    const original = await repo.find(item.parent_id);
    if (original?.language === language) {
      throw fieldError('language', 'items.translation_same_language');
    }
    if (await repo.translationIn(item.parent_id, language, item.id)) {
      throw fieldError('language', 'items.translation_exists');
    }
  } else if ((await repo.translationsOf(item.id)).some((t) => t.language === language)) {
    throw fieldError('language', 'items.translation_exists');
  }
}

/**
 * The body of a PATCH, inside the caller's transaction, on an item read (and locked) by the
 * caller with its current links: stores the previous version as a revision and applies the
 * changes, or writes nothing when nothing changes (false). Bulk actions use it per item.
 */
export async function reviseItem(
  trx: Transaction<Database>,
  ctx: AppContext,
  current: ItemRow,
  currentLinks: LinkIds,
  body: ItemUpdateBody,
  actor: Actor,
  columns = body.content === undefined ? undefined : contentColumns(body.content),
): Promise<boolean> {
  const repo = itemsRepository(trx);
  const links = linksRepository(trx);
  const id = current.id;
  const currentPlace =
    current.place_id === null
      ? null
      : placeValue((await placesByIds(trx, [current.place_id])).get(current.place_id));
  const before = snapshot(current, currentLinks, currentPlace);
  const next: RevisionData = {
    title: body.title ?? before.title,
    content: columns?.content ?? before.content,
    from: body.from ? sortedIds(body.from) : before.from,
    to: body.to ? sortedIds(body.to) : before.to,
    tags: body.tags ? sortedIds(body.tags) : before.tags,
    categories: body.categories ? sortedIds(body.categories) : before.categories,
    date: body.date ?? before.date,
    language: body.language ?? before.language,
    status: body.status ?? before.status,
    fields: withFieldChanges(current.type as ItemType, before.fields, body.fields),
    place: body.place === undefined ? before.place : body.place,
  };
  const changedLinks: Partial<LinkIds> = {};
  for (const kind of LINK_KINDS) {
    if (!sameIds(before[kind], next[kind])) changedLinks[kind] = next[kind];
  }
  if (body.title !== undefined || columns) {
    assertNotBlank(next.title, columns ?? { content: current.content, plain: current.plain });
  }
  const changes: ItemChanges = {};
  if (next.title !== before.title) changes.title = next.title;
  if (columns && next.content !== before.content) Object.assign(changes, columns);
  if (next.date !== before.date) changes.date = next.date;
  if (next.status !== before.status) changes.status = next.status;
  if (JSON.stringify(next.fields) !== JSON.stringify(before.fields)) {
    changes.fields = JSON.stringify(next.fields);
  }
  if (!samePlace(next.place, before.place)) {
    Object.assign(changes, await placeColumns(trx, next.place, ctx.now().toISOString()));
  }
  if (next.language !== before.language) {
    await assertLanguageFree(repo, current, next.language);
    changes.language = next.language;
    if (current.parent_id === null) {
      changes.original_language = next.language;
      await repo.setOriginalLanguage(id, next.language);
    }
  }
  if (Object.keys(changes).length === 0 && Object.keys(changedLinks).length === 0) return false;
  await assertLinksExist(links, changedLinks);
  const now = ctx.now().toISOString();
  await storeRevision(trx, ITEM_REVISIONS, id, actor, before, now);
  await repo
    .update(id, {
      ...changes,
      revisions_count: current.revisions_count + 1,
      updated_at: now,
    })
    .catch(translationConflict);
  await links.replace(id, changedLinks);
  return true;
}

/** Detaches a translation into an original of its own (422 for an original). */
export async function separateItem(
  ctx: AppContext,
  type: ItemType,
  id: number,
): Promise<Item | undefined> {
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const repo = itemsRepository(trx);
    const current = await findOfType(repo, type, id, ctx);
    if (!current) return undefined;
    if (current.parent_id === null) throw fieldError('id', 'items.not_translation');
    await repo.update(id, {
      parent_id: null,
      original_language: current.language,
      updated_at: ctx.now().toISOString(),
    });
    return presentItem(trx, (await repo.find(id))!);
  });
}

/**
 * Removes a trashed item's rows inside the caller's transaction, its translations handed to an
 * heir; answers the keys of its files, whose bytes the caller removes once committed.
 */
export async function deleteForGood(
  trx: Transaction<Database>,
  current: ItemRow,
  deletion: FileDeletion,
) {
  const repo = itemsRepository(trx);
  if (current.parent_id === null) {
    const translations = await repo.translationsOf(current.id);
    const heir = translations.find((t) => t.deleted_at === null) ?? translations[0];
    if (heir) {
      await repo.update(heir.id, { parent_id: null, original_language: heir.language });
      await repo.reparent(current.id, heir.id, heir.language);
    }
  }
  // Its files go to the deleted medias (kept with their bytes): nothing to remove now.
  const fileKeys = await deleteFilesOfItem(trx, current, deletion);
  await repo.hardDelete(current.id);
  return fileKeys;
}
