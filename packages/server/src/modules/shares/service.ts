import {
  hasPermission,
  shareItemType,
  type Share,
  type ShareCreateBody,
  type ShareListQuery,
  type ShareUpdateBody,
  type UiLanguage,
} from '@kinfolio/contract';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { hashPassword } from '../../auth/passwords.js';
import { fieldError, HttpError } from '../../http/errors.js';
import type { Page, PageWindow } from '../../http/paginate.js';
import { permissionsOf, type UserRow } from '../users/index.js';
import { titleOf } from './present.js';
import { publicRepository } from './public.repository.js';
import {
  sharesRepository,
  targetColumn,
  targetIdOf,
  type ShareEventKind,
  type ShareRow,
} from './repository.js';
import { newShareToken, tokenHash } from './tokens.js';
import { targetsRepository } from './targets.repository.js';

const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;
const isAdmin = (user: UserRow) => hasPermission({ permissions: permissionsOf(user) }, 'admin');

/** The link as its maker sees it, with its target's title in `language`. */
async function present(ctx: AppContext, row: ShareRow, language: UiLanguage): Promise<Share> {
  const [presented] = await presentMany(ctx, [row], language);
  return presented!;
}

async function presentMany(
  ctx: AppContext,
  rows: ShareRow[],
  language: UiLanguage,
): Promise<Share[]> {
  const repo = publicRepository(ctx.db);
  const sizes = await sharesRepository(ctx.db).selectionSizes(
    rows.filter((row) => row.target_type === 'selection').map((row) => row.id),
  );
  const now = ctx.now().toISOString();
  return Promise.all(
    rows.map(async (row): Promise<Share> => {
      const id = targetIdOf(row);
      const title = await titleOf(repo, row, language, true);
      return {
        id: row.id,
        target_type: row.target_type,
        target_id: id,
        target_title: title,
        selection_size: row.target_type === 'selection' ? (sizes.get(row.id) ?? 0) : null,
        label: row.label,
        expires_at: row.expires_at,
        expired: row.expires_at !== null && row.expires_at <= now,
        has_password: row.password_hash !== null,
        show_names: row.show_names === 1,
        allow_download: row.allow_download === 1,
        include_translations: row.include_translations === 1,
        views: Number(row.views),
        last_viewed_at: row.last_viewed_at,
        created_by: { id: row.created_by, name: row.created_by_name },
        created_at: row.created_at,
        updated_at: row.updated_at,
        revoked: row.revoked_at !== null,
        revoked_at: row.revoked_at,
      };
    }),
  );
}

function checkExpiry(ctx: AppContext, expiresAt: string | null | undefined): string | null {
  if (expiresAt === undefined || expiresAt === null) return null;
  const at = new Date(expiresAt);
  if (at.getTime() <= ctx.now().getTime()) throw fieldError('expires_at', 'shares.expiry_past');
  return at.toISOString();
}

const labelOf = (label: string | null | undefined) => (label ? label : null);

/**
 * Makes a link. Editors share what they can read: a live target of the named kind (an item of
 * that type, a record, a category, a participant, a tag), or for a selection live items and
 * records, each checked. The token is returned this once; only its hash is kept.
 */
export async function createShare(
  ctx: AppContext,
  body: ShareCreateBody,
  user: UserRow,
  language: UiLanguage,
): Promise<{ id: number; token: string; url: string; share: Share }> {
  const expiresAt = checkExpiry(ctx, body.expires_at);
  const targets = targetsRepository(ctx.db);
  const column = targetColumn(body.target_type);
  let itemIds: number[] = [];
  let recordIds: number[] = [];
  if (column === null) {
    itemIds = [...new Set(body.ids ?? [])];
    recordIds = [...new Set(body.record_ids ?? [])];
    if ((await targets.liveItems(itemIds)).length !== itemIds.length) {
      throw fieldError('ids', 'shares.target_missing');
    }
    if ((await targets.liveRecords(recordIds)).length !== recordIds.length) {
      throw fieldError('record_ids', 'shares.target_missing');
    }
  } else {
    const exists = await targets.exists(
      body.target_type,
      shareItemType(body.target_type),
      body.target_id!,
    );
    if (!exists) throw new HttpError(404, 'shares.target_missing');
  }
  const token = newShareToken();
  const now = ctx.now().toISOString();
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const repo = sharesRepository(trx);
    const inserted = await repo.insert({
      token_hash: tokenHash(token),
      target_type: body.target_type,
      item_id: column === 'item_id' ? body.target_id! : null,
      record_id: column === 'record_id' ? body.target_id! : null,
      category_id: column === 'category_id' ? body.target_id! : null,
      participant_id: column === 'participant_id' ? body.target_id! : null,
      tag_id: column === 'tag_id' ? body.target_id! : null,
      label: labelOf(body.label),
      expires_at: expiresAt,
      password_hash: passwordHash,
      show_names: flag(body.show_names),
      allow_download: flag(body.allow_download),
      include_translations: flag(body.include_translations),
      created_by: user.id,
      created_by_name: user.name,
      created_at: now,
      updated_at: now,
    });
    await repo.insertEntries(inserted.id, itemIds, recordIds);
    await recordEvent(repo, inserted.id, 'created', user, now, {
      target_type: body.target_type,
      target_id: body.target_id ?? null,
      items: itemIds.length,
      records: recordIds.length,
      expires_at: expiresAt,
      password: passwordHash !== null,
      show_names: body.show_names,
      allow_download: body.allow_download,
      include_translations: body.include_translations,
    });
    return inserted;
  });
  return {
    id: row.id,
    token,
    url: `${ctx.config.appUrl}/s/${token}`,
    share: await present(ctx, row, language),
  };
}

