import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { importUploadIdSchema, type ImportUpload } from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import { isMissingBytes, type FileStorage, type StoredObject } from '../../storage/index.js';

/**
 * Sources sent in chunks (the tus protocol's server side, without HTTP): an upload is a small
 * description (`chunked-<id>.info.json`: who, how long, its name), the chunks received so far as
 * parts named by the offset they start at (`chunked-<id>.part-<offset>`), and once complete their
 * concatenation (`chunked-<id>`), the object an import reads. Everything goes through the imports
 * storage, so any instance (filesystem or S3) continues an upload another one began.
 */

/** The upload's own prefix in the imports storage; its complete bytes are under this key. */
export const uploadKey = (id: string) => `chunked-${id}`;
const infoKey = (id: string) => `${uploadKey(id)}.info.json`;
const PART = '.part-';
const partKey = (id: string, offset: number) =>
  `${uploadKey(id)}${PART}${String(offset).padStart(15, '0')}`;

/** The id of the upload an imports storage key belongs to, or undefined. */
export function uploadIdOf(key: string): string | undefined {
  const match = /^chunked-([0-9a-f-]{36})(?:\.|$)/.exec(key);
  return match && importUploadIdSchema.safeParse(match[1]).success ? match[1] : undefined;
}

interface UploadInfo {
  user_id: number;
  length: number;
  file_name: string;
  created_at: string;
}

/** Where an upload stands: its description and the parts received, in order. */
export interface UploadState {
  id: string;
  info: UploadInfo;
  parts: StoredObject[];
  offset: number;
  /** Its bytes were concatenated into `uploadKey(id)`. */
  whole: boolean;
}

async function readText(storage: FileStorage, key: string): Promise<string | undefined> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.open(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    if (isMissingBytes(error)) return undefined;
    throw error;
  }
}

/** A file name as sent (`Upload-Metadata` filename): its last segment, 255 characters at most. */
export const uploadFileName = (name: string | undefined) =>
  [...(name?.split(/[\\/]/).pop()?.trim() || 'import')]
    .filter((c) => c >= ' ')
    .slice(0, 255)
    .join('') || 'import';

export async function createUpload(
  ctx: AppContext,
  userId: number,
  length: number,
  fileName: string,
): Promise<ImportUpload> {
  const id = randomUUID();
  const info: UploadInfo = {
    user_id: userId,
    length,
    file_name: uploadFileName(fileName),
    created_at: ctx.now().toISOString(),
  };
  await ctx.storage.imports.put(infoKey(id), Readable.from([JSON.stringify(info)]), {
    contentType: 'application/json',
  });
  return { id, file_name: info.file_name, length, offset: 0 };
}

/**
 * The upload `id` as its creator `userId` sees it; undefined when there is none, or it is
 * someone else's (they are told it is not there).
 */
export async function loadUpload(
  ctx: AppContext,
  id: string,
  userId: number,
): Promise<UploadState | undefined> {
  if (!importUploadIdSchema.safeParse(id).success) return undefined;
  const text = await readText(ctx.storage.imports, infoKey(id));
  if (text === undefined) return undefined;
  const info = JSON.parse(text) as UploadInfo;
  if (info.user_id !== userId) return undefined;
  if (await ctx.storage.imports.stat(uploadKey(id))) {
    return { id, info, parts: [], offset: info.length, whole: true };
  }
  const parts: StoredObject[] = [];
  for await (const part of ctx.storage.imports.list(`${uploadKey(id)}${PART}`)) parts.push(part);
  parts.sort((a, b) => a.key.localeCompare(b.key));
  // The parts follow one another; one that does not start where the others end is not counted.
  let offset = 0;
  const contiguous: StoredObject[] = [];
  for (const part of parts) {
    if (part.key !== partKey(id, offset) || part.size === 0) break;
    contiguous.push(part);
    offset += part.size;
  }
  return { id, info, parts: contiguous, offset, whole: false };
}

export const presentUpload = (state: UploadState): ImportUpload => ({
  id: state.id,
  file_name: state.info.file_name,
  length: state.info.length,
  offset: state.offset,
});

/** More bytes than an upload's length were sent. */
export class UploadOverflowError extends Error {}

/**
 * Stores `body` as the part starting at the upload's offset, cut (and refused, nothing kept) past
 * its length. A chunk cut short (the connection lost) is not kept either: its sender asks the
 * offset again and sends it anew. The new offset; the upload is made whole once complete.
 */
export async function appendToUpload(
  ctx: AppContext,
  state: UploadState,
  body: Readable,
): Promise<number> {
  const room = state.info.length - state.offset;
  let received = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > room) done(new UploadOverflowError('more bytes than the upload length'));
      else done(null, chunk);
    },
  });
  const key = partKey(state.id, state.offset);
  body.on('error', (error) => counted.destroy(error));
  body.pipe(counted);
  await ctx.storage.imports.put(key, counted, { contentType: 'application/octet-stream' });
  if (received === 0) {
    await ctx.storage.imports.delete(key);
    return state.offset;
  }
  const offset = state.offset + received;
  if (offset === state.info.length) {
    await makeWhole(ctx, { ...state, parts: [...state.parts, await stored(ctx, key)], offset });
  }
  return offset;
}

async function stored(ctx: AppContext, key: string): Promise<StoredObject> {
  const object = await ctx.storage.imports.stat(key);
  if (!object) throw new Error(`upload part ${key} vanished`);
  return object;
}

/**
 * Concatenates a complete upload's parts, in order, into its whole object, then removes the
 * parts. Idempotent: an upload whole already is left as it is; one whose concatenation was cut
 * (a process killed) is concatenated again.
 */
export async function makeWhole(ctx: AppContext, state: UploadState): Promise<void> {
  if (state.whole) return;
  const storage = ctx.storage.imports;
  const parts = state.parts;
  async function* concatenated() {
    for (const part of parts) yield* await storage.open(part.key);
  }
  await storage.put(uploadKey(state.id), Readable.from(concatenated()), {
    contentType: 'application/octet-stream',
  });
  const whole = await storage.stat(uploadKey(state.id));
  if (whole?.size !== state.info.length) {
    await storage.delete(uploadKey(state.id));
    throw new Error(
      `upload ${state.id}: ${whole?.size ?? 0} bytes put together, not ${state.info.length}`,
    );
  }
  for (const part of parts) await storage.delete(part.key);
}

/**
 * Hands a complete upload over to an import: its whole object (its key and size) stays, its
 * description goes (the upload cannot be imported twice, nor continued).
 */
export async function takeUpload(
  ctx: AppContext,
  state: UploadState,
): Promise<{ storageKey: string; size: number; fileName: string }> {
  await makeWhole(ctx, state);
  await ctx.storage.imports.delete(infoKey(state.id));
  return {
    storageKey: uploadKey(state.id),
    size: state.info.length,
    fileName: state.info.file_name,
  };
}

/** Removes an upload and every byte it received. */
export async function removeUpload(ctx: AppContext, id: string): Promise<void> {
  const keys: string[] = [];
  for await (const object of ctx.storage.imports.list(uploadKey(id))) keys.push(object.key);
  for (const key of keys) if (uploadIdOf(key) === id) await ctx.storage.imports.delete(key);
}
