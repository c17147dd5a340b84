import { Readable } from 'node:stream';
import { PICTURE_SIZES, type PictureKind } from '@kinfolio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { stampedTransaction } from '../../db/stamps.js';
import { randomToken } from '../../auth/tokens.js';
import { usersRepository, type UserRow } from '../users/index.js';
import { PICTURE_COLUMN, pictureKey, pictureKeys } from './keys.js';
import { pictureVariants } from './process.js';

/** Removes a version's bytes; a failure only wastes space (nothing refers to them any more). */
async function removeVersion(
  ctx: AppContext,
  userId: number,
  kind: PictureKind,
  version: string,
  log?: FastifyBaseLogger,
) {
  await Promise.all(
    pictureKeys(userId, kind, version).map((key) =>
      ctx.storage.pictures
        .delete(key)
        .catch((err: unknown) => log?.warn({ err, key }, 'picture kept')),
    ),
  );
}

/**
 * Points the user's `kind` at `version` (null: none) and removes the bytes of the one it
 * replaces. The auth stamp serialises two uploads of one user, so each replaced version is seen
 * (and removed) exactly once.
 */
async function swapVersion(
  ctx: AppContext,
  userId: number,
  kind: PictureKind,
  version: string | null,
  log?: FastifyBaseLogger,
): Promise<UserRow> {
  const column = PICTURE_COLUMN[kind];
  const { user, previous } = await stampedTransaction(ctx.db, 'auth', async (trx) => {
    const users = usersRepository(trx);
    const current = await users.findById(userId);
    if (!current) throw new Error(`user ${userId} vanished`);
    const updated = await users.update(userId, {
      [column]: version,
      updated_at: ctx.now().toISOString(),
    });
    return { user: updated, previous: current[column] };
  });
  if (previous && previous !== version) await removeVersion(ctx, userId, kind, previous, log);
  return user;
}

/**
 * Stores a new picture in every size, then makes it the user's: bytes first and the row last, so
 * the old picture stays whole until the new one is complete.
 */
export async function replacePicture(
  ctx: AppContext,
  user: UserRow,
  kind: PictureKind,
  bytes: Buffer,
  log?: FastifyBaseLogger,
): Promise<UserRow> {
  const variants = await pictureVariants(bytes, kind);
  const version = randomToken(12);
  try {
    await Promise.all(
      PICTURE_SIZES.map((size) =>
        ctx.storage.pictures.put(
          pictureKey(user.id, kind, version, size),
          Readable.from(variants[size]),
        ),
      ),
    );
    return await swapVersion(ctx, user.id, kind, version, log);
  } catch (error) {
    await removeVersion(ctx, user.id, kind, version, log);
    throw error;
  }
}

export function removePicture(
  ctx: AppContext,
  user: UserRow,
  kind: PictureKind,
  log?: FastifyBaseLogger,
): Promise<UserRow> {
  return swapVersion(ctx, user.id, kind, null, log);
}
