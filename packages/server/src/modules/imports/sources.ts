import type { ImportSourceKind } from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import type { TempDir } from '../../storage/index.js';
import type { SourceFindings } from './findings.js';
import { mailSource } from './mail/source.js';
import { photosSource } from './photos-source.js';
import type { ImportRun, RunOptions } from './run.js';
import { takeoutSource } from './takeout.js';
import type { OpenedSource } from './source.js';
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

/** Most specific first: the first kind that recognises a source imports it. */
const SOURCES: ImportSource[] = [takeoutSource, mailSource, whatsappSource, photosSource];

export async function recogniseSource(source: OpenedSource): Promise<ImportSource | undefined> {
  for (const kind of SOURCES) if (await kind.recognise(source)) return kind;
  return undefined;
}