function recordEvent(
  repo: ReturnType<typeof sharesRepository>,
  shareId: number,
  kind: ShareEventKind,
  user: UserRow,
  at: string,
  details: Record<string, unknown>,
) {
  return repo.addEvent({
    share_id: shareId,
    kind,
    user_id: user.id,
    user_name: user.name,
    details: JSON.stringify(details),
    created_at: at,
  });
}

/** A link its maker (or an admin) may manage; 404 for anyone else's, as for one that is not. */
async function ownShare(ctx: AppContext, id: number, user: UserRow): Promise<ShareRow> {
  const row = await sharesRepository(ctx.db).find(id);
  if (!row || (row.created_by !== user.id && !isAdmin(user))) {
    throw new HttpError(404, 'shares.not_found');
  }
  return row;
}

/** The user's links, newest first; an admin's list holds everyone's unless `mine`. */
export async function listShares(
  ctx: AppContext,
  query: ShareListQuery,
  window: PageWindow,
  user: UserRow,
  language: UiLanguage,
): Promise<Page<Share>> {
  const filter = {
    createdBy: query.mine || !isAdmin(user) ? user.id : undefined,
    targetType: query.target_type,
    targetId: query.target_id,
  };
  const repo = sharesRepository(ctx.db);
  const [total, rows] = await Promise.all([
    repo.count(filter),
    repo.page(filter, window.limit, window.offset),
  ]);
  return { window, total, data: await presentMany(ctx, rows, language) };
}

/** Changes a live link's expiry, password, options or label (an audit entry says what). */
export async function updateShare(
  ctx: AppContext,
  id: number,
  body: ShareUpdateBody,
  user: UserRow,
  language: UiLanguage,
): Promise<Share> {
  const row = await ownShare(ctx, id, user);
  if (row.revoked_at !== null) throw new HttpError(409, 'shares.revoked_unchanged');
  const changes: Partial<ShareRow> = {};
  const details: Record<string, unknown> = {};
  if (body.expires_at !== undefined) {
    changes.expires_at = checkExpiry(ctx, body.expires_at);
    details.expires_at = changes.expires_at;
  }
  if (body.password !== undefined) {
    changes.password_hash = body.password === null ? null : await hashPassword(body.password);
    details.password = body.password === null ? 'removed' : 'set';
  }
  for (const option of ['show_names', 'allow_download', 'include_translations'] as const) {
    const value = body[option];
    if (value === undefined) continue;
    changes[option] = flag(value);
    details[option] = value;
  }
  if (body.label !== undefined) {
    changes.label = labelOf(body.label);
    details.label = changes.label;
  }
  const now = ctx.now().toISOString();
  changes.updated_at = now;
  await ctx.db.transaction().execute(async (trx) => {
    const repo = sharesRepository(trx);
    await repo.update(id, changes);
    await recordEvent(repo, id, 'updated', user, now, details);
  });
  return present(ctx, { ...row, ...changes }, language);
}

/**
 * Inside a participants merge's transaction: links to the merged people now show the one kept,
 * instead of going with them.
 */
export function moveParticipantShares(
  trx: Kysely<Database> | Transaction<Database>,
  from: number[],
  to: number,
): Promise<void> {
  return sharesRepository(trx).moveParticipantLinks(from, to);
}

/** Revokes a link at once (a second revoke changes nothing). */
export async function revokeShare(ctx: AppContext, id: number, user: UserRow): Promise<void> {
  const row = await ownShare(ctx, id, user);
  if (row.revoked_at !== null) return;
  const now = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const repo = sharesRepository(trx);
    await repo.update(id, { revoked_at: now, updated_at: now });
    await recordEvent(repo, id, 'revoked', user, now, { views: Number(row.views) });
  });
}
