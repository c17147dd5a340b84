import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { compactListMonths, makeSearchRanges } from '../modules/items/index.js';
import { nameKeys } from '../modules/participants/index.js';
import { previewOf } from '../modules/records/index.js';
import type { FileStorage } from '../storage/storage.js';
import { speechLikeMp3 } from './audio.js';
import { insertFamily } from './family.js';
import { demoItems, type DemoItem } from './generate.js';
import { PEOPLE, TAGS, flatCategories } from './people.js';
import { insertPictures, makePictures } from './seed-pictures.js';
import { chunks, storageKey } from './stored.js';
import { DEMO_RECORDS, lastTimeCode, personIndex } from './records.js';
import { DEMO_PLACE_NAMES, demoPlaceRow, demoPlacement, demoRecordPlaces } from './places.js';
import { PLACE_COORDINATES } from './pictures.js';

/** The archive already holds items: the demo only fills an empty one. */
export class ArchiveNotEmptyError extends Error {
  constructor(count: number) {
    super(
      `The archive already holds ${count} item(s); seed-demo only fills an empty archive. ` +
        'Use a fresh DATA_DIR or DATABASE_URL.',
    );
  }
}

export interface SeedOptions {
  /** How many items in all (originals and translations); default 1,200 (300 of each type). */
  size?: number;
  /** PRNG seed: the same seed and size give the same archive. */
  seed?: number;
  /** Timestamp of the rows (created_at, updated_at, deleted_at). */
  now?: Date;
  /** Items per INSERT statement. */
  batch?: number;
  onProgress?: (written: number) => void;
  /**
   * Where to store the records' generated audio (the demo family: the CLI passes the archive's
   * storage). Without it the records come without audio: the benchmark's large archives skip
   * the few seconds ffmpeg takes.
   */
  audio?: FileStorage;
  /**
   * Where to store the pictures of the media items (the CLI passes the archive's storage):
   * generated photos of several shapes, the recent ones with the EXIF date and place of their
   * camera, with their thumbnails. Without it the media items come without files.
   */
  pictures?: FileStorage;
}

export interface SeedSummary {
  items: number;
  translations: number;
  participants: number;
  tags: number;
  categories: number;
  records: number;
  /** Audio parts stored for the records (none without `audio`). */
  audioFiles: number;
  /** Pictures stored for the media items (none without `pictures`). */
  pictures: number;
  /** Relations of the demo family's tree (none when its people had relations already). */
  relations: number;
}

export const DEMO_DEFAULT_SIZE = 1200;

type Executor = Transaction<Database>;

async function insertPeople(trx: Executor, now: string): Promise<number[]> {
  const rows = PEOPLE.map((p) => ({ ...nameKeys(p.name), created_at: now, updated_at: now }));
  // A participant of the same name may already exist (an empty archive can have people): reuse it.
  await trx
    .insertInto('participants')
    .values(rows)
    .onConflict((oc) => oc.column('name_lower').doNothing())
    .execute();
  const found = await trx
    .selectFrom('participants')
    .select(['id', 'name_lower'])
    .where(
      'name_lower',
      'in',
      rows.map((r) => r.name_lower),
    )
    .execute();
  const byName = new Map(found.map((f) => [f.name_lower, f.id]));
  return rows.map((r) => byName.get(r.name_lower)!);
}

