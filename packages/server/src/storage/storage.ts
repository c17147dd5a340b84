import type { Readable } from 'node:stream';

/** A byte range, both ends included (as in HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where file bytes live. Keys are opaque strings chosen by the server (`ab/cd/uuid`). The local
 * implementation writes under DATA_DIR/files; an S3 one needs only these four operations.
 */
export interface FileStorage {
  /** Writes the stream under `key`; nothing is visible under `key` until it has all arrived. */
  put(key: string, source: Readable): Promise<void>;
  /** The bytes (or a range of them); fails with ENOENT for an unknown key. */
  get(key: string, range?: ByteRange): Readable;
  /** Removes the bytes; an unknown key is not an error. */
  delete(key: string): Promise<void>;
}
