import type { TranslatedName } from '@kinfolio/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nameOf } from '../../i18n/translated-name.js';
import { readableText } from './text.js';

/** What an export takes: every live item of a type, or of a category and its subtree. */
export type ExportSelection =
  | { scope: 'type'; type: string; mailsOnly?: boolean }
  | { scope: 'category'; categoryId: number; mailsOnly?: boolean };

export interface ExportPerson {
  id: number;
  name: string;
  /** `from` or `to`. */
  role: string;
}

export interface ExportLabel {
  id: number;
  name: TranslatedName;
}

export interface ExportFile {
  id: number;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  storage_key: string;
}

/** One item (an original or one of its translations) with its links and files. */
export interface ExportEntry {
  id: number;
  type: string;
  language: string;
  title: string;
  date: string | null;
  status: string;
  fields: unknown;
  /** The content as stored (HTML from the editor). */
  content: string;
  /** The content without markup, on one line (as searched). */
  plain: string;
  /** The content as readable text: paragraphs and list entries on lines of their own. */
  text: string;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  people: ExportPerson[];
  tags: ExportLabel[];
  categories: ExportLabel[];
  files: ExportFile[];
  /** Where it happened (the country as its ISO code), or null. */
  place: ExportPlace | null;
}

export interface ExportPlace {
  name: string;
  latitude: number | null;
  longitude: number | null;
  country: string | null;
}

/** An original with its live translations. */
export interface ExportItem extends ExportEntry {
  translations: ExportEntry[];
}

/** The category and every category under it. */
export async function categorySubtree(db: Kysely<Database>, rootId: number): Promise<number[]> {
  const rows = await db.selectFrom('categories').select(['id', 'parent_id']).execute();
  const children = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parent_id === null) continue;
    children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row.id]);
  }
  const out: number[] = [];
  const queue = [rootId];
  const seen = new Set<number>();
  while (queue.length) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    queue.push(...(children.get(id) ?? []));
  }
  return out;
}

/**
 * The ids of the live originals the export holds, in order. An item is in a category when it or
 * one of its live translations is linked to it. Trashed items are never exported.
 */
export async function selectedIds(
  db: Kysely<Database>,
  selection: ExportSelection,
): Promise<number[]> {
  let query = db
    .selectFrom('items')
    .select('id')
    .where('parent_id', 'is', null)
    .where('deleted_at', 'is', null);
  if (selection.mailsOnly) query = query.where('type', '=', 'mail');
  if (selection.scope === 'type') {
    query = query.where('type', '=', selection.type);
  } else {
    const subtree = await categorySubtree(db, selection.categoryId);
    query = query.where((eb) =>
      eb.or([
        eb(
          'id',
          'in',
          eb.selectFrom('item_categories').select('item_id').where('category_id', 'in', subtree),
        ),
        eb(
          'id',
          'in',
          eb
            .selectFrom('item_categories')
            .innerJoin('items as t', 't.id', 'item_categories.item_id')
            .select('t.parent_id')
            .where('item_categories.category_id', 'in', subtree)
            .where('t.deleted_at', 'is', null)
            .where('t.parent_id', 'is not', null),
        ),
      ]),
    );
  }
  const rows = await query.orderBy('id').execute();
  return rows.map((r) => r.id);
}

const BATCH = 100;

/** The selected items with their translations, links and files, a batch at a time. */
export async function* exportItems(
  db: Kysely<Database>,
  ids: number[],
): AsyncGenerator<ExportItem> {
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH);
    const rows = await db
      .selectFrom('items')
      .selectAll()
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('id', 'in', batch), eb('parent_id', 'in', batch)]))
      .orderBy('id')
      .execute();
    const all = rows.map((r) => r.id);
    const placeIds = [...new Set(rows.flatMap((r) => (r.place_id === null ? [] : [r.place_id])))];
    const [people, tags, categories, files, places] = await Promise.all([
      db
        .selectFrom('item_participants')
        .innerJoin('participants', 'participants.id', 'item_participants.participant_id')
        .select(['item_participants.item_id', 'participants.id', 'participants.name', 'role'])
        .where('item_participants.item_id', 'in', all)
        .orderBy('participants.name')
        .execute(),
      db
        .selectFrom('item_tags')
        .innerJoin('tags', 'tags.id', 'item_tags.tag_id')
        .select(['item_tags.item_id', 'tags.id', 'name_fr', 'name_en', 'name_it', 'name_de'])
        .where('item_tags.item_id', 'in', all)
        .orderBy('tags.id')
        .execute(),
      db
        .selectFrom('item_categories')
        .innerJoin('categories', 'categories.id', 'item_categories.category_id')
        .select([
          'item_categories.item_id',
          'categories.id',
          'name_fr',
          'name_en',
          'name_it',
          'name_de',
        ])
        .where('item_categories.item_id', 'in', all)
        .orderBy('categories.id')
        .execute(),
      db
        .selectFrom('files')
        .select(['id', 'item_id', 'name', 'mime', 'size', 'sha256', 'storage_key'])
        .where('item_id', 'in', all)
        .orderBy('id')
        .execute(),
      placeIds.length
        ? db
            .selectFrom('places')
            .select(['id', 'name', 'latitude', 'longitude', 'country'])
            .where('id', 'in', placeIds)
            .execute()
        : Promise.resolve([]),
    ]);
    const placeOf = new Map(places.map(({ id, ...place }) => [id, place]));
    const group = <T extends { item_id: number | null }>(list: T[]) => {
      const map = new Map<number, T[]>();
      for (const row of list) {
        if (row.item_id === null) continue;
        map.set(row.item_id, [...(map.get(row.item_id) ?? []), row]);
      }
      return map;
    };
    const peopleOf = group(people);
    const tagsOf = group(tags);
    const categoriesOf = group(categories);
    const filesOf = group(files);
    const entry = (row: (typeof rows)[number]): ExportEntry => ({
      id: row.id,
      type: row.type,
      language: row.language,
      title: row.title,
      date: row.date,
      status: row.status,
      fields: parseFields(row.fields),
      content: row.content,
      plain: row.plain,
      text: readableText(row.content),
      created_at: row.created_at,
      updated_at: row.updated_at,
      created_by: row.created_by_name,
      people: (peopleOf.get(row.id) ?? []).map((p) => ({ id: p.id, name: p.name, role: p.role })),
      tags: (tagsOf.get(row.id) ?? []).map((t) => ({ id: t.id, name: nameOf(t) })),
      categories: (categoriesOf.get(row.id) ?? []).map((c) => ({ id: c.id, name: nameOf(c) })),
      files: (filesOf.get(row.id) ?? []).map((f) => ({
        id: f.id,
        name: f.name,
        mime: f.mime,
        size: Number(f.size),
        sha256: f.sha256,
        storage_key: f.storage_key,
      })),
      place: row.place_id === null ? null : (placeOf.get(row.place_id) ?? null),
    });
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of batch) {
      const original = byId.get(id);
      if (!original) continue;
      yield {
        ...entry(original),
        translations: rows.filter((r) => r.parent_id === id).map(entry),
      };
    }
  }
}

function parseFields(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}

/** A translated name in `language`, else in the first language that has one. */
export function nameIn(name: TranslatedName, language: string): string {
  const own = (name as Record<string, string | null>)[language];
  return own ?? name.fr ?? name.en ?? name.it ?? name.de ?? '';
}

/** The original followed by its translations: one entry per language. */
export const entriesOf = (item: ExportItem): ExportEntry[] => [item, ...item.translations];
