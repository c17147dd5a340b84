import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';

/** A picture just stored and given its row (an upload), or pictures added in bulk (an import). */
export type PictureListener = (fileIds: number[] | 'many') => Promise<void>;

const listeners = new WeakMap<object, PictureListener[]>();

/**
 * Lets a module hear of new pictures without the files module knowing it (faces: detection):
 * registered once per process with the module's jobs, on the context's job queue.
 */
export function onNewPictures(ctx: Pick<AppContext, 'jobs'>, listener: PictureListener): void {
  listenersOf(ctx).push(listener);
}

function listenersOf(ctx: Pick<AppContext, 'jobs'>): PictureListener[] {
  let list = listeners.get(ctx.jobs);
  if (!list) {
    list = [];
    listeners.set(ctx.jobs, list);
  }
  return list;
}

/**
 * Tells the listeners; a listener's failure is logged, never the upload's or the import's: what
 * they queue, their own backfill catches up with.
 */
export async function newPictures(
  ctx: Pick<AppContext, 'jobs'>,
  fileIds: number[] | 'many',
  log?: FastifyBaseLogger,
): Promise<void> {
  for (const listener of listeners.get(ctx.jobs) ?? []) {
    await listener(fileIds).catch((err: unknown) =>
      log?.error({ err }, 'a new picture was not announced (its backfill will find it)'),
    );
  }
}

/** Files just attached to an item (an `addfilepond` of an item, not a record's parts). */
export type AttachListener = (fileIds: number[]) => Promise<void>;

const attachListeners = new WeakMap<object, AttachListener[]>();

/**
 * Lets a module hear of files attached to items (OCR: it reads a scan with its item's language,
 * which an upload does not know yet); registered once per process with the module's jobs.
 */
export function onItemFilesAttached(ctx: Pick<AppContext, 'jobs'>, listener: AttachListener): void {
  const list = attachListeners.get(ctx.jobs) ?? [];
  list.push(listener);
  attachListeners.set(ctx.jobs, list);
}

/** Tells them; a failure is logged only (their backfill catches up), as for new pictures. */
export async function itemFilesAttached(
  ctx: Pick<AppContext, 'jobs'>,
  fileIds: number[],
  log?: FastifyBaseLogger,
): Promise<void> {
  for (const listener of attachListeners.get(ctx.jobs) ?? []) {
    await listener(fileIds).catch((err: unknown) =>
      log?.error({ err }, 'attached files were not announced (their backfill will find them)'),
    );
  }
}

/** The whole bytes of a stored file (pictures read by other modules' jobs). */
export async function readFileBytes(ctx: Pick<AppContext, 'storage'>, key: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of await ctx.storage.files.open(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
