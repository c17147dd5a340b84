import { z } from 'zod';

/**
 * Where a record's MP3 stands (the parts joined into one file):
 * - `none`: never generated (or its file is gone);
 * - `stale`: an MP3 exists but its parts (or title, owner, date, people) changed since;
 * - `queued` / `running`: a generation is waiting or under way, `progress` in percent;
 * - `ready`: the MP3 matches the record as it is, at `url`;
 * - `failed`: the last generation failed every attempt (the admin's failed jobs say why);
 * - `no_parts`: the record has no audio part to join.
 */
export const RECORD_MP3_STATES = [
  'none',
  'stale',
  'queued',
  'running',
  'ready',
  'failed',
  'no_parts',
] as const;
export type RecordMp3State = (typeof RECORD_MP3_STATES)[number];

export const recordMp3StatusSchema = z.object({
  status: z.enum(RECORD_MP3_STATES),
  /** 0..100; 100 when ready. */
  progress: z.number().int().min(0).max(100),
  /** The generation job's id while there is one to follow. */
  job_id: z.string().nullable(),
  /** Where the MP3 is served, when `ready` (changes with every new version). */
  url: z.string().nullable(),
});
export type RecordMp3Status = z.infer<typeof recordMp3StatusSchema>;

/** GET /api/generate-records-mp3/{id}: the localised message with where things stand. */
export const recordMp3GenerateSchema = recordMp3StatusSchema.extend({ message: z.string() });

/** GET /api/get-records-file/{id} when the MP3 is ready: its address, to open in a new tab. */
export const recordMp3FileSchema = z.object({ url: z.string() });

/** GET /api/records-mp3/{id}: `v` names the version (ignored by the server, busts caches). */
export const recordMp3DownloadQuery = z.object({ v: z.string().max(64).optional() });