async function insertTags(trx: Executor, now: string): Promise<number[]> {
  const ids: number[] = [];
  for (const names of TAGS) {
    const row = await trx
      .insertInto('tags')
      .values({
        name_fr: names.fr,
        name_en: names.en,
        name_it: names.it,
        name_de: names.de,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

async function insertCategories(trx: Executor, now: string): Promise<number[]> {
  // Demo roots go after any existing roots, keeping positions dense among siblings.
  const roots = await trx
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parent_id', 'is', null)
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const category of flatCategories()) {
    const parent = category.parent === null ? null : ids[category.parent]!;
    const row = await trx
      .insertInto('categories')
      .values({
        name_fr: category.names.fr,
        name_en: category.names.en,
        name_it: category.names.it,
        name_de: category.names.de,
        parent_id: parent,
        position: category.position + (parent === null ? Number(roots.n) : 0),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/** One generated audio part of a demo record (DEMO_RECORDS index, place among its parts). */
interface AudioPart {
  record: number;
  position: number;
  data: Buffer;
}

/**
 * The records' speech-like audio, long enough for each transcript's last time code, split into
 * the record's parts. Made before the transaction: no write lock is held while ffmpeg works.
 */
async function makeRecordAudio(): Promise<AudioPart[]> {
  const parts: AudioPart[] = [];
  for (const [index, record] of DEMO_RECORDS.entries()) {
    const seconds = (lastTimeCode(record.rawtranscription) + 4) / record.parts;
    for (let position = 0; position < record.parts; position++) {
      const variant = index * 3 + position;
      const data = await speechLikeMp3({ seconds, pitch: record.pitch, variant });
      parts.push({ record: index, position, data });
    }
  }
  return parts;
}

/**
 * The demo records with their people and, when given, their audio parts (bytes stored first,
 * each key pushed to `storedKeys` so the caller can remove them if the transaction fails).
 */
async function insertRecords(
  trx: Executor,
  people: number[],
  places: Map<string, { id: number; latitude: number; longitude: number }>,
  now: string,
  audio: { storage: FileStorage; parts: AudioPart[]; storedKeys: string[] } | undefined,
): Promise<{ records: number; audioFiles: number }> {
  let audioFiles = 0;
  for (const [index, record] of DEMO_RECORDS.entries()) {
    const place = places.get(record.place.name)!;
    const row = await trx
      .insertInto('records')
      .values({
        number: record.number,
        face: record.face,
        lang: record.lang,
        owner: record.owner,
        registration_date: record.date ? new Date(record.date).toISOString() : null,
        summary: record.summary,
        rawtranscription: record.rawtranscription,
        title: record.title,
        info: record.info,
        location: record.location,
        place_id: place.id,
        latitude: place.latitude,
        longitude: place.longitude,
        preview: previewOf(record.summary, record.rawtranscription),
        deleted_at: record.deleted ? now : null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const heard = [...new Set(record.people.map((name) => people[personIndex(name)]!))];
    await trx
      .insertInto('record_people')
      .values(heard.map((participant_id) => ({ record_id: row.id, participant_id })))
      .execute();
    for (const part of audio?.parts.filter((p) => p.record === index) ?? []) {
      const key = storageKey();
      audio!.storedKeys.push(key);
      await audio!.storage.put(key, Readable.from([part.data]));
      await trx
        .insertInto('files')
        .values({
          item_id: null,
          record_id: row.id,
          position: part.position,
          upload_token: null,
          name: `${record.number}${record.face ? `-${record.face}` : ''}-${part.position + 1}.mp3`,
          mime: 'audio/mpeg',
          size: part.data.length,
          storage_key: key,
          thumb_key: null,
          sha256: createHash('sha256').update(part.data).digest('hex'),
          width: null,
          height: null,
          created_by: null,
          created_at: now,
          attached_at: now,
        })
        .execute();
      audioFiles++;
    }
  }
  return { records: DEMO_RECORDS.length, audioFiles };
}

/**
 * Fills an empty archive with the demo family (see generate.ts), in one transaction. Items go in
 * by multi-row INSERTs with explicit ids; the full-text index follows as for any write (FTS5
 * triggers on SQLite, the generated tsvector column on PostgreSQL), no revisions are written.
 * The family's audio records (records.ts) come too, each with its place, with generated audio when
 * `audio` is given.
 */
export async function seedDemo(
  handle: { db: Kysely<Database>; dialect: Dialect },
  options: SeedOptions = {},
): Promise<SeedSummary> {
  const size = options.size ?? DEMO_DEFAULT_SIZE;
  const batch = options.batch ?? 500;
  const now = (options.now ?? new Date()).toISOString();
  const audio = options.audio
    ? { storage: options.audio, parts: await makeRecordAudio(), storedKeys: [] as string[] }
    : undefined;
  const pictures = options.pictures
    ? {
        storage: options.pictures,
        made: await makePictures(size, options.seed),
        storedKeys: [] as string[],
      }
    : undefined;
  const seeded = handle.db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(existing.n) > 0) throw new ArchiveNotEmptyError(Number(existing.n));
    const people = await insertPeople(trx, now);
    const tags = await insertTags(trx, now);
    const categories = await insertCategories(trx, now);
    const max = await trx
      .selectFrom('items')
      .select((eb) => eb.fn.max<number | null>('id').as('id'))
      .executeTakeFirstOrThrow();
    const firstId = Number(max.id ?? 0) + 1;
    // The search ranges of every id about to be written, made before (see makeSearchRanges).
    await makeSearchRanges(trx, handle.dialect, firstId + size);
    // The family's named places and the records' towns, then one row per phone position (ids
    // given, as the items').
    const maxPlace = await trx
      .selectFrom('places')
      .select((eb) => eb.fn.max<number | null>('id').as('id'))
      .executeTakeFirstOrThrow();
    let nextPlace = Number(maxPlace.id ?? 0) + 1;
    const namedPlaces = DEMO_PLACE_NAMES.map((name, i) =>
      demoPlaceRow(nextPlace + i, name, ...PLACE_COORDINATES[i]!, now),
    );
    nextPlace += namedPlaces.length;
    const recordPlaces = demoRecordPlaces(namedPlaces, nextPlace, now);
    await trx
      .insertInto('places')
      .values([...namedPlaces, ...recordPlaces.rows])
      .execute();
    nextPlace += recordPlaces.rows.length;

    let written = 0;
    let translations = 0;
    let pending: DemoItem[] = [];
    const flush = async () => {
      if (pending.length === 0) return;
      const start = firstId + written;
      const positions: ReturnType<typeof demoPlaceRow>[] = [];
      const placed = pending.map((item, i) => {
        const placement = demoPlacement(start + i, item.place);
        if (!placement) return { place_id: null, latitude: null, longitude: null };
        if (placement.kind === 'named') {
          const row = namedPlaces[placement.place]!;
          return { place_id: row.id, latitude: row.latitude, longitude: row.longitude };
        }
        const row = demoPlaceRow(nextPlace++, '', placement.latitude, placement.longitude, now);
        positions.push(row);
        return { place_id: row.id, latitude: row.latitude, longitude: row.longitude };
      });
      for (const rows of chunks(positions, 2000)) {
        await trx.insertInto('places').values(rows).execute();
      }
      await trx
        .insertInto('items')
        .values(
          pending.map((item, i) => ({
            id: start + i,
            ...placed[i]!,
            type: item.type,
            title: item.title,
            content: item.content,
            plain: item.plain,
            preview: item.preview,
            date: item.date,
            language: item.language,
            original_language: item.original_language,
            parent_id: item.parent === null ? null : firstId + item.parent,
            status: item.status,
            fields: JSON.stringify(item.fields),
            deleted_at: item.deleted ? now : null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      const participantRows = pending.flatMap((item, i) => [
        ...item.from.map((p) => ({ item_id: start + i, participant_id: people[p]!, role: 'from' })),
        ...item.to.map((p) => ({ item_id: start + i, participant_id: people[p]!, role: 'to' })),
      ]);
      const tagRows = pending.flatMap((item, i) =>
        item.tags.map((t) => ({ item_id: start + i, tag_id: tags[t]! })),
      );
      const categoryRows = pending.flatMap((item, i) =>
        item.categories.map((c) => ({ item_id: start + i, category_id: categories[c]! })),
      );
      for (const rows of chunks(participantRows, 2000)) {
        await trx.insertInto('item_participants').values(rows).execute();
      }
      for (const rows of chunks(tagRows, 2000)) {
        await trx.insertInto('item_tags').values(rows).execute();
      }
      for (const rows of chunks(categoryRows, 2000)) {
        await trx.insertInto('item_categories').values(rows).execute();
      }
      written += pending.length;
      pending = [];
      options.onProgress?.(written);
    };
    for (const item of demoItems(size, options.seed)) {
      if (item.parent !== null) translations++;
      pending.push(item);
      if (pending.length >= batch) await flush();
    }
    await flush();
    if (handle.dialect === 'postgres') {
      // Ids were given explicitly: move the identity sequence past them.
      await sql`select setval(pg_get_serial_sequence('items', 'id'), (select max(id) from items))`.execute(
        trx,
      );
      await sql`select setval(pg_get_serial_sequence('places', 'id'), (select max(id) from places))`.execute(
        trx,
      );
    }
    const pictureCount = pictures ? await insertPictures(trx, firstId, now, pictures) : 0;
    const records = await insertRecords(trx, people, recordPlaces.byName, now, audio);
    const relations = await insertFamily(trx, people, now);
    return {
      relations,
      items: written,
      pictures: pictureCount,
      translations,
      participants: people.length,
      tags: tags.length,
      categories: categories.length,
      ...records,
    };
  });
  const summary = await seeded.catch(async (error: unknown) => {
    // Bytes without rows would only be wasted space: the files check removes them too, later.
    const stored = [
      ...(audio?.storedKeys.map((key) => [audio.storage, key] as const) ?? []),
      ...(pictures?.storedKeys.map((key) => [pictures.storage, key] as const) ?? []),
    ];
    await Promise.all(stored.map(([storage, key]) => storage.delete(key).catch(() => undefined)));
    throw error;
  });
  // Fresh statistics for the planner: PostgreSQL's autovacuum would take a while to notice such a
  // load, and until then it plans the search and list queries for an empty archive.
  if (handle.dialect === 'postgres') {
    await sql`analyze items, item_search, item_participants, item_tags, item_categories, records, places, place_cells`.execute(
      handle.db,
    );
    await compactListMonths(handle.db, handle.dialect);
  }
  return summary;
}
