import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { stampedTransaction } from '../../db/stamps.js';
import type { JobContext } from '../../jobs/index.js';
import { isMissingBytes } from '../../storage/index.js';
import { readFileBytes } from '../files/index.js';
import { detectFaces, MODEL_VERSION, type Detection } from './detector.js';
import { syncFaceLinks } from './links.js';
import { bumpFacesRevision, faceIndex } from './nearest.js';
import { confirmedSuggestion, groupFor, placeFace, type Placement } from './recognition.js';
import { descriptorBytes, facesDb, facesTrx } from './repository.js';
import { autoLinkEnabled, FACE_THRESHOLDS, facesEnabled } from './settings.js';

export const DETECT_JOB = 'faces.detect';
export const BACKFILL_JOB = 'faces.backfill';
export const BACKFILL_JOB_KEY = 'faces_backfill_job';

export interface DetectPayload {
  fileId: number;
}

export type DetectOutcome =
  'stored' | 'unreadable' | 'already' | 'off' | 'not-a-picture' | 'file-gone';

const isPicture = (mime: string) => mime.startsWith('image/');

// One detection at a time per process: the models share one WebAssembly backend, and two
// pictures at once would only double the memory for the same throughput.
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Reads the faces of one stored picture and stores them, once: a picture that has its
 * `face_scans` row is never read again, and the row is written in the same transaction as its
 * faces, so a worker killed at any point leaves either both or neither.
 */
