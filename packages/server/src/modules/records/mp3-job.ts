import type { RecordMp3Status } from '@kinfolio/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import { removeAbandonedTempDirs, TEMP_HEARTBEAT_MS } from '../../storage/index.js';
import { ffmpegChoice, ffprobeChoice } from './ffmpeg.js';
import { generateRecordMp3, recordMp3State } from './mp3-service.js';

export const RECORD_MP3_JOB = 'records.mp3';

interface Mp3Payload {
  recordId: number;
}

/**
 * The last generation job of each record (migration 0030): the queue is asked about jobs by id,
 * and the routes know a record, not a job. Declared here, beside the only module that reads it.
 */
interface RecordMp3JobsTable {
  record_id: number;
  job_id: string;
  updated_at: string;
}

const jobsDb = (db: Kysely<Database>) => db.withTables<{ record_mp3_jobs: RecordMp3JobsTable }>();

async function rememberJob(ctx: AppContext, recordId: number, jobId: string) {
  const updatedAt = ctx.now().toISOString();
  try {
    await jobsDb(ctx.db)
      .insertInto('record_mp3_jobs')
      .values({ record_id: recordId, job_id: jobId, updated_at: updatedAt })
      .onConflict((oc) =>
        oc.column('record_id').doUpdateSet({ job_id: jobId, updated_at: updatedAt }),
      )
      .execute();
  } catch (error) {
    // Deleted for good meanwhile: its job finds no record and does nothing.
    if (!isForeignKeyViolation(error)) throw error;
  }
}

async function lastJob(ctx: AppContext, recordId: number): Promise<string | undefined> {
  const row = await jobsDb(ctx.db)
    .selectFrom('record_mp3_jobs')
    .select('job_id')
    .where('record_id', '=', recordId)
    .executeTakeFirst();
  return row?.job_id;
}

/**
 * Declares the MP3 job on the app's queue (web server and `kinfolio worker` alike, routes or
 * not). Two attempts: a part ffmpeg cannot read fails again, a worker that died is worth one more
 * go. Its own queue (`media`), so `kinfolio worker --queue media` can run the heavy work on
 * processes of its own.
 */
export function declareRecordMp3Job(ctx: AppContext): void {
  // Which build decodes users' uploads: the setting's, the system's, or the bundled fallback.
  ctx.log.info({ ffmpeg: ffmpegChoice(), ffprobe: ffprobeChoice() }, 'ffmpeg for records’ MP3s');
  ctx.jobs.define<Mp3Payload>(
    RECORD_MP3_JOB,
    async ({ recordId }, run) => {
      const state = await recordMp3State(ctx, recordId);
      // Deleted, emptied or already made since it was queued: nothing left to do.
      if (state.kind !== 'absent') return;
      let reporting = Promise.resolve();
      run.log.info({ recordId }, 'generating the MP3 of a record');
      await generateRecordMp3(
        ctx,
        recordId,
        (fraction) => {
          // Progress is advisory: reports go one after the other, and never fail the job.
          reporting = reporting.then(() => run.progress(fraction * 100)).catch(() => undefined);
        },
        run.signal,
      );
      await reporting;
    },
    { attempts: 2, backoffMs: 5_000, queue: 'media', leaseMs: ctx.config.jobs.leaseMs },
  );
  // At start and every ten minutes: what a worker killed mid-job left (a partial MP3, the
  // temporary folder holding copies of a record's audio) goes once idle longer than a lease.
  ctx.jobs.define<null>(RECORD_MP3_LEFTOVERS_JOB, async () => {
    await removeMp3Leftovers(ctx);
  });
  ctx.jobs.every(RECORD_MP3_LEFTOVERS_JOB, 10 * 60 * 1000, null, { atStart: true });
}

export const RECORD_MP3_LEFTOVERS_JOB = 'records.mp3_leftovers';

/** Removes partial MP3s and MP3 temporary folders idle longer than a job lease. */
export async function removeMp3Leftovers(ctx: AppContext): Promise<void> {
  const idle = new Date(Date.now() - Math.max(ctx.config.jobs.leaseMs, 3 * TEMP_HEARTBEAT_MS));
  // A bucket may date a multipart upload from its start: there, an hour (an encoding is shorter).
  const partials =
    ctx.config.storage.kind === 'local' ? idle : new Date(Date.now() - 60 * 60 * 1000);
  await ctx.storage.mp3.removeAbandonedPartials(partials);
  // The segment detection's copies of a record's audio too (segments/detect-job.ts).
  await removeAbandonedTempDirs(['mp3', 'segments'], idle);
}

/** What the routes ask of the MP3 job (declared by declareRecordMp3Job). */
export interface RecordMp3Jobs {
  /** Queues the generation unless one is queued or running already; its job id either way. */
  enqueue(recordId: number): Promise<string>;
  /** Where the record's MP3 stands; undefined when there is no such record. */
  status(recordId: number): Promise<RecordMp3Status | undefined>;
}

/** The address the MP3 is served at; `v` changes with each version, so caches never mix them. */
export const mp3Url = (recordId: number, key: string) => `/api/records-mp3/${recordId}?v=${key}`;

export function recordMp3Jobs(ctx: AppContext): RecordMp3Jobs {
  return {
    async enqueue(recordId) {
      const jobId = await ctx.jobs.enqueue<Mp3Payload>(
        RECORD_MP3_JOB,
        { recordId },
        { key: `${RECORD_MP3_JOB}:${recordId}` },
      );
      await rememberJob(ctx, recordId, jobId);
      return jobId;
    },
    async status(recordId) {
      const state = await recordMp3State(ctx, recordId);
      if (state.kind === 'missing-record') return undefined;
      if (state.kind === 'no-parts') {
        return { status: 'no_parts', progress: 0, job_id: null, url: null };
      }
      if (state.kind === 'ready') {
        return { status: 'ready', progress: 100, job_id: null, url: mp3Url(recordId, state.key) };
      }
      const jobId = await lastJob(ctx, recordId);
      const running = jobId ? await ctx.jobs.status(jobId) : undefined;
      if (running && (running.state === 'queued' || running.state === 'running')) {
        const progress = Math.max(0, Math.min(100, Math.round(running.progress)));
        return { status: running.state, progress, job_id: jobId!, url: null };
      }
      if (running?.state === 'failed') {
        return { status: 'failed', progress: 0, job_id: jobId!, url: null };
      }
      // The job may have finished between the two reads above: its MP3 is ready, not missing.
      const after = await recordMp3State(ctx, recordId);
      if (after.kind === 'ready') {
        return { status: 'ready', progress: 100, job_id: null, url: mp3Url(recordId, after.key) };
      }
      return { status: state.stale ? 'stale' : 'none', progress: 0, job_id: null, url: null };
    },
  };
}
