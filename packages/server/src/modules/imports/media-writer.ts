import { translate } from '../../i18n/translate.js';
import type { TempDir } from '../../storage/index.js';
import { removeBytes } from '../files/index.js';
import { escapeHtml, insertItemRow } from '../items/index.js';
import { UnitBatch } from './batch.js';
import { claimIdentity, findIdentity, liveItemWithBytes } from './identities.js';
import {
  bytesKnown,
  copyHashed,
  folderCategory,
  folderOf,
  insertStoredFile,
  storeCopied,
  storedKeys,
  uiLanguage,
  type MediaOverrides,
  type StoredBytes,
} from './photos.js';
import { pipelined } from './pipeline.js';
import type { ImportRun } from './run.js';
import type { SourceEntry } from './source.js';

/** A picture or video read ahead of its write. */
export interface PreparedMedia {
  entry: SourceEntry;
  /** Its temporary copy in the import's folder (and its unit's name), removed once written. */
  temp: string;
  copied: { sha256: string; head: Buffer; size: number };
  /**
   * Its bytes stored, with its thumbnail and perceptual hash; not when the archive held them
   * already, nor when another copy of them was under way (stored, if need be, once that one
   * is settled).
   */
  stored: StoredBytes | undefined;
}

/** What becomes of a picture: its item (new or already there), or nothing (known, skipped). */
export type MediaOutcome = (itemId: number | undefined) => void;

/**
 * Writes an import's pictures and videos: each unit's bytes and thumbnail stored first
 * (`prepare`, a few ahead of the one written, while sharp works in its own threads), then its
 * media item, file and identity (SHA-256) written in a batch's transaction with the units
 * around it, each in a savepoint of its own, so that a worker killed anywhere leaves whole units
 * only, or bytes without a row (which the files check removes). Bytes imported already and
 * still live are not imported again; a copy met again within the source waits for the first
 * one's commit, then is found as imported.
 */
export class MediaWriter {
  readonly batch: UnitBatch;
  /** SHA-256 of the units prepared and not yet settled, with how many hold it. */
  private readonly unsettled = new Map<string, number>();

  constructor(
    readonly run: ImportRun,
    readonly dir: TempDir,
  ) {
    this.batch = new UnitBatch(run.ctx);
  }

  /**
   * Runs `write` on each item in order, its picture prepared ahead (`entryOf` says which;
   * undefined: nothing to prepare), and commits the last batch at the end, stopped or not
   * (its units are whole).
   */
  async each<T>(
    items: readonly T[],
    entryOf: (item: T) => SourceEntry | undefined,
    write: (prepared: PreparedMedia | undefined, item: T, index: number) => Promise<void>,
  ): Promise<void> {
    try {
      await pipelined(items, {
        prepare: (item, index) => {
          const entry = entryOf(item);
          return entry ? this.prepare(entry, index) : Promise.resolve(undefined);
        },
        write: async (prepared, item, index) => {
          this.run.signal?.throwIfAborted();
          await write(prepared, item, index);
        },
        discard: async (prepared) => {
          if (prepared) await this.discard(prepared);
        },
      });
    } finally {
      await this.batch.flush();
    }
  }

  private hold(sha256: string) {
    this.unsettled.set(sha256, (this.unsettled.get(sha256) ?? 0) + 1);
  }

  private release(sha256: string) {
    const left = (this.unsettled.get(sha256) ?? 1) - 1;
    if (left > 0) this.unsettled.set(sha256, left);
    else this.unsettled.delete(sha256);
  }

  /** Copies and hashes the entry, then stores its bytes and thumbnail unless they are known. */
  async prepare(entry: SourceEntry, index: number): Promise<PreparedMedia> {
    const temp = `unit-${index}`;
    const copied = await copyHashed(await entry.open(), this.dir, temp);
    const busy = this.unsettled.has(copied.sha256);
    this.hold(copied.sha256);
    try {
      const stored =
        busy || (await bytesKnown(this.run, copied.sha256))
          ? undefined
          : await storeCopied(this.run, entry.mime!, this.dir, temp, copied, entry.path);
      return { entry, temp, copied, stored };
    } catch (error) {
      this.release(copied.sha256);
      await this.dir.remove(temp);
      throw error;
    }
  }

  /** A prepared unit that will not be written: its stored bytes and its copy removed. */
  async discard(prepared: PreparedMedia): Promise<void> {
    this.release(prepared.copied.sha256);
    if (prepared.stored) await removeBytes(this.run.ctx, storedKeys(prepared.stored));
    await this.dir.remove(prepared.temp);
  }

