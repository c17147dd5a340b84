import type { Writable } from 'node:stream';
import type { ExportEntry, ExportItem } from './collect.js';
import { write } from './sink.js';
import { familyForExport } from '../family/index.js';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** An entry as the JSON export shows it: its files by name, without the storage key. */
const entryJson = (entry: ExportEntry) => ({
  ...entry,
  files: entry.files.map(({ storage_key: _key, ...file }) => file),
});

/**
 * The JSON export: `{format, version, exported_at, scope, items: [...], family}`, every item with
 * its own fields, people (with their role), tags and categories (named in the four languages),
 * files and translations; then `family`: the people of those items and everyone of the family
 * tree, with their lives, and the relations among them (modules/family). Written an item at a
 * time.
 */
export async function writeJson(
  out: Writable,
  header: Record<string, unknown>,
  items: AsyncIterable<ExportItem>,
  onItem: () => Promise<void>,
  family: Executor,
): Promise<void> {
  const head = JSON.stringify({ format: 'kinfolio-export', version: 1, ...header });
  await write(out, `${head.slice(0, -1)},"items":[\n`);
  let first = true;
  const people = new Set<number>();
  for await (const item of items) {
    for (const entry of [item, ...item.translations]) {
      for (const person of entry.people) people.add(person.id);
    }
    const json = JSON.stringify({
      ...entryJson(item),
      translations: item.translations.map(entryJson),
    });
    await write(out, `${first ? '' : ',\n'}${json}`);
    first = false;
    await onItem();
  }
  await write(out, `\n],"family":${JSON.stringify(await familyOf(family, people))}}\n`);
}

/** The exported items' people and the family tree: lives as kept, relations among them. */
async function familyOf(db: Executor, itemPeople: Set<number>) {
  const everyone = await familyForExport(db);
  const related = new Set(everyone.relations.flatMap((r) => [r.person1_id, r.person2_id]));
  const people = everyone.people.filter(
    (person) =>
      itemPeople.has(person.id) ||
      related.has(person.id) ||
      Object.values(person.life).some((value) => value !== null),
  );
  const kept = new Set(people.map((person) => person.id));
  return {
    people: people.map(({ gedcom_extra, ...person }) => ({
      ...person,
      ...(gedcom_extra === null ? {} : { gedcom_extra }),
    })),
    relations: everyone.relations
      .filter((r) => kept.has(r.person1_id) && kept.has(r.person2_id))
      .map(({ gedcom_extra, ...relation }) => ({
        ...relation,
        ...(gedcom_extra === null ? {} : { gedcom_extra }),
      })),
  };
}
