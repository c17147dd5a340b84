import {
  CONTENT_LANGUAGES,
  completeFields,
  type Item,
  type ItemListRow,
  type Place,
  type ItemStatus,
  type ItemType,
  type TranslatedName,
} from '@kinfolio/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nameOf } from '../../i18n/translated-name.js';
import { filesRepository, presentFile, thumbnailUrl } from '../files/index.js';
import { placesByIds, presentPlace } from '../places/index.js';
import { linksRepository, type TranslatedLink } from './links.repository.js';
import { itemsRepository, type ItemListRecord, type ItemRow } from './repository.js';

type Executor = Kysely<Database> | Transaction<Database>;

interface Decorations {
  from: { id: number; name: string }[];
  to: { id: number; name: string }[];
  tags: { id: number; name: TranslatedName }[];
  categories: { id: number; name: TranslatedName }[];
  languages: string[];
  place: Place | null;
}

const LANGUAGE_ORDER = new Map<string, number>(
  CONTENT_LANGUAGES.map((lang, index) => [lang, index]),
);
export function byLanguage(a: string, b: string): number {
  return (LANGUAGE_ORDER.get(a) ?? 99) - (LANGUAGE_ORDER.get(b) ?? 99) || a.localeCompare(b);
}

function grouped<T extends { item_id: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.item_id);
    if (list) list.push(row);
    else map.set(row.item_id, [row]);
  }
  return map;
}

const translated = (row: TranslatedLink) => ({ id: row.id, name: nameOf(row) });

/**
 * Names of the links and languages of the families of many items, in five queries whatever
 * the number of items (no query per item).
 */
export async function decorate(
  db: Executor,
  rows: Pick<ItemRow, 'id' | 'parent_id' | 'language' | 'place_id'>[],
): Promise<Map<number, Decorations>> {
  const ids = rows.map((row) => row.id);
  const links = linksRepository(db);
  const originals = [...new Set(rows.map((row) => row.parent_id ?? row.id))];
  const [people, tags, categories, family, places] = await Promise.all([
    links.participants(ids),
    links.tags(ids),
    links.categories(ids),
    itemsRepository(db).familyLanguages(originals),
    placesByIds(
      db,
      rows.map((row) => row.place_id),
    ),
  ]);
  const peopleBy = grouped(people);
  const tagsBy = grouped(tags);
  const categoriesBy = grouped(categories);
  const languagesBy = new Map<number, Set<string>>();
  for (const member of family) {
    const key = member.parent_id ?? member.id;
    const set = languagesBy.get(key) ?? new Set<string>();
    set.add(member.language);
    languagesBy.set(key, set);
  }
  const result = new Map<number, Decorations>();
  for (const row of rows) {
    const persons = peopleBy.get(row.id) ?? [];
    const languages = new Set(languagesBy.get(row.parent_id ?? row.id));
    languages.add(row.language);
    result.set(row.id, {
      from: persons.filter((p) => p.role === 'from').map(({ id, name }) => ({ id, name })),
      to: persons.filter((p) => p.role === 'to').map(({ id, name }) => ({ id, name })),
      tags: (tagsBy.get(row.id) ?? []).map(translated),
      categories: (categoriesBy.get(row.id) ?? []).map(translated),
      languages: [...languages].sort(byLanguage),
      place: row.place_id === null ? null : presentPlace(places.get(row.place_id)),
    });
  }
  return result;
}

/** The stored JSON of an item's own fields, complete for its type. */
export function storedFields(type: ItemType, json: string) {
  let value: unknown = {};
  try {
    value = JSON.parse(json);
  } catch {
    // Only a hand-edited database holds invalid JSON; its fields read as empty.
  }
  return completeFields(type, value);
}

function common(row: ItemListRecord, decorations: Decorations) {
  return {
    id: row.id,
    type: row.type as ItemType,
    title: row.title,
    ...decorations,
    date: row.date ?? row.created_at,
    language: row.language,
    original_language: row.original_language ?? row.language,
    parent_id: row.parent_id,
    status: row.status as ItemStatus,
    fields: storedFields(row.type as ItemType, row.fields),
    created_at: row.created_at,
    updated_at: row.updated_at,
    deleted_at: row.deleted_at,
    revisions_count: row.revisions_count,
  };
}

const pictureUrl = (id: number | null | undefined) =>
  id === null || id === undefined ? null : thumbnailUrl(id);

/** List rows: links and languages, files count and first picture, in six queries per page. */
export async function presentRows<R extends ItemListRecord>(
  db: Executor,
  rows: R[],
  snippetOf?: (row: R) => string,
): Promise<ItemListRow[]> {
  const [decorations, files] = await Promise.all([
    decorate(db, rows),
    filesRepository(db).itemSummaries(rows.map((row) => row.id)),
  ]);
  return rows.map((row) => ({
    ...common(row, decorations.get(row.id)!),
    preview: row.preview,
    files_count: files.get(row.id)?.count ?? 0,
    thumbnail_url: pictureUrl(files.get(row.id)?.pictureId),
    ...(snippetOf ? { snippet: snippetOf(row) } : {}),
  }));
}

/**
 * The full item: content, links with names, and every version of its family. Each photo says the
 * day and place it was taken (a suggestion for the item's date, a place to show), from its row:
 * read when it was stored, so no file is opened here.
 */
export async function presentItem(db: Executor, row: ItemRow): Promise<Item> {
  const [decorations, family, files] = await Promise.all([
    decorate(db, [row]),
    itemsRepository(db).families([row.parent_id ?? row.id], false),
    filesRepository(db).ofItem(row.id),
  ]);
  const versions = family
    .map(({ id, language, title, parent_id, deleted_at }) => ({
      id,
      language,
      title,
      parent_id,
      deleted_at,
    }))
    .sort(
      (a, b) =>
        Number(a.parent_id !== null) - Number(b.parent_id !== null) ||
        byLanguage(a.language, b.language),
    );
  return {
    ...common(row, decorations.get(row.id)!),
    content: row.content,
    translations: versions,
    files: files.map(presentFile),
  };
}