  /**
   * Writes a prepared picture (in the batch: `outcome` is told once it is settled), or counts
   * it as there when its bytes are (imported by this import, `overrides.again` is told).
   */
  async write(
    prepared: PreparedMedia,
    overrides: MediaOverrides = {},
    outcome: MediaOutcome = () => undefined,
  ): Promise<void> {
    const { run } = this;
    const { ctx } = run;
    const { entry, copied, temp } = prepared;
    let stored: StoredBytes;
    try {
      await this.batch.settle([`file:${copied.sha256}`]);
      const known = await findIdentity(ctx.db, 'file', copied.sha256);
      const there = known?.live
        ? known
        : !known && (await liveItemWithBytes(ctx.db, copied.sha256)) !== undefined;
      if (there) {
        await this.discard(prepared);
        if (there === true) run.existing();
        else if (there.import_id !== run.importId) run.existing();
        else if (overrides.again) await overrides.again(there);
        else run.created('media', there);
        outcome(there === true ? undefined : there.item_id);
        return;
      }
      stored =
        prepared.stored ??
        (await storeCopied(run, entry.mime!, this.dir, temp, copied, entry.path));
    } catch (error) {
      await this.discard(prepared);
      throw error;
    }
    await this.dir.remove(temp);
    const { phash: hash } = stored;
    const metadata = (stored.metadata = {
      ...stored.metadata,
      ...(overrides.date ? { taken_on: overrides.date.toISOString().slice(0, 10) } : {}),
      ...overrides.place,
    });
    const language = run.options.language;
    const dated =
      overrides.date?.toISOString() ??
      (metadata.taken_on
        ? new Date(`${metadata.taken_on}T00:00:00Z`).toISOString()
        : entry.modified.toISOString());
    const folders =
      overrides.categories ??
      (run.options.folder_categories ? [folderOf(entry.path, run.sourceName)] : []);
    const settled = () => {
      run.settleHash(temp);
      this.release(copied.sha256);
    };
    await this.batch.add({
      keys: [`file:${copied.sha256}`],
      work: async (trx) => {
        // Written before in a batch rolled back whole: not its own near-duplicate.
        run.settleHash(temp);
        const categories: number[] = [];
        for (const folder of folders) categories.push(await folderCategory(trx, run, folder));
        if (overrides.itemId !== undefined && categories.length) {
          // Another file of an item: the item joins this file's categories too.
          await trx
            .insertInto('item_categories')
            .values(categories.map((id) => ({ item_id: overrides.itemId!, category_id: id })))
            .onConflict((oc) => oc.columns(['item_id', 'category_id']).doNothing())
            .execute();
        }
        const people: number[] = [];
        for (const person of overrides.itemId === undefined ? (overrides.participants ?? []) : []) {
          people.push(await run.participant(trx, person.key, person.name));
        }
        const item =
          overrides.itemId !== undefined
            ? { id: overrides.itemId }
            : await insertItemRow(
                ctx,
                trx,
                'media',
                {
                  title: overrides.title ?? stored.name,
                  content:
                    overrides.content ??
                    (metadata.taken_on
                      ? ''
                      : `<p>${escapeHtml(translate(uiLanguage(language), 'imports.dated_by_file_time'))}</p>`),
                  language,
                  status: 'published',
                  date: dated,
                  categories,
                  ...(people.length ? { to: [...new Set(people)] } : {}),
                  // Where the photo was taken (its sidecar's, else its EXIF GPS).
                  ...(metadata.latitude !== undefined && metadata.longitude !== undefined
                    ? {
                        place: {
                          name: '',
                          latitude: metadata.latitude,
                          longitude: metadata.longitude,
                        },
                      }
                    : {}),
                },
                run.actor,
                { linksFound: true },
              );
        const file = await insertStoredFile(trx, run, item.id, stored);
        const near = hash ? run.nearest(hash) : undefined;
        await claimIdentity(trx, {
          kind: 'file',
          key: copied.sha256,
          importId: run.importId,
          itemId: item.id,
          fileId: file.id,
          phash: hash,
          near,
          now: ctx.now().toISOString(),
        });
        if (hash) run.pendingHash(temp, hash, item.id);
        return { itemId: item.id, near };
      },
      done: ({ itemId, near }) => {
        settled();
        run.created(
          overrides.itemId !== undefined ? 'files' : 'media',
          {
            item_id: itemId,
            near_item_id: near?.itemId ?? null,
            near_distance: near?.distance ?? null,
          },
          hash,
        );
        outcome(itemId);
      },
      cleanup: async () => {
        settled();
        await removeBytes(ctx, storedKeys(stored));
      },
      // Another import running beside this one committed the same bytes first.
      existing: () => {
        run.existing();
        outcome(undefined);
      },
    });
  }
}
