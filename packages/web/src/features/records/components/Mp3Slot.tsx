import type { RecordEntity } from '@kinfolio/contract';

/**
 * RESERVED SPOT — "Generate MP3 / open MP3" (issue 10, MP3 generation).
 *
 * The record page renders this in its header actions, next to History and Edit. The MP3 work
 * fills it in: a "Generate the MP3" button (GET /api/generate-records-mp3/{id}, with the job's
 * live progress) and an "Open the MP3" button (GET /api/get-records-file/{id}, opened in a new
 * tab; 'record is currently generated, please retry' while the job runs). Nothing is shown until
 * then, and no call is made from here yet.
 */
export function Mp3Slot(_props: { record: RecordEntity }) {
  return null;
}
