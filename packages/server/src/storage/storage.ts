import type { Readable } from 'node:stream';

/** A byte range, both ends included (as in HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A complete stored object: its key, its size and when its bytes were last written. */
export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

/**
 * Every kind of stored bytes, each under its own prefix (a folder on disk, a key prefix in a
 * bucket). A module reads and writes only its own kinds; what another module keeps it asks that
 * module for.
 */
export const STORAGE_KINDS = [
  /** Uploaded originals and their thumbnails (files module). */
  'files',
  /** Users' profile and site pictures (user-pictures module). */
  'pictures',
  /** Records' generated MP3s (records module). */
  'mp3',
  /** The admin's exports (exports module). */
  'exports',
  /** Portable backups (backups module). */
  'backups',
  /** Backups uploaded to be restored, while they are checked (backups module). */
  'restores',
  /** Archives uploaded to be imported (imports module). */
  'imports',
  /** Mails kept as .eml files when no SMTP server is configured (mail). */
  'mail',
  /** Small crops of faces, made again on demand (faces module). */
  'faces',
] as const;

export type StorageKind = (typeof STORAGE_KINDS)[number];

/** One `FileStorage` per kind of bytes: the app's only way to its bytes. */
export type Storage = Readonly<Record<StorageKind, FileStorage>>;

/** The bytes of a key are not there (never written, removed, or lost). */
export class MissingBytesError extends Error {
  readonly code = 'ENOENT';
  constructor(readonly key: string) {
    super(`no stored bytes under ${key}`);
  }
}

export const isMissingBytes = (error: unknown): boolean =>
  error instanceof MissingBytesError || (error as { code?: string } | null)?.code === 'ENOENT';

export interface PutOptions {
  /** Stored beside the bytes where the storage can (S3's Content-Type). */
  contentType?: string;
}

/**
 * Where bytes of one kind live. Keys are strings chosen by the server (`ab/cd/uuid`,
 * `record-12-ab34.mp3`): letters, digits, `.`, `_`, `-` and `/`. The local implementation writes
 * under a folder, the S3 one under a key prefix of a bucket.
 */
export interface FileStorage {
  /** Writes the stream under `key`; nothing is visible under `key` until it has all arrived. */
  put(key: string, source: Readable, options?: PutOptions): Promise<void>;
  /**
   * The bytes (or a range of them), opened before the promise resolves: an unknown key rejects
   * with MissingBytesError before any byte, so an HTTP answer can still say so cleanly.
   */
  open(key: string, range?: ByteRange): Promise<Readable>;
  /** The same as a stream at once (for pipelines); an unknown key fails the stream (ENOENT). */
  get(key: string, range?: ByteRange): Readable;
  /** Removes the bytes; an unknown key is not an error. */
  delete(key: string): Promise<void>;
  /** The object under `key`, or undefined when there is none. */
  stat(key: string): Promise<StoredObject | undefined>;
  /** Every complete object whose key starts with `prefix` (partial writes left out), unordered. */
  list(prefix?: string): AsyncIterable<StoredObject>;
  /**
   * Removes partial writes that no `put` of this process is still writing and that have not
   * been written to since `idleBefore` (a process killed mid-upload leaves them behind); returns
   * how many it removed. Other instances sharing the storage are protected by the idle time only.
   */
  removeAbandonedPartials(idleBefore: Date): Promise<number>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** Refuses keys that could leave their prefix or that no server code would make. */
export function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '')) {
    throw new Error(`invalid storage key ${key}`);
  }
  return key;
}

export const isSafeKey = (key: string): boolean => {
  try {
    checkKey(key);
    return true;
  } catch {
    return false;
  }
};
