import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { perceptualHash } from './phash.js';
import { importsDb } from './repository.js';

/** Pictures hashed per read of the archive. */
const PAGE = 100;
/** A picture without a thumbnail larger than this is not decoded for its hash. */
const MAX_ORIGINAL_BYTES = 64 * 1024 * 1024;

/** The identity kind of a picture hashed here: not imported, only compared with imports. */
export const HAND_PICTURE = 'picture';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The picture's perceptual hash, from its thumbnail (as cheap as it gets), else its bytes. */
async function hashOf(
  ctx: AppContext,
  file: { thumb_key: string | null; storage_key: string; mime: string; size: number },
): Promise<string | null> {
  // The 32 × 32 greyscale the hash is made of is the same from a thumbnail as from the picture.
  if (file.thumb_key) {
    try {
      return await perceptualHash(await readAll(await ctx.storage.files.open(file.thumb_key)));
    } catch {
      // A thumbnail still to be made (or lost): the picture itself.
    }
  }
  if (!file.mime.startsWith('image/') || file.size > MAX_ORIGINAL_BYTES) return null;
  try {
    return await perceptualHash(await readAll(await ctx.storage.files.open(file.storage_key)));
  } catch {
    return null;
  }
}

/**
 * Hashes the live pictures (and videos' posters) that no import brought, uploaded by hand or
 * attached to mails, so that an imported copy of one of them is listed as a near-duplicate.
 * Done when an import of pictures starts, for those not hashed yet: each is hashed once and kept
 * as an identity of kind `picture` (keyed by the file's id, no import of its own), which undo
 * and resumed imports leave alone. A picture that cannot be decoded is kept without a hash, so
 * that it is not tried again.
 */
export async function hashHandPictures(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  const db = importsDb(ctx.db);
  let after = 0;
  let hashed = 0;
  for (;;) {
    signal?.throwIfAborted();
    const files = await db
      .selectFrom('files')
      .innerJoin('items', 'items.id', 'files.item_id')
      .select([
        'files.id',
        'items.id as item_id',
        'files.thumb_key',
        'files.storage_key',
        'files.mime',
        'files.size',
      ])
      .where('files.id', '>', after)
      .where('files.deleted_at', 'is', null)
      .where('items.deleted_at', 'is', null)
      .where((eb) =>
        eb.or([eb('files.mime', 'like', 'image/%'), eb('files.mime', 'like', 'video/%')]),
      )
      // Neither hashed here before nor imported (an imported file's bytes are its identity).
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('import_identities')
              .select('import_identities.id')
              .where('import_identities.kind', '=', HAND_PICTURE)
              .where('import_identities.key', '=', sql<string>`cast(files.id as varchar(200))`),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('import_identities')
              .select('import_identities.id')
              .where('import_identities.kind', '=', 'file')
              .whereRef('import_identities.key', '=', 'files.sha256'),
          ),
        ),
      )
      .orderBy('files.id')
      .limit(PAGE)
      .execute();
    if (files.length === 0) return hashed;
    for (const file of files) {
      signal?.throwIfAborted();
      const phash = await hashOf(ctx, file);
      await db
        .insertInto('import_identities')
        .values({
          kind: HAND_PICTURE,
          key: String(file.id),
          import_id: null,
          item_id: file.item_id,
          file_id: file.id,
          phash,
          near_item_id: null,
          near_distance: null,
          created_at: ctx.now().toISOString(),
        })
        // Another import starting beside this one hashed it first.
        .onConflict((oc) => oc.columns(['kind', 'key']).doNothing())
        .execute();
      if (phash) hashed += 1;
    }
    after = files.at(-1)!.id;
  }
}
