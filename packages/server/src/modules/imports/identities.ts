import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { importsDb } from './repository.js';

/** What was imported before under a kind and key, and whether its entry is still live. */
export interface KnownIdentity {
  import_id: number | null;
  item_id: number;
  near_item_id: number | null;
  near_distance: number | null;
  live: boolean;
}

export async function findIdentity(
  db: Kysely<Database>,
  kind: string,
  key: string,
): Promise<KnownIdentity | undefined> {
  const row = await importsDb(db)
    .selectFrom('import_identities')
    .innerJoin('items', 'items.id', 'import_identities.item_id')
    .select([
      'import_identities.import_id',
      'import_identities.item_id',
      'import_identities.near_item_id',
      'import_identities.near_distance',
      'items.deleted_at',
    ])
    .where('import_identities.kind', '=', kind)
    .where('import_identities.key', '=', key)
    .executeTakeFirst();
  return row && { ...row, live: row.deleted_at === null };
}

/**
 * The live item already holding a file with these bytes (uploaded by hand, or imported before
 * this module kept identities): the bytes are in the archive, so they are not imported again.
 */
export async function liveItemWithBytes(
  db: Kysely<Database>,
  sha256: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('files')
    .innerJoin('items', 'items.id', 'files.item_id')
    .select('items.id')
    .where('files.sha256', '=', sha256)
    .where('files.deleted_at', 'is', null)
    .where('items.deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.id;
}

/**
 * The perceptual hashes of the archive's live pictures (imported, or hashed by
 * `hashHandPictures`), to find near-duplicates among them: on live items, their file still there.
 */
export async function knownHashes(
  db: Kysely<Database>,
): Promise<{ phash: string; itemId: number }[]> {
  const rows = await importsDb(db)
    .selectFrom('import_identities')
    .innerJoin('items', 'items.id', 'import_identities.item_id')
    .innerJoin('files', 'files.id', 'import_identities.file_id')
    .select(['import_identities.phash', 'import_identities.item_id'])
    .where('import_identities.phash', 'is not', null)
    .where('items.deleted_at', 'is', null)
    .where('files.deleted_at', 'is', null)
    .execute();
  return rows.map((row) => ({ phash: row.phash!, itemId: row.item_id }));
}

/**
 * Records that this import holds the unit `kind`/`key` (inside the unit's transaction): an
 * identity left by an earlier import whose item went to the trash is replaced, so the unit is
 * brought back anew; a live one left by another import running beside makes the insert fail
 * with a unique violation (that import committed it first).
 */
export async function claimIdentity(
  trx: Transaction<Database>,
  identity: {
    kind: string;
    key: string;
    importId: number;
    itemId: number;
    fileId?: number | null;
    phash?: string | null;
    near?: { itemId: number; distance: number } | undefined;
    now: string;
    /**
     * False when the caller found no identity for the key (`findIdentity`) before its batch: no
     * trashed one to replace, and a statement fewer per unit (a round trip on PostgreSQL).
     */
    replaces?: boolean;
  },
): Promise<void> {
  const identities = importsDb(trx);
  if (identity.replaces !== false) {
    await identities
      .deleteFrom('import_identities')
      .where('kind', '=', identity.kind)
      .where('key', '=', identity.key)
      .execute();
  }
  await identities
    .insertInto('import_identities')
    .values({
      kind: identity.kind,
      key: identity.key,
      import_id: identity.importId,
      item_id: identity.itemId,
      file_id: identity.fileId ?? null,
      phash: identity.phash ?? null,
      near_item_id: identity.near?.itemId ?? null,
      near_distance: identity.near?.distance ?? null,
      created_at: identity.now,
    })
    .execute();
}
