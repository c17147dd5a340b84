import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_LIMITS, UI_LANGUAGES, type UiLanguage } from '@kinfolio/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { TempDir } from '../../storage/index.js';
import { categoriesRepository } from '../categories/index.js';
import {
  filesRepository,
  HEAD_BYTES,
  photoColumns,
  photoMetadataOf,
  removeBytes,
  storeThumbnail,
  thumbKeyOf,
  thumbnailOf,
} from '../files/index.js';
import { findIdentity, liveItemWithBytes, type KnownIdentity } from './identities.js';
import { perceptualHash } from './phash.js';
import { previewOf } from './preview.js';
import { importsDb, parseReport } from './repository.js';
import type { ImportRun } from './run.js';
import type { MediaMime } from './sniff.js';

/** `ab/cd/uuid`, as uploads are keyed. */
export function newStorageKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
}

/** Copies `source` into the temporary `name`, hashing it and keeping its first bytes. */
export async function copyHashed(source: Readable, dir: TempDir, name: string) {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let size = 0;
  await pipeline(
    source,
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        if (size < HEAD_BYTES) head.push(chunk.subarray(0, HEAD_BYTES - size));
        size += chunk.length;
        done(null, chunk);
      },
    }),
    dir.writer(name),
  );
  return { sha256: hash.digest('hex'), head: Buffer.concat(head), size };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const uiLanguage = (language: string): UiLanguage =>
  (UI_LANGUAGES as readonly string[]).includes(language) ? (language as UiLanguage) : 'en';

/** The folder an entry sits in, else the source's own name (its extension dropped). */
export function folderOf(entryPath: string, sourceName: string): string {
  const folder = path.posix.basename(path.posix.dirname(entryPath));
  const name = folder && folder !== '.' ? folder : sourceName.replace(/\.[^.]+$/, '');
  return [...name.trim()].slice(0, 100).join('') || sourceName;
}

/**
 * What a source knows of a picture better than its EXIF (a Takeout's sidecar): each one given
 * replaces what the media writer would find itself.
 */
export interface MediaOverrides {
  title?: string;
  /** The moment it was taken (its UTC day becomes the file's `taken_on`). */
  date?: Date;
  place?: { latitude: number; longitude: number };
  /** HTML, escaped by the source. */
  content?: string;
  /** The people in it (`key` as the preview listed them): participants (`to`). */
  participants?: { key: string; name: string }[];
  /** Category names (found in any language, else created): in place of the folder's. */
  categories?: string[];
  /** Another file of this media item, instead of an item of its own. */
  itemId?: number;
  /**
   * Called, instead of counting it as created, when its bytes were imported by this same import
   * (in an attempt before this one, or as a copy met earlier in the source).
   */
  again?: (known: KnownIdentity) => Promise<void>;
}

/**
 * The category named `name` in any language, else a new one at the end of the top level, named
 * in the import's language; recorded on the import's row in the same transaction, so that a
 * resumed import still lists it as its own.
 */
export async function folderCategory(
  trx: Transaction<Database>,
  run: ImportRun,
  name: string,
): Promise<number> {
  const existing = await trx
    .selectFrom('categories')
    .select('id')
    .where((eb) => eb.or(UI_LANGUAGES.map((language) => eb(`name_${language}`, '=', name))))
    .orderBy('id')
    .executeTakeFirst();
  if (existing) return existing.id;
  const repo = categoriesRepository(trx);
  await repo.lockTree(run.ctx.dialect);
  const siblings = await repo.siblings(null);
  const now = run.ctx.now().toISOString();
  const column = `name_${uiLanguage(run.options.language)}` as const;
  const row = await repo.insert({
    name_fr: null,
    name_en: null,
    name_it: null,
    name_de: null,
    [column]: name,
    parent_id: null,
    position: siblings.length,
    created_at: now,
    updated_at: now,
  });
  const imports = importsDb(trx);
  const current = await imports
    .selectFrom('imports')
    .select('report')
    .where('id', '=', run.importId)
    .executeTakeFirstOrThrow();
  const report = parseReport(current);
  (report.created.categories ??= []).push(row.id);
  await imports
    .updateTable('imports')
    .set({ report: JSON.stringify(report) })
    .where('id', '=', run.importId)
    .execute();
  run.categoryCreated(row.id);
  return row.id;
}