export async function detectFile(
  ctx: AppContext,
  fileId: number,
  log?: FastifyBaseLogger,
): Promise<DetectOutcome> {
  if (!(await facesEnabled(ctx))) return 'off';
  const db = facesDb(ctx.db);
  const file = await db
    .selectFrom('files')
    .leftJoin('face_scans as s', 's.file_id', 'files.id')
    .select(['files.id', 'files.mime', 'files.storage_key', 's.file_id as scanned'])
    .where('files.id', '=', fileId)
    .where('files.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!file) return 'file-gone';
  if (!isPicture(file.mime)) return 'not-a-picture';
  if (file.scanned !== null) return 'already';
  let bytes: Buffer;
  try {
    bytes = await readFileBytes(ctx, file.storage_key);
  } catch (error) {
    if (isMissingBytes(error)) {
      const still = await db
        .selectFrom('files')
        .select('storage_key')
        .where('id', '=', fileId)
        .executeTakeFirst();
      if (still?.storage_key !== file.storage_key) return 'file-gone';
    }
    throw error;
  }
  const detection = await oneAtATime(() => detectFaces(bytes));
  const outcome = await storeDetection(ctx, file, detection);
  if (outcome === 'stored') log?.debug({ fileId, faces: detection?.faces.length }, 'faces read');
  return outcome;
}

/** Writes a picture's scan and faces with their suggestions, groups and automatic names. */
export async function storeDetection(
  ctx: AppContext,
  file: { id: number; storage_key: string },
  detection: Detection | undefined,
): Promise<DetectOutcome> {
  const faces = detection?.faces ?? [];
  const index = faces.length ? await faceIndex(ctx.db) : undefined;
  const plans: Placement[] = index ? faces.map((face) => placeFace(index, face.descriptor)) : [];
  const autoLink = faces.length > 0 && (await autoLinkEnabled(ctx));
  const now = ctx.now().toISOString();
  return stampedTransaction(ctx.db, 'archive', async (t) => {
    const trx = facesTrx(t);
    const row = await trx
      .selectFrom('files')
      .select(['id', 'item_id'])
      .where('id', '=', file.id)
      .where('storage_key', '=', file.storage_key)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return 'file-gone';
    const inserted = await trx
      .insertInto('face_scans')
      .values({
        file_id: file.id,
        status: detection ? 'done' : 'unreadable',
        faces: faces.length,
        model_version: MODEL_VERSION,
        scanned_at: now,
      })
      .onConflict((oc) => oc.column('file_id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return 'already';
    if (!detection) return 'unreadable';
    if (!faces.length) return 'stored';
    const revision = await bumpFacesRevision(trx);
    const named: number[] = [];
    for (const [i, face] of faces.entries()) {
      const plan = plans[i]!;
      const suggestion = await confirmedSuggestion(trx, plan.suggestion);
      const auto =
        autoLink && suggestion !== undefined && suggestion.distance < FACE_THRESHOLDS.autoLink;
      if (auto) named.push(suggestion.participantId);
      await trx
        .insertInto('faces')
        .values({
          file_id: file.id,
          box_x: face.box.x,
          box_y: face.box.y,
          box_width: face.box.width,
          box_height: face.box.height,
          landmarks: JSON.stringify(face.landmarks),
          descriptor: descriptorBytes(face.descriptor),
          score: face.score,
          model_version: MODEL_VERSION,
          origin: 'detected',
          participant_id: auto ? suggestion.participantId : null,
          named_at: auto ? now : null,
          suggested_id: auto ? null : (suggestion?.participantId ?? null),
          suggested_distance: auto ? null : (suggestion?.distance ?? null),
          group_id: auto ? null : await groupFor(trx, plan.group, now),
          created_at: now,
          revision,
        })
        .execute();
    }
    await syncFaceLinks(trx, row.item_id, named);
    return 'stored';
  });
}

/** Queues the detection of new pictures (an upload), or the backfill (an import's many). */
export async function queueDetection(ctx: AppContext, fileIds: number[] | 'many') {
  if (!(await facesEnabled(ctx))) return;
  if (fileIds === 'many') {
    await queueBackfill(ctx);
    return;
  }
  for (const fileId of fileIds) {
    await ctx.jobs.enqueue<DetectPayload>(
      DETECT_JOB,
      { fileId },
      { key: `${DETECT_JOB}:${fileId}` },
    );
  }
}

export async function queueBackfill(ctx: AppContext): Promise<string> {
  const jobId = await ctx.jobs.enqueue(BACKFILL_JOB, null, { key: BACKFILL_JOB });
  await ctx.settings.set(BACKFILL_JOB_KEY, jobId);
  return jobId;
}

const BATCH = 20;

/** Pictures of the archive (live files of items, images) and how many the detector has read. */
export async function pictureCounts(ctx: AppContext) {
  const row = await facesDb(ctx.db)
    .selectFrom('files as f')
    .leftJoin('face_scans as s', 's.file_id', 'f.id')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('pictures'),
      eb.fn.count<number | string>('s.file_id').as('scanned'),
    ])
    .where('f.mime', 'like', 'image/%')
    .where('f.item_id', 'is not', null)
    .where('f.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { pictures: Number(row.pictures), scanned: Number(row.scanned) };
}

/**
 * Reads every picture the detector has not read yet, in id order, reporting progress (which also
 * keeps the job's lease). Resumable by construction: a picture read is one with its scan row, so
 * a run that was killed, abandoned or stopped starts again where its committed work ends.
 */
export async function backfillFaces(
  ctx: AppContext,
  job: Pick<JobContext, 'progress' | 'signal' | 'log'>,
): Promise<{ read: number }> {
  let read = 0;
  let after = 0;
  for (;;) {
    if (!(await facesEnabled(ctx)) || job.signal.aborted) return { read };
    const batch = await facesDb(ctx.db)
      .selectFrom('files as f')
      .leftJoin('face_scans as s', 's.file_id', 'f.id')
      .select('f.id')
      .where('s.file_id', 'is', null)
      .where('f.mime', 'like', 'image/%')
      .where('f.item_id', 'is not', null)
      .where('f.deleted_at', 'is', null)
      .where('f.id', '>', after)
      .orderBy('f.id')
      .limit(BATCH)
      .execute();
    if (!batch.length) break;
    for (const { id } of batch) {
      if (job.signal.aborted) return { read };
      await detectFile(ctx, id, job.log);
      read += 1;
      after = id;
      const { pictures, scanned } = await pictureCounts(ctx);
      await job.progress(pictures ? (scanned / pictures) * 100 : 100);
    }
  }
  await job.progress(100);
  return { read };
}
