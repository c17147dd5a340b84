import type { ImportSourceKind } from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import type { TempDir } from '../../storage/index.js';
import type { SourceFindings } from './findings.js';
import { gedcomSource } from './gedcom-source.js';
import { mailSource } from './mail/source.js';
import { photosSource } from './photos-source.js';
import type { ImportRun, RunOptions } from './run.js';
import { takeoutSource } from './takeout.js';
import type { OpenedSource, SourceEntry } from './source.js';
import { whatsappSource } from './whatsapp/whatsapp.js';

/** Progress of a source's run, as the share of its work done (0..1). */
export type RunProgress = (fraction: number) => Promise<void>;

/**
 * A kind of source: how it is recognised from its entries' content, what reading it through
 * finds (the preview, nothing written), and how it is imported, unit after unit, each unit
 * idempotent (its identity checked, then committed whole) so that a resumed run adds only what
 * is missing. Every source streams its entries: nothing is held whole in memory.
 */
export interface ImportSource {
  kind: ImportSourceKind;
  /** Whether the source is of this kind, from what its entries hold (not only their names). */
  recognise(source: OpenedSource): Promise<boolean>;
  /**
   * The entries of `source` this kind imports, told by their content; none when the source holds
   * nothing of this kind. A source may hold several kinds (a whole Takeout: its photos and its
   * mailbox), each importing the entries it claims.
   */
  claim(source: OpenedSource): Promise<SourceEntry[]>;
  /** Reads the source through and tells `findings` what an import would create; writes nothing. */
  analyse(
    ctx: AppContext,
    source: OpenedSource,
    dir: TempDir,
    findings: SourceFindings,
    options: RunOptions,
  ): Promise<void>;
  /** Imports the source into the archive through `run` (its counts, people, identities). */
  run(run: ImportRun, source: OpenedSource, dir: TempDir, progress: RunProgress): Promise<void>;
}

/**
 * Most specific first (a GEDCOM file says what it is on its first line): each kind claims its entries among those the kinds before it left (a
 * Takeout its photos and sidecars, mail its mailboxes, WhatsApp its chats and their media), and
 * the photos take the pictures nobody claimed.
 */
const SOURCES: ImportSource[] = [
  gedcomSource,
  takeoutSource,
  mailSource,
  whatsappSource,
  photosSource,
];

/** One kind of a source and the entries it imports, as a source of their own. */
export interface SourcePart {
  kind: ImportSource;
  source: OpenedSource;
  /** The bytes its entries hold: its share of the import's progress. */
  bytes: number;
}

/** A source split into the kinds it holds, with the entries no kind claimed (to skip). */
export interface SplitSource {
  parts: SourcePart[];
  unclaimed: SourceEntry[];
}

export async function splitSource(source: OpenedSource): Promise<SplitSource> {
  let left = source.entries;
  const parts: SourcePart[] = [];
  for (const kind of SOURCES) {
    const rest: OpenedSource = { ...source, entries: left };
    const claimed = await kind.claim(rest);
    if (!claimed.length) continue;
    const taken = new Set(claimed);
    // In the source's order: a kind reads its entries as it would the whole source.
    const entries = left.filter((entry) => taken.has(entry));
    left = left.filter((entry) => !taken.has(entry));
    const bytes = entries.reduce((sum, entry) => sum + entry.size, 0);
    parts.push({ kind, source: { ...source, entries, close: () => undefined }, bytes });
  }
  return { parts, unclaimed: left };
}

/** The first kind a source holds (the one most specific). */
export async function recogniseSource(source: OpenedSource): Promise<ImportSource | undefined> {
  return (await splitSource(source)).parts[0]?.kind;
}

/** Each part's progress as a share of the whole source's, by the bytes each part holds. */
export function partProgress(parts: SourcePart[], index: number, progress: RunProgress) {
  const total = parts.reduce((sum, part) => sum + Math.max(part.bytes, 1), 0);
  const before = parts.slice(0, index).reduce((sum, part) => sum + Math.max(part.bytes, 1), 0);
  const own = Math.max(parts[index]!.bytes, 1);
  return (fraction: number) => progress((before + fraction * own) / total);
}
