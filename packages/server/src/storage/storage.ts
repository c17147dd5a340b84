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
 * Where file bytes live. Keys are opaque strings chosen by the server (`ab/cd/uuid`). The local
 * implementation writes under DATA_DIR/files; an S3 one can implement every operation (listing,
 * HEAD, and aborting stale multipart uploads for the partial writes).
 */
export interface FileStorage {
  /** Writes the stream under `key`; nothing is visible under `key` until it has all arrived. */
  put(key: string, source: Readable): Promise<void>;
  /** The bytes (or a range of them); fails with ENOENT for an unknown key. */
  get(key: string, range?: ByteRange): Readable;
  /** Removes the bytes; an unknown key is not an error. */
  delete(key: string): Promise<void>;
  /** The object under `key`, or undefined when there is none. */
  stat(key: string): Promise<StoredObject | undefined>;
  /** Every complete object (partial writes left out), in no particular order. */
  list(): AsyncIterable<StoredObject>;
  /**
   * Removes partial writes that no `put` of this process is still writing and that have not
   * been written to since `idleBefore` (a process killed mid-upload leaves them behind); returns
   * how many it removed. Other instances sharing the storage are protected by the idle time only.
   */
  removeAbandonedPartials(idleBefore: Date): Promise<number>;
}
