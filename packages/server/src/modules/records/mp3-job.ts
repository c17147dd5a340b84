import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RecordMp3Status } from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import { mp3Dir } from './mp3.js';
import { generateRecordMp3, recordMp3State } from './mp3-service.js';

export const RECORD_MP3_JOB = 'records.mp3';

interface Mp3Payload {
  recordId: number;
}

/**
 * The last generation job of a record, kept beside its MP3 (every instance sees the data folder):
 * the queue is asked about jobs by id, and the routes know a record, not a job.
 */
const jobFile = (dataDir: string, recordId: number) =>
  path.join(mp3Dir(dataDir), `record-${recordId}-job.json`);

async function rememberJob(dataDir: string, recordId: number, jobId: string) {
  const file = jobFile(dataDir, recordId);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${randomUUID()}.part`;
  await fs.promises.writeFile(partial, JSON.stringify({ jobId }));
  await fs.promises.rename(partial, file);
}

async function lastJob(dataDir: string, recordId: number): Promise<string | undefined> {
  try {
    const parsed = JSON.parse(await fs.promises.readFile(jobFile(dataDir, recordId), 'utf8')) as {
      jobId?: unknown;
    };
    return typeof parsed.jobId === 'string' ? parsed.jobId : undefined;
  } catch {
    return undefined;
  }
}

/** The records module's MP3 job and what the routes ask of it. */
export interface RecordMp3Jobs {
  /** Queues the generation unless one is queued or running already; its job id either way. */
  enqueue(recordId: number): Promise<string>;
  /** Where the record's MP3 stands; undefined when there is no such record. */
  status(recordId: number): Promise<RecordMp3Status | undefined>;
}

/** The address the MP3 is served at; `v` changes with each version, so caches never mix them. */
export const mp3Url = (recordId: number, key: string) => `/api/records-mp3/${recordId}?v=${key}`;

/**
 * Declares the MP3 job on the app's queue (web server and `kinfolio worker` alike). Two attempts:
 * a part ffmpeg cannot read fails again, a worker that died is worth one more go. Its own queue
 * (`media`), so `kinfolio worker --queue media` can run the heavy work on processes of its own.
 */
export function defineRecordMp3Job(ctx: AppContext): RecordMp3Jobs {
  const queue = ctx.jobs;
  const job = queue.define<Mp3Payload>(
    RECORD_MP3_JOB,
    async ({ recordId }, run) => {
      const state = await recordMp3State(ctx, recordId);
      // Deleted, emptied or already made since it was queued: nothing left to do.
      if (state.kind !== 'absent') return;
      let reporting = Promise.resolve();
      run.log.info({ recordId }, 'generating the MP3 of a record');
      await generateRecordMp3(ctx, recordId, (fraction) => {
        // Progress is advisory: reports go one after the other, and never fail the job.
        reporting = reporting.then(() => run.progress(fraction * 100)).catch(() => undefined);
      });
      await reporting;
    },
    { attempts: 2, backoffMs: 5_000, queue: 'media' },
  );

  return {
    async enqueue(recordId) {
      const jobId = await job.enqueue({ recordId }, { key: `${RECORD_MP3_JOB}:${recordId}` });
      await rememberJob(ctx.config.dataDir, recordId, jobId);
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
      const jobId = await lastJob(ctx.config.dataDir, recordId);
      const running = jobId ? await queue.status(jobId) : undefined;
      if (running && (running.state === 'queued' || running.state === 'running')) {
        const progress = Math.max(0, Math.min(100, Math.round(running.progress)));
        return { status: running.state, progress, job_id: jobId!, url: null };
      }
      if (running?.state === 'failed') {
        return { status: 'failed', progress: 0, job_id: jobId!, url: null };
      }
      return { status: state.stale ? 'stale' : 'none', progress: 0, job_id: null, url: null };
    },
  };
}
