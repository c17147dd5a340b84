import { DEFAULT_UI_LANGUAGE, type ContentLanguage } from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import {
  removeAbandonedTempDirs,
  TEMP_HEARTBEAT_MS,
  withTempDir,
  type TempDir,
} from '../../storage/index.js';
import { newPictures } from '../files/index.js';
import { DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from './archive.js';
import { ImportError } from './errors.js';
import { hashHandPictures } from './hand-pictures.js';
import { knownHashes } from './identities.js';
import type { Updateable } from 'kysely';
import {
  importsDb,
  parseOptions,
  parseReport,
  type ImportReport,
  type ImportRow,
  type ImportsTable,
} from './repository.js';
import { nameKeys } from '../participants/index.js';
import { SourceFindings } from './findings.js';
import { ImportRun, participantName, type RunOptions } from './run.js';
import { openServerPath, openUpload, type OpenedSource } from './source.js';
import { partProgress, splitSource, type SplitSource } from './sources.js';
import { removeUpload, uploadIdOf } from './uploads.js';

/** The kinds whose pictures are compared with the archive's for near-duplicates. */
const PICTURE_KINDS = new Set(['photos', 'takeout']);

export const IMPORT_JOB = 'imports.run';
export const IMPORT_LEFTOVERS_JOB = 'imports.leftovers';

/** Progress is written to the import's row at most this often (and at the end). */
const REPORT_EVERY_MS = 1_000;

/** Overrides for tests: smaller zip caps. */
let limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS;
export function setArchiveLimits(value: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS) {
  limits = value;
}

async function loadRow(ctx: AppContext, id: number): Promise<ImportRow | undefined> {
  return (await importsDb(ctx.db)
    .selectFrom('imports')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()) as ImportRow | undefined;
}

async function update(ctx: AppContext, id: number, changes: Updateable<ImportsTable>) {
  await importsDb(ctx.db).updateTable('imports').set(changes).where('id', '=', id).execute();
}

/**
 * Runs (or resumes) the import `id` to its end: opens its source (a copy of the upload in a
 * temporary folder, or the server-side path), splits it into the kinds it holds, and imports
 * each kind's entries one after the other. Every unit is idempotent (its identity is checked, then it commits whole), so an
 * attempt after a killed worker goes through the source again and adds only what is missing.
 * A refused source fails the import with its localised reason and writes nothing.
 */
export async function runImport(
  ctx: AppContext,
  id: number,
  onProgress: (percent: number) => Promise<void> = async () => undefined,
  signal?: AbortSignal,
): Promise<void> {
  const row = await loadRow(ctx, id);
  if (!row || !['analysing', 'queued', 'running'].includes(row.status)) return;
  const analysing = row.status === 'analysing';
  if (!analysing) await update(ctx, id, { status: 'running' });
  try {
    await withTempDir('import', async (dir) => {
      let source: OpenedSource;
      if (row.origin === 'path') {
        source = await openServerPath(row.source_path!, limits);
      } else {
        await dir.write('source', await ctx.storage.imports.open(row.storage_key!));
        source = await openUpload(dir, 'source', row.file_name, new Date(row.created_at), limits);
      }
      try {
        const split = await splitSource(source);
        if (!split.parts.length) throw new ImportError('not_recognised');
        await update(ctx, id, { source_kind: split.parts.map((part) => part.kind.kind).join(',') });
        const options = parseOptions(row);
        const language: ContentLanguage = options.language ?? DEFAULT_UI_LANGUAGE;
        if (analysing) {
          await analyseImport(ctx, row, split, dir, { ...options, language });
          return;
        }
        const user = row.created_by
          ? await ctx.db
              .selectFrom('users')
              .select(['id', 'name'])
              .where('id', '=', row.created_by)
              .executeTakeFirst()
          : undefined;
        // Pictures compared with the archive's: those no import brought are hashed once first.
        if (split.parts.some((part) => PICTURE_KINDS.has(part.kind.kind))) {
          await hashHandPictures(ctx, signal);
        }
        const run = new ImportRun(
          ctx,
          id,
          user,
          { ...options, language },
          source.name,
          await knownHashes(ctx.db),
          parseReport(row).created.categories ?? [],
          signal,
          parseReport(row).revised ?? [],
        );
        let reported = 0;
        const progress = async (fraction: number) => {
          if (Date.now() - reported < REPORT_EVERY_MS) return;
          reported = Date.now();
          const percent = Math.min(Math.floor(fraction * 100), 99);
          await update(ctx, id, {
            progress: percent,
            report: JSON.stringify(keepPreview(row, run.report)),
          });
          await onProgress(percent);
        };
        for (const entry of split.unclaimed) run.skip(entry.path, entry.skip ?? 'unsupported');
        for (const [index, part] of split.parts.entries()) {
          await part.kind.run(run, part.source, dir, partProgress(split.parts, index, progress));
        }
        await update(ctx, id, {
          status: 'done',
          progress: 100,
          report: JSON.stringify(keepPreview(row, run.report)),
          finished_at: ctx.now().toISOString(),
        });
        await onProgress(100);
        // Its pictures are read for faces (one pass over every picture not read yet).
        await newPictures(ctx, 'many', ctx.log);
      } finally {
        source.close();
      }
    });
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    // Refused before anything was written: the source is the problem, not the worker.
    const report = parseReport((await loadRow(ctx, id))!);
    report.errors.push({ key: `imports.${error.problem}`, params: error.params });
    await update(ctx, id, {
      status: 'failed',
      report: JSON.stringify(report),
      finished_at: ctx.now().toISOString(),
    });
  }
  const settled = (await loadRow(ctx, id))?.status;
  if (row.storage_key && (settled === 'done' || settled === 'failed')) {
    // Imported or refused: the uploaded source is no longer needed (a preview keeps it).
    await ctx.storage.imports.delete(row.storage_key);
  }
}

/** The run's report, with the preview the import was started from (when it had one). */
function keepPreview(row: ImportRow, report: ImportReport): ImportReport {
  const { preview, ready_at } = parseReport(row);
  return { ...report, ...(preview ? { preview } : {}), ...(ready_at ? { ready_at } : {}) };
}

/**
 * Reads the source through with its kinds' analyses (nothing written to the archive) and keeps
 * what it found as the import's preview, each person matched to the participant of the same
 * name (case-insensitive): the import is then `ready`, its upload kept until it is started.
 */
async function analyseImport(
  ctx: AppContext,
  row: ImportRow,
  split: SplitSource,
  dir: TempDir,
  options: RunOptions,
): Promise<void> {
  const findings = new SourceFindings();
  for (const part of split.parts) {
    await part.kind.analyse(ctx, part.source, dir, findings, options);
  }
  const nameKey = (name: string) => nameKeys(participantName(name) || name).name_lower;
  const preview = await findings.preview(
    (name) =>
      ctx.db
        .selectFrom('participants')
        .select(['id', 'name'])
        .where('name_lower', '=', nameKey(name))
        .executeTakeFirst(),
    { nameKey, chosen: options.people },
  );
  const report = parseReport(row);
  // Undone meanwhile, it stays undone.
  await importsDb(ctx.db)
    .updateTable('imports')
    .set({
      status: 'ready',
      report: JSON.stringify({ ...report, preview, ready_at: ctx.now().toISOString() }),
    })
    .where('id', '=', row.id)
    .where('status', '=', 'analysing')
    .execute();
}

/** The last attempt failed (not a refused source: a storage or database failure). */
async function markFailed(ctx: AppContext, id: number, error: unknown) {
  const row = await loadRow(ctx, id);
  if (!row || row.status === 'done' || row.status === 'undone') return;
  const report = parseReport(row);
  const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  report.errors.push({ key: 'imports.interrupted', params: { reason } });
  await update(ctx, id, {
    status: 'failed',
    report: JSON.stringify(report),
    finished_at: ctx.now().toISOString(),
  });
  if (row.storage_key) await ctx.storage.imports.delete(row.storage_key);
}

const ATTEMPTS = 3;

/** An upload whose import row never came (a process killed in between) is left alone this long. */
const ORPHAN_UPLOAD_MS = 24 * 60 * 60 * 1000;
/** A chunked upload not written to for this long is given up, as is a preview never started. */
const IDLE_UPLOAD_MS = 24 * 60 * 60 * 1000;
const PREVIEW_WAITS_MS = 24 * 60 * 60 * 1000;

/** Imports whose uploaded source must stay: still to be read, waiting on their preview, or running. */
const WAITING: ImportRow['status'][] = ['analysing', 'ready', 'queued', 'running'];

/**
 * Fails the previews no one started within a day (their upload goes with the other leftovers):
 * the import says why, in the reader's language.
 */
async function discardStalePreviews(ctx: AppContext): Promise<void> {
  const before = ctx.now().getTime() - PREVIEW_WAITS_MS;
  const ready = (await importsDb(ctx.db)
    .selectFrom('imports')
    .selectAll()
    .where('status', '=', 'ready')
    .execute()) as ImportRow[];
  for (const row of ready) {
    const report = parseReport(row);
    if (new Date(report.ready_at ?? row.created_at).getTime() >= before) continue;
    report.errors.push({ key: 'imports.preview_expired' });
    await importsDb(ctx.db)
      .updateTable('imports')
      .set({
        status: 'failed',
        report: JSON.stringify(report),
        finished_at: ctx.now().toISOString(),
      })
      .where('id', '=', row.id)
      .where('status', '=', 'ready')
      .execute();
  }
}

/**
 * Removes temporary folders of killed imports (idle longer than a lease), uploaded sources that
 * no import waits for any more (a day old without a row, or their import settled), previews not
 * started within a day, and chunked uploads idle for a day.
 */
export async function removeImportLeftovers(ctx: AppContext): Promise<void> {
  const idle = new Date(Date.now() - Math.max(ctx.config.jobs.leaseMs, 3 * TEMP_HEARTBEAT_MS));
  await removeAbandonedTempDirs(['import'], idle);
  await discardStalePreviews(ctx);
  const rows = await importsDb(ctx.db)
    .selectFrom('imports')
    .select(['storage_key', 'status'])
    .where('storage_key', 'is not', null)
    .execute();
  const waiting = new Set(
    rows.filter((row) => WAITING.includes(row.status)).map((row) => row.storage_key!),
  );
  const known = new Set(rows.map((row) => row.storage_key!));
  const orphanBefore = Date.now() - ORPHAN_UPLOAD_MS;
  // Chunked uploads not yet imported: the last write to any of their objects.
  const uploads = new Map<string, number>();
  for await (const object of ctx.storage.imports.list()) {
    if (waiting.has(object.key)) continue;
    if (known.has(object.key)) {
      await ctx.storage.imports.delete(object.key);
      continue;
    }
    const upload = uploadIdOf(object.key);
    if (upload) {
      uploads.set(upload, Math.max(uploads.get(upload) ?? 0, object.modifiedAt.getTime()));
    } else if (object.modifiedAt.getTime() < orphanBefore) {
      await ctx.storage.imports.delete(object.key);
    }
  }
  const idleBefore = ctx.now().getTime() - IDLE_UPLOAD_MS;
  for (const [upload, written] of uploads) {
    if (written < idleBefore) await removeUpload(ctx, upload);
  }
}

/**
 * Declares the import job on its own queue (`imports`, so `kinfolio worker --queue imports`
 * can run imports on processes of their own). A worker killed mid-import loses its lease and
 * another attempt resumes it; the last failed attempt marks the import failed.
 */
export function declareImportJobs(ctx: AppContext): void {
  ctx.jobs.define<{ importId: number }>(
    IMPORT_JOB,
    async ({ importId }, job) => {
      try {
        await runImport(ctx, importId, (percent) => job.progress(percent), job.signal);
      } catch (error) {
        if (job.attempt >= ATTEMPTS && !job.signal.aborted) await markFailed(ctx, importId, error);
        throw error;
      }
    },
    { attempts: ATTEMPTS, backoffMs: 5_000, queue: 'imports', leaseMs: ctx.config.jobs.leaseMs },
  );
  // What a killed worker left: the temporary copy of a source, once idle longer than a lease.
  ctx.jobs.define<null>(IMPORT_LEFTOVERS_JOB, async () => {
    await removeImportLeftovers(ctx);
  });
  ctx.jobs.every(IMPORT_LEFTOVERS_JOB, 10 * 60 * 1000, null, { atStart: true });
}
