import { createHash } from 'node:crypto';
import {
  isItemType,
  ORGANISATION_LIMITS,
  type ContentLanguage,
  type ImportOptions,
  type ImportSkipReason,
} from '@kinfolio/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../items/index.js';
import { nameKeys } from '../participants/index.js';
import { memoOf } from './batch.js';
import type { KnownIdentity } from './identities.js';
import { IMPORT_LIMITS } from '@kinfolio/contract';
import { importsDb, parseReport, type ImportReport } from './repository.js';

/** Two pictures this close (bits of 64 differing) are near-duplicates: a resized or recompressed copy. */
export const NEAR_DUPLICATE_DISTANCE = 8;

/** Bits set in a 32-bit integer. */
function popcount(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** A 64-bit perceptual hash (`0`s and `1`s) as two 32-bit halves. */
const halves = (phash: string): [number, number] => [
  parseInt(phash.slice(0, 32), 2) >>> 0,
  parseInt(phash.slice(32, 64), 2) >>> 0,
];

/**
 * The perceptual hashes of the imported pictures, as 32-bit halves compared by popcount: each
 * new picture is compared with every one before it, which as strings of bits cost seconds of
 * the main thread by ten thousand pictures.
 */
class HashIndex {
  private high: number[] = [];
  private low: number[] = [];
  private items: number[] = [];
  private readonly known = new Set<number>();

  add(phash: string, itemId: number) {
    if (this.known.has(itemId) || phash.length !== 64) return;
    const [high, low] = halves(phash);
    this.known.add(itemId);
    this.high.push(high);
    this.low.push(low);
    this.items.push(itemId);
  }

  /** The closest within `max` differing bits, if any. */
  nearest(phash: string, max: number): { itemId: number; distance: number } | undefined {
    if (phash.length !== 64) return undefined;
    const [high, low] = halves(phash);
    let best: { itemId: number; distance: number } | undefined;
    for (let i = 0; i < this.items.length; i++) {
      const d = popcount((this.high[i]! ^ high) >>> 0) + popcount((this.low[i]! ^ low) >>> 0);
      if (d <= max && (!best || d < best.distance)) best = { itemId: this.items[i]!, distance: d };
    }
    return best;
  }
}

/** Bits differing between two 64-bit perceptual hashes. */
export function distanceOf(a: string, b: string): number {
  const [ah, al] = halves(a);
  const [bh, bl] = halves(b);
  return popcount((ah ^ bh) >>> 0) + popcount((al ^ bl) >>> 0);
}

/** An import's options, its language settled. */
export type RunOptions = ImportOptions & { language: ContentLanguage };

/** A person's name as a participant's: trimmed to what a participant's name may hold. */
export const participantName = (name: string) =>
  [...name.trim().normalize('NFC')].slice(0, ORGANISATION_LIMITS.nameMaxLength).join('').trim();

/** One attempt at an import: what it knows and what it has counted so far. */
export class ImportRun {
  readonly report: ImportReport;
  private readonly hashes = new HashIndex();
  /** Items this import created (now, or in an attempt before this one, once met again). */
  private readonly ownItems = new Set<number>();
  /** Pictures written in the batch being committed, by unit: their near-duplicates too. */
  private readonly pendingHashes = new Map<string, { phash: string; itemId: number }>();

  constructor(
    readonly ctx: AppContext,
    readonly importId: number,
    readonly actor: Actor | undefined,
    readonly options: RunOptions,
    readonly sourceName: string,
    hashes: { phash: string; itemId: number }[],
    /** Categories it created in an earlier attempt (they are found, not created, this time). */
    categories: number[],
    readonly signal?: AbortSignal,
    /** Items of earlier imports it changed in an earlier attempt. */
    revised: ImportReport['revised'] = [],
  ) {
    for (const known of hashes) this.hashes.add(known.phash, known.itemId);
    this.report = {
      counts: { created: 0, existing: 0, near_duplicates: 0, skipped: 0 },
      skipped: [],
      created: categories.length ? { categories: [...categories] } : {},
      near_duplicates: [],
      errors: [],
      ...(revised.length ? { revised: revised.map((entry) => ({ ...entry })) } : {}),
    };
  }

  /**
   * Records, inside the unit's transaction, that this import changed `itemId`, an item of an
   * earlier import (its revision before the first change, the files it attached), on the
   * import's row, so that a resumed attempt still undoes it. `commit` applies it to this run's
   * report once the transaction is committed.
   */
  async revised(
    trx: Transaction<Database>,
    itemId: number,
    revisionId: number,
    files: number[],
    categories: number[] = [],
    /** The content the change leaves the item with (a chat day's). */
    content?: string,
  ): Promise<() => void> {
    const contentSha256 =
      content === undefined ? undefined : createHash('sha256').update(content).digest('hex');
    const imports = importsDb(trx);
    const row = await imports
      .selectFrom('imports')
      .select('report')
      .where('id', '=', this.importId)
      .executeTakeFirstOrThrow();
    const report = parseReport(row);
    const add = (list: NonNullable<ImportReport['revised']>) => {
      const known = list.find((entry) => entry.item_id === itemId);
      // The first change's revision is the item as it was before this import.
      if (known) {
        known.files.push(...files.filter((id) => !known.files.includes(id)));
        if (!known.revision_id) known.revision_id = revisionId;
        if (categories.length) {
          const linked = (known.categories ??= []);
          linked.push(...categories.filter((id) => !linked.includes(id)));
        }
        if (contentSha256) known.content_sha256 = contentSha256;
      } else {
        list.push({
          item_id: itemId,
          revision_id: revisionId,
          files: [...files],
          ...(categories.length ? { categories: [...categories] } : {}),
          ...(contentSha256 ? { content_sha256: contentSha256 } : {}),
        });
      }
    };
    add((report.revised ??= []));
    await imports
      .updateTable('imports')
      .set({ report: JSON.stringify(report) })
      .where('id', '=', this.importId)
      .execute();
    return () => add((this.report.revised ??= []));
  }

  /** Whether this import created the item (its undo sends it to the trash whole). */
  isOwn(itemId: number): boolean {
    return this.ownItems.has(itemId);
  }

  /**
   * Links `itemId` to `categories` inside the unit's transaction; on an item of an earlier
   * import, the links it did not have are recorded (`revised`) for undo to take back. Returns
   * what to apply once committed.
   */
  async linkCategories(
    trx: Transaction<Database>,
    itemId: number,
    categories: number[],
  ): Promise<() => void> {
    if (!categories.length) return () => undefined;
    const added = await trx
      .insertInto('item_categories')
      .values(categories.map((id) => ({ item_id: itemId, category_id: id })))
      .onConflict((oc) => oc.columns(['item_id', 'category_id']).doNothing())
      .returning('category_id')
      .execute();
    if (!added.length || this.isOwn(itemId)) return () => undefined;
    return this.revised(
      trx,
      itemId,
      0,
      [],
      added.map((row) => row.category_id),
    );
  }

  skip(name: string, reason: ImportSkipReason) {
    this.report.counts.skipped += 1;
    if (this.report.skipped.length < IMPORT_LIMITS.reportedMax) {
      this.report.skipped.push({ name, reason });
    }
  }

  existing() {
    this.report.counts.existing += 1;
  }

  /**
   * The closest live imported picture within NEAR_DUPLICATE_DISTANCE, if any: committed, or
   * written earlier in the batch being committed.
   */
  nearest(phash: string): { itemId: number; distance: number } | undefined {
    let best = this.hashes.nearest(phash, NEAR_DUPLICATE_DISTANCE);
    for (const pending of this.pendingHashes.values()) {
      const d = pending.phash.length === 64 ? distanceOf(phash, pending.phash) : Infinity;
      if (d <= NEAR_DUPLICATE_DISTANCE && (!best || d < best.distance)) {
        best = { itemId: pending.itemId, distance: d };
      }
    }
    return best;
  }

  /**
   * A picture written inside a batch not yet committed (`unit` names it): the pictures after it
   * in the same batch are compared with it. Its unit's outcome settles it (`settleHash`).
   */
  pendingHash(unit: string, phash: string, itemId: number) {
    this.pendingHashes.set(unit, { phash, itemId });
  }

  /** The unit's batch is settled: committed (its hash is then known through `created`) or not. */
  settleHash(unit: string) {
    this.pendingHashes.delete(unit);
  }

  /** An entry this import created (now, or in an attempt before this one). */
  created(
    type: string,
    identity: Pick<KnownIdentity, 'item_id' | 'near_item_id' | 'near_distance'>,
    phash?: string | null,
  ) {
    // `files`: a file added to an item, maybe an earlier import's; not the item itself.
    if (isItemType(type)) this.ownItems.add(identity.item_id);
    this.report.counts.created += 1;
    (this.report.created[type] ??= []).push(identity.item_id);
    if (identity.near_item_id !== null) {
      this.report.counts.near_duplicates += 1;
      this.report.near_duplicates.push({
        item_id: identity.item_id,
        similar_item_id: identity.near_item_id,
        distance: identity.near_distance ?? 0,
      });
    }
    if (phash) this.hashes.add(phash, identity.item_id);
  }

  /**
   * The participant a person found in the source is taken as, inside the unit's transaction:
   * the one the user chose for `key` on the preview (while it exists), else the participant of
   * the same name (case-insensitively), else a new one named `name`. Kept for the rest of the
   * transaction only (`memoOf`): a unit rolled back must not leave an id that was never committed.
   */
  async participant(trx: Transaction<Database>, key: string, name: string): Promise<number> {
    const memo = memoOf(trx);
    const memoKey = `participant:${key}\n${name}`;
    const known = memo.get(memoKey);
    if (known !== undefined) return known;
    const id = await this.findOrMakeParticipant(trx, key, name);
    memo.set(memoKey, id);
    return id;
  }

  private async findOrMakeParticipant(
    trx: Transaction<Database>,
    key: string,
    name: string,
  ): Promise<number> {
    const chosen = this.options.people[key];
    if (chosen) {
      const row = await trx
        .selectFrom('participants')
        .select('id')
        .where('id', '=', chosen)
        .executeTakeFirst();
      if (row) return row.id;
    }
    const keys = nameKeys(participantName(name) || key);
    const byName = () =>
      trx
        .selectFrom('participants')
        .select('id')
        .where('name_lower', '=', keys.name_lower)
        .executeTakeFirst();
    const existing = await byName();
    if (existing) return existing.id;
    const now = this.ctx.now().toISOString();
    const created = await trx
      .insertInto('participants')
      .values({ ...keys, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('name_lower').doNothing())
      .returning('id')
      .executeTakeFirst();
    return created?.id ?? (await byName())!.id;
  }

  categoryCreated(id: number) {
    (this.report.created.categories ??= []).push(id);
  }
}
