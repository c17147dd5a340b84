import type { Readable } from 'node:stream';
import type { FileStorage, Storage } from '../../storage/storage.js';

/**
 * Generated MP3s in the `mp3` storage, one key per record and version: `record-<id>-<key>.mp3`
 * (the names they always had in DATA_DIR/records-mp3, so an existing archive needs no move).
 * Only this module knows the pattern; backups ask for the MP3s through the functions below.
 */
const MP3_NAME = /^record-(\d+)-([A-Za-z0-9]+)\.mp3$/;

const prefixOf = (recordId: number) => `record-${recordId}-`;

/** The storage key of the record's MP3 made under the stale-detection `key` (mp3.ts mp3Key). */
export const mp3StorageKey = (recordId: number, key: string) => `${prefixOf(recordId)}${key}.mp3`;

/** A complete generated MP3 in the storage. */
export interface StoredMp3 {
  /** Its storage key, which is also its name in a backup (`mp3/<name>`). */
  name: string;
  recordId: number;
  /** The version key (the download's `v`). */
  key: string;
  size: number;
  modifiedAt: Date;
}

/** Every complete MP3 (of one record when `recordId` is given); anything else is left out. */
export async function* storedMp3s(storage: FileStorage, recordId?: number) {
  const prefix = recordId === undefined ? 'record-' : prefixOf(recordId);
  for await (const object of storage.list(prefix)) {
    const match = MP3_NAME.exec(object.key);
    if (!match) continue;
    yield {
      name: object.key,
      recordId: Number(match[1]),
      key: match[2]!,
      size: object.size,
      modifiedAt: object.modifiedAt,
    } satisfies StoredMp3;
  }
}

/** The record's MP3 for this key, if it is complete. */
export async function existingMp3(
  storage: FileStorage,
  recordId: number,
  key: string,
): Promise<{ storageKey: string; size: number } | undefined> {
  const storageKey = mp3StorageKey(recordId, key);
  const object = await storage.stat(storageKey);
  return object ? { storageKey, size: object.size } : undefined;
}

/** Whether the record has any complete MP3, whatever its key (a stale one, when not current). */
export async function hasAnyMp3(storage: FileStorage, recordId: number): Promise<boolean> {
  for await (const _mp3 of storedMp3s(storage, recordId)) return true;
  return false;
}

/**
 * Removes the record's MP3s: with `keep` (the current one's storage key) the others, without
 * every one (a hard delete).
 */
export async function removeRecordMp3s(
  storage: FileStorage,
  recordId: number,
  keep?: string,
): Promise<void> {
  const doomed: string[] = [];
  for await (const mp3 of storedMp3s(storage, recordId)) {
    if (mp3.name !== keep) doomed.push(mp3.name);
  }
  for (const name of doomed) await storage.delete(name);
}

// What backups ask of this module (exported through index.ts).

/** Whether `name` is a generated MP3's name, as a backup carries it under `mp3/`. */
export const isStoredMp3Name = (name: string): boolean => MP3_NAME.test(name);

/** Every generated MP3, in name order, with a way to read it: what a backup holds of records. */
export async function listStoredMp3s(
  storage: Storage,
): Promise<{ name: string; size: number; read: () => Readable }[]> {
  const found: StoredMp3[] = [];
  for await (const mp3 of storedMp3s(storage.mp3)) found.push(mp3);
  return found
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map(({ name, size }) => ({ name, size, read: () => storage.mp3.get(name) }));
}

/** Writes back an MP3 a backup carried; a name that is not an MP3's is refused. */
export async function restoreStoredMp3(
  storage: Storage,
  name: string,
  source: Readable,
): Promise<void> {
  if (!isStoredMp3Name(name)) throw new Error(`not a generated MP3: ${name}`);
  await storage.mp3.put(name, source, { contentType: 'audio/mpeg' });
}

/** Removes an MP3 restored by a restore that then failed. */
export async function removeStoredMp3(storage: Storage, name: string): Promise<void> {
  if (isStoredMp3Name(name)) await storage.mp3.delete(name);
}
