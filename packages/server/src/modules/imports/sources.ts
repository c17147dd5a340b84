import type { ImportSourceKind } from '@kinfolio/contract';
import type { TempDir } from '../../storage/index.js';
import { photosSource } from './photos.js';
import type { ImportRun } from './run.js';
import type { SourceEntry } from './source.js';

/**
 * A kind of source: how it is recognised from its entries' content, and how one of its entries
 * is imported (each on its own: created, already there, or skipped with a reason). Takeout,
 * mailboxes and chats are added here as kinds of their own.
 */
export interface ImportSource {
  kind: ImportSourceKind;
  recognise(entries: SourceEntry[]): boolean;
  importEntry(run: ImportRun, entry: SourceEntry, dir: TempDir, index: number): Promise<void>;
}

/** Most specific first: the first kind that recognises a source imports it. */
const SOURCES: ImportSource[] = [photosSource];

export function recogniseSource(entries: SourceEntry[]): ImportSource | undefined {
  return SOURCES.find((source) => source.recognise(entries));
}