/** An entry's bytes stored (with a thumbnail when it is a picture or a video), before its unit's transaction. */
export interface StoredBytes {
  name: string;
  mime: string;
  size: number;
  sha256: string;
  key: string;
  thumbKey: string | null;
  width: number | null;
  height: number | null;
  metadata: Awaited<ReturnType<typeof photoMetadataOf>>;
  /** Its perceptual hash (pictures and videos with a preview). */
  phash: string | undefined;
}

/**
 * Stores the bytes copied to the temporary `name` (and a thumbnail for a picture or a video)
 * through the storage seam: called before the unit's transaction, whose failure must then
 * `removeBytes` the keys it returns (`storedKeys`).
 */
export async function storeCopied(
  run: ImportRun,
  mime: string,
  dir: TempDir,
  name: string,
  copied: { sha256: string; head: Buffer; size: number },
  fileName: string,
): Promise<StoredBytes> {
  const media = sniffable(mime);
  const preview = media
    ? await previewOf(media, dir, name, copied.size, () => readAll(dir.read(name)), run.signal)
    : undefined;
  const rendered = preview ? await thumbnailOf(preview) : undefined;
  const hash =
    rendered && preview ? await perceptualHash(preview).catch(() => undefined) : undefined;
  const metadata = await photoMetadataOf(mime, copied.head);
  const key = newStorageKey();
  const thumbKey = rendered ? thumbKeyOf(key) : null;
  await run.ctx.storage.files.put(key, dir.read(name), { contentType: mime });
  try {
    if (rendered) await storeThumbnail(run.ctx.storage.files, thumbKey!, rendered.webp);
  } catch (error) {
    await removeBytes(run.ctx, [key]);
    throw error;
  }
  return {
    name: [...path.posix.basename(fileName)].slice(0, FILE_LIMITS.nameMaxLength).join(''),
    mime,
    size: copied.size,
    sha256: copied.sha256,
    key,
    thumbKey,
    width: rendered?.width ?? null,
    height: rendered?.height ?? null,
    metadata,
    phash: hash,
  };
}

export const storedKeys = (stored: StoredBytes) =>
  stored.thumbKey ? [stored.key, stored.thumbKey] : [stored.key];

const MEDIA_MIMES = new Set<string>([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/heic',
  'video/mp4',
  'video/quicktime',
  'video/webm',
  'video/x-msvideo',
]);
const sniffable = (mime: string) => (MEDIA_MIMES.has(mime) ? (mime as MediaMime) : undefined);

/** The file row of stored bytes, attached to `itemId`, inside the unit's transaction. */
export async function insertStoredFile(
  trx: Transaction<Database>,
  run: ImportRun,
  itemId: number,
  stored: StoredBytes,
) {
  const now = run.ctx.now().toISOString();
  return filesRepository(trx).insert({
    item_id: itemId,
    upload_token: null,
    name: stored.name,
    mime: stored.mime,
    size: stored.size,
    storage_key: stored.key,
    thumb_key: stored.thumbKey,
    thumb_pending: 0,
    sha256: stored.sha256,
    width: stored.width,
    height: stored.height,
    created_by: run.actor?.id ?? null,
    created_at: now,
    attached_at: now,
    ...photoColumns(stored.metadata),
  });
}

/** Hashes a stream (SHA-256) and keeps its first `HEAD_BYTES`, without writing it anywhere. */
export async function hashStream(source: Readable) {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    if (size < HEAD_BYTES) head.push(bytes.subarray(0, HEAD_BYTES - size));
    size += bytes.length;
  }
  return { sha256: hash.digest('hex'), head: Buffer.concat(head), size };
}

/** Whether bytes of this SHA-256 are in the archive already (imported or uploaded, live). */
export async function bytesKnown(run: Pick<ImportRun, 'ctx'>, sha256: string): Promise<boolean> {
  const known = await findIdentity(run.ctx.db, 'file', sha256);
  if (known) return known.live;
  return (await liveItemWithBytes(run.ctx.db, sha256)) !== undefined;
}
