import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { stampedTransaction } from '../../db/stamps.js';

/** One unit of an import, written inside a batch's transaction. */
export interface BatchUnit<T> {
  /** Identities it writes (`kind:key`): a unit reading one of them waits for this one's commit. */
  keys: string[];
  /** Its rows, in the transaction (run again alone, in a transaction of its own, if need be). */
  work: (trx: Transaction<Database>) => Promise<T>;
  /** After its commit: counted in the import's report. */
  done: (result: T) => void | Promise<void>;
  /** Not written (its bytes stored beforehand are removed). */
  cleanup: () => Promise<void>;
  /** Not written because another import committed the same identity first. */
  existing: () => void;
}

/**
 * Ids the units of one transaction found or made by name (participants, tags), for the units
 * after them in the same transaction: a mailbox names the same few people and labels in every
 * message, and on PostgreSQL each lookup is a round trip. Held per transaction, never longer: a
 * participant merged or deleted meanwhile is seen by the next batch. A unit rolled back to its
 * savepoint takes the ids it made with it (`drop`), so no later unit links to a row that is gone.
 */
export class BatchMemo {
  private readonly kept = new Map<string, number>();
  private readonly unit = new Map<string, number>();

  get(key: string): number | undefined {
    return this.unit.get(key) ?? this.kept.get(key);
  }

  set(key: string, id: number) {
    this.unit.set(key, id);
  }

  /** The unit's savepoint is released: what it found holds for the rest of the transaction. */
  keep() {
    for (const [key, id] of this.unit) this.kept.set(key, id);
    this.unit.clear();
  }

  /** The unit is rolled back to its savepoint: what it made is gone with it. */
  drop() {
    this.unit.clear();
  }
}

const memos = new WeakMap<Transaction<Database>, BatchMemo>();

/**
 * The memo of `trx`. A transaction outside a batch gets one for its own life: without
 * savepoints, any failure rolls it back whole and its memo is dropped with it.
 */
export function memoOf(trx: Transaction<Database>): BatchMemo {
  let memo = memos.get(trx);
  if (!memo) memos.set(trx, (memo = new BatchMemo()));
  return memo;
}

/** Units or time, whichever is reached first, after which a batch is committed. */
export const BATCH_LIMITS = { units: 50, ms: 250 };

/**
 * Groups an import's units into one transaction each few dozens: one commit (and one stamp
 * lock) per batch instead of one per unit. Each unit runs in a savepoint of its own, so a unit
 * refused by a unique identity (another import committed it first) is rolled back alone and
 * the batch goes on; any other error rolls the batch back and its units are written again one
 * by one, so that only the failing unit fails. A worker killed mid-batch leaves whole units
 * only: the batch is committed whole or not at all. Between batches no transaction is open, so
 * the import reads through the database as usual; a unit about to read an identity that a
 * pending unit writes calls `settle` first.
 */
export class UnitBatch {
  private pending: BatchUnit<unknown>[] = [];
  private readonly keys = new Set<string>();
  private openedAt = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly limits = BATCH_LIMITS,
  ) {}

  /** Commits the pending units first when one of them writes any of `keys`. */
  async settle(keys: string[]): Promise<void> {
    if (keys.some((key) => this.keys.has(key))) await this.flush();
  }

  async add<T>(unit: BatchUnit<T>): Promise<void> {
    if (this.pending.length === 0) this.openedAt = Date.now();
    this.pending.push(unit as BatchUnit<unknown>);
    for (const key of unit.keys) this.keys.add(key);
    if (this.pending.length >= this.limits.units || Date.now() - this.openedAt >= this.limits.ms) {
      await this.flush();
    }
  }

  /** Writes the pending units, then reports each (done, existing or cleaned up). */
  async flush(): Promise<void> {
    const units = this.take();
    if (units.length === 0) return;
    let outcomes: { ok: boolean; value?: unknown }[] | undefined;
    try {
      outcomes = await stampedTransaction(this.ctx.db, 'archive', async (trx) => {
        const results: { ok: boolean; value?: unknown }[] = [];
        const memo = memoOf(trx);
        for (const unit of units) {
          await sql`savepoint import_unit`.execute(trx);
          try {
            results.push({ ok: true, value: await unit.work(trx) });
            memo.keep();
          } catch (error) {
            if (!isUniqueViolation(error)) throw error;
            await sql`rollback to savepoint import_unit`.execute(trx);
            memo.drop();
            results.push({ ok: false });
          }
          await sql`release savepoint import_unit`.execute(trx);
        }
        return results;
      });
    } catch {
      // Rolled back whole: each unit alone, so that the failing one fails and only it.
      outcomes = undefined;
    }
    if (outcomes) {
      for (const [index, unit] of units.entries()) {
        const outcome = outcomes[index]!;
        if (outcome.ok) await unit.done(outcome.value);
        else {
          await unit.cleanup();
          unit.existing();
        }
      }
      return;
    }
    for (const [index, unit] of units.entries()) {
      try {
        await unit.done(await stampedTransaction(this.ctx.db, 'archive', unit.work));
      } catch (error) {
        await unit.cleanup();
        if (isUniqueViolation(error)) {
          unit.existing();
          continue;
        }
        for (const rest of units.slice(index + 1)) await rest.cleanup();
        throw error;
      }
    }
  }

  private take(): BatchUnit<unknown>[] {
    const units = this.pending;
    this.pending = [];
    this.keys.clear();
    return units;
  }
}
