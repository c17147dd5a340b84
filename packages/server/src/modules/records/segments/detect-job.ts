import {
  RECORD_SEGMENT_LIMITS,
  type RecordSegmentDetectBody,
  type RecordSegmentDetection,
} from '@kinfolio/contract';
import type { AppContext } from '../../../context.js';
import { isForeignKeyViolation } from '../../../db/errors.js';
import { stampedTransaction } from '../../../db/stamps.js';
import { withTempDir } from '../../../storage/index.js';
import { filesRepository } from '../../files/index.js';
import { looksLikeAudioOrVideo, SNIFF_BYTES } from '../media-sniff.js';
import { recordsRepository } from '../repository.js';
import {
  DEFAULT_MAX_LENGTH,
  defaultMinLength,
  fitAround,
  proposeSegments,
  type SizeOptions,
} from './propose.js';
import { segmentsRepository } from './repository.js';
import { DEFAULT_SILENCE, findSilences, type SilenceOptions } from './silences.js';

export const RECORD_SEGMENTS_JOB = 'records.segments_detect';

interface DetectPayload {
  recordId: number;
  options: RecordSegmentDetectBody;
}

export interface DetectOutcome {
  /** Segments written. */
  created: number;
  duration: number;
  silences: number;
  cpuSeconds: number;
  maxRssBytes: number;
}

/** The request's options over the defaults (the minimum length depends on the recording's). */
export function detectOptions(options: RecordSegmentDetectBody, duration: number) {
  const silence: SilenceOptions = {
    noiseDb: options.noise_db ?? DEFAULT_SILENCE.noiseDb,
    minSilence: options.min_silence ?? DEFAULT_SILENCE.minSilence,
  };
  const maxLength = options.max_length ?? DEFAULT_MAX_LENGTH;
  const size: SizeOptions = {
    minLength: Math.min(options.min_length ?? defaultMinLength(duration), maxLength / 2),
    maxLength,
  };
  return { silence, size };
}

/**
 * Finds the silences of a record's audio parts joined in order (copied out of the storage into a
 * private temporary folder, as the MP3 job does) and replaces the record's detected segments
 * nobody edited with segments cut at them, around the segments people made or edited. Safe to
 * run again from the start: a retried job after a worker died writes the same.
 */
export async function detectRecordSegments(
  ctx: AppContext,
  recordId: number,
  options: RecordSegmentDetectBody,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<DetectOutcome | undefined> {
  const record = await recordsRepository(ctx.db).find(recordId);
  if (!record || record.deleted_at) return undefined;
  const parts = await filesRepository(ctx.db).ofRecord(recordId);
  if (parts.length === 0) return undefined;
  for (const part of parts) {
    const chunks: Buffer[] = [];
    for await (const chunk of ctx.storage.files.get(part.storage_key, {
      start: 0,
      end: SNIFF_BYTES - 1,
    })) {
      chunks.push(chunk as Buffer);
    }
    if (!looksLikeAudioOrVideo(Buffer.concat(chunks))) {
      throw new Error(`part ${part.id} (${part.name}) is not audio or video: not given to ffmpeg`);
    }
  }
  const scan = await withTempDir('segments', async (dir) => {
    const inputs: string[] = [];
    for (const [index, part] of parts.entries()) {
      inputs.push(await dir.write(`part-${index}`, ctx.storage.files.get(part.storage_key)));
    }
    return findSilences({
      inputs,
      silence: detectOptions(options, 0).silence,
      timeLimitMs: ctx.config.ffmpegTimeLimitMs,
      ...(onProgress ? { onProgress: (fraction) => onProgress(fraction * 0.95) } : {}),
      ...(signal ? { signal } : {}),
    });
  });
  const proposed = proposeSegments(
    scan.silences,
    scan.duration,
    detectOptions(options, scan.duration).size,
  );
  const created = await stampedTransaction(ctx.db, 'archive', async (trx) => {
    const current = await recordsRepository(trx).find(recordId, ctx.dialect === 'postgres');
    if (!current || current.deleted_at) return 0;
    const repo = segmentsRepository(trx);
    const segments = await repo.ofRecord(recordId);
    const replaced = segments.filter((s) => s.origin === 'detected' && s.edited === 0);
    const kept = segments.filter((s) => !replaced.includes(s));
    await repo.remove(replaced.map((s) => s.id));
    const room = RECORD_SEGMENT_LIMITS.segmentsMax - kept.length;
    const fitted = fitAround(
      proposed,
      kept.map((s) => ({ start: s.start_seconds, end: s.end_seconds })),
    ).slice(0, Math.max(0, room));
    const now = ctx.now().toISOString();
    for (const span of fitted) {
      await repo.insert({
        record_id: recordId,
        start_seconds: span.start,
        end_seconds: span.end,
        title: '',
        synopsis: '',
        keywords: '[]',
        transcript: '',
        origin: 'detected',
        edited: 0,
        created_at: now,
        updated_at: now,
      });
    }
    return fitted.length;
  });
  onProgress?.(1);
  return {
    created,
    duration: scan.duration,
    silences: scan.silences.length,
    cpuSeconds: scan.cpuSeconds,
    maxRssBytes: scan.maxRssBytes,
  };
}

/**
 * Declares the detection job (web server and `kinfolio worker` alike), on the `media` queue
 * beside the MP3s: two attempts, for a worker that died mid-scan.
 */
export function declareRecordSegmentsJob(ctx: AppContext): void {
  ctx.jobs.define<DetectPayload>(
    RECORD_SEGMENTS_JOB,
    async ({ recordId, options }, run) => {
      let reporting = Promise.resolve();
      run.log.info({ recordId }, 'detecting the segments of a record');
      await detectRecordSegments(
        ctx,
        recordId,
        options,
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
}

/** Whether the record has audio to scan; undefined when there is no such record. */
export async function hasAudio(ctx: AppContext, recordId: number): Promise<boolean | undefined> {
  const record = await recordsRepository(ctx.db).find(recordId);
  if (!record) return undefined;
  return (await recordsRepository(ctx.db).filesCounts([recordId])).has(recordId);
}

/** Queues a detection unless one waits or runs for the record already; its job id either way. */
export async function enqueueDetection(
  ctx: AppContext,
  recordId: number,
  options: RecordSegmentDetectBody,
): Promise<string> {
  const jobId = await ctx.jobs.enqueue<DetectPayload>(
    RECORD_SEGMENTS_JOB,
    { recordId, options },
    { key: `${RECORD_SEGMENTS_JOB}:${recordId}` },
  );
  try {
    await segmentsRepository(ctx.db).rememberJob(recordId, jobId, ctx.now().toISOString());
  } catch (error) {
    // Deleted for good meanwhile: its job finds no record and does nothing.
    if (!isForeignKeyViolation(error)) throw error;
  }
  return jobId;
}

/** Where the record's last detection stands. */
export async function detectionStatus(
  ctx: AppContext,
  recordId: number,
): Promise<RecordSegmentDetection> {
  const jobId = await segmentsRepository(ctx.db).lastJob(recordId);
  const job = jobId ? await ctx.jobs.status(jobId) : undefined;
  if (!jobId || !job) return { status: 'none', progress: 0, job_id: null };
  const progress = Math.max(0, Math.min(100, Math.round(job.progress)));
  return { status: job.state, progress: job.state === 'done' ? 100 : progress, job_id: jobId };
}
