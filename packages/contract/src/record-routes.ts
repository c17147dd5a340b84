import { z } from 'zod';
import { route, type RouteDef } from './route-def.js';
import { fileBytes, noBody } from './responses.js';
import { bulkIdsBody, recordBulkBody, recordBulkResultSchema } from './schemas/bulk.js';
import { idParam, messageBody } from './schemas/common.js';
import {
  recordCreateBody,
  recordFilesOrderBody,
  recordFilesOrderedSchema,
  recordListQuery,
  recordPageSchema,
  recordRevisionPageSchema,
  recordRevisionQuery,
  recordSavedSchema,
  recordSchema,
  recordUpdateBody,
  recordUpdatedSchema,
  recordMp3DownloadQuery,
  recordMp3FileSchema,
  recordMp3GenerateSchema,
  recordMp3StatusSchema,
} from './schemas/records.js';
import {
  recordSegmentCreateBody,
  recordSegmentDeletedSchema,
  recordSegmentDetectBody,
  recordSegmentDetectionSchema,
  recordSegmentDetectQueuedSchema,
  recordSegmentListSchema,
  recordSegmentSavedSchema,
  recordSegmentsFromTimeCodesSchema,
  recordSegmentUpdateBody,
} from './schemas/record-segments.js';

/**
 * Audio records, in the items' dialect: reading needs a logged-in user, writing
 * `records.edit`; moving into the trash, out of it and deleting for good `content.delete`, as for
 * items. Restore and hard delete follow the items'
 * `{base}-restore/{id}` and `{base}-harddelete/{id}`. Audio parts are attached with
 * `addFilepond` (`modelType: 'record'`) and put in order with `recordFilesOrder`.
 */
export const recordRouteTable = {
  records: route({
    method: 'GET',
    path: '/api/records',
    access: 'auth',
    cache: 'archive',
    query: recordListQuery,
    responses: { 200: recordPageSchema },
  }),
  /** Who keeps the originals: the distinct `owner` of live records, for the list's owner filter. */
  recordOwners: route({
    method: 'GET',
    path: '/api/records-owners',
    access: 'auth',
    cache: 'archive',
    responses: { 200: z.array(z.string()) },
  }),
  /** Also a record in the trash (its `deleted_at` says so). */
  record: route({
    method: 'GET',
    path: '/api/records/:id',
    access: 'auth',
    cache: 'archive',
    params: idParam,
    responses: { 200: recordSchema },
  }),
  recordRevisions: route({
    method: 'GET',
    path: '/api/records/revision/:id',
    access: 'auth',
    cache: 'archive',
    params: idParam,
    query: recordRevisionQuery,
    responses: { 200: recordRevisionPageSchema },
  }),
  recordCreate: route({
    method: 'POST',
    path: '/api/records',
    access: 'records.edit',
    body: recordCreateBody,
    responses: { 201: recordSavedSchema },
  }),
  recordUpdate: route({
    method: 'PATCH',
    path: '/api/records/:id',
    access: 'records.edit',
    params: idParam,
    body: recordUpdateBody,
    responses: { 200: recordUpdatedSchema },
  }),
  /** Soft delete: into the trash. */
  recordDelete: route({
    method: 'DELETE',
    path: '/api/records/:id',
    access: 'content.delete',
    params: idParam,
    responses: { 200: messageBody },
  }),
  recordRestore: route({
    method: 'POST',
    path: '/api/records-restore/:id',
    access: 'content.delete',
    params: idParam,
    responses: { 200: recordSavedSchema },
  }),
  /** Only from the trash; removes the record, its revisions, its people and its audio files. */
  recordHardDelete: route({
    method: 'DELETE',
    path: '/api/records-harddelete/:id',
    access: 'content.delete',
    params: idParam,
    responses: { 200: messageBody },
  }),
  /** Many records at once, in one transaction; the answer says how to undo it. */
  recordBulk: route({
    method: 'POST',
    path: '/api/records-bulk',
    access: 'records.edit',
    trashAccess: 'content.delete',
    body: recordBulkBody,
    responses: { 200: recordBulkResultSchema },
  }),
  /** Records in the trash deleted for good, in one transaction. */
  recordBulkHardDelete: route({
    method: 'POST',
    path: '/api/records-bulk-harddelete',
    access: 'content.delete',
    body: bulkIdsBody,
    responses: { 200: recordBulkResultSchema },
  }),
  /** Every record in the trash deleted for good. */
  recordEmptyTrash: route({
    method: 'DELETE',
    path: '/api/records-trash',
    access: 'content.delete',
    responses: { 200: recordBulkResultSchema },
  }),
  /** The record's audio parts in a new order: every attached file id, each once. */
  recordFilesOrder: route({
    method: 'PATCH',
    path: '/api/records-files/:id',
    access: 'records.edit',
    params: idParam,
    body: recordFilesOrderBody,
    responses: { 200: recordFilesOrderedSchema },
  }),
  /**
   * Queues the job that joins the record's audio parts in order into one MP3: 202 while
   * it waits or runs (one job per record at a time: asking again follows the same job), 200 when
   * the MP3 already matches the record. Any reader may ask: the MP3 is made of what they can read.
   */
  recordMp3Generate: route({
    method: 'GET',
    path: '/api/generate-records-mp3/:id',
    access: 'auth',
    params: idParam,
    responses: {
      200: recordMp3GenerateSchema.describe('Already generated: status `ready` with its url'),
      202: recordMp3GenerateSchema.describe('Queued (or already queued or running)'),
    },
  }),
  /** Where the generation stands, for a live progress bar. */
  recordMp3Status: route({
    method: 'GET',
    path: '/api/records-mp3-status/:id',
    access: 'auth',
    params: idParam,
    responses: { 200: recordMp3StatusSchema },
  }),
  /**
   * The address of the record's MP3, which the web opens in a new tab; while it is being
   * generated, 409 with 'record is currently generated, please retry' and Retry-After;
   * 404 when it was never generated or the record changed since.
   */
  recordMp3File: route({
    method: 'GET',
    path: '/api/get-records-file/:id',
    access: 'auth',
    params: idParam,
    responses: {
      200: recordMp3FileSchema,
      409: messageBody.describe('Being generated; retry after the Retry-After header'),
    },
  }),
  /** The MP3's bytes (Range, ETag), the same access as the other files; 404 when stale. */
  recordMp3Download: route({
    method: 'GET',
    path: '/api/records-mp3/:id',
    access: 'auth',
    params: idParam,
    query: recordMp3DownloadQuery,
    responses: {
      200: fileBytes,
      206: fileBytes.describe('The requested range'),
      304: noBody,
      416: noBody.describe('Range not satisfiable'),
    },
  }),
  /** The record's segments (its OHMS-style index), in time order; a trashed record's too. */
  recordSegments: route({
    method: 'GET',
    path: '/api/records/:id/segments',
    access: 'auth',
    cache: 'archive',
    params: idParam,
    responses: { 200: recordSegmentListSchema },
  }),
  /**
   * The record's index as OHMS XML (`<ROOT><record>…<index><point>…`), for oral-history tools:
   * each segment a point with its time, title, synopsis, keywords and transcript.
   */
  recordSegmentsOhms: route({
    method: 'GET',
    path: '/api/records/:id/segments.xml',
    access: 'auth',
    params: idParam,
    responses: { 200: fileBytes.describe('application/xml') },
  }),
  /** Adds a segment, or splits the one its start falls in. */
  recordSegmentCreate: route({
    method: 'POST',
    path: '/api/records/:id/segments',
    access: 'records.edit',
    params: idParam,
    body: recordSegmentCreateBody,
    responses: { 201: recordSegmentSavedSchema },
  }),
  /**
   * Queues the job that cuts the record's audio at its silences into segments (202; asking again
   * while one waits or runs follows it). Detected segments nobody edited are replaced; edited,
   * added and time-code segments are kept, and the new ones fill the time around them.
   */
  recordSegmentsDetect: route({
    method: 'POST',
    path: '/api/records/:id/segments/detect',
    access: 'records.edit',
    params: idParam,
    body: recordSegmentDetectBody,
    responses: { 202: recordSegmentDetectQueuedSchema },
  }),
  /** Where the record's last detection stands, for a progress bar. */
  recordSegmentsDetection: route({
    method: 'GET',
    path: '/api/records/:id/segments/detect',
    access: 'auth',
    params: idParam,
    responses: { 200: recordSegmentDetectionSchema },
  }),
  /**
   * A segment at each `[hh:mm:ss]` of the transcript (its text up to the next code as the
   * segment's transcript); codes at the start of an existing segment add nothing, codes inside
   * one split it.
   */
  recordSegmentsFromTimeCodes: route({
    method: 'POST',
    path: '/api/records/:id/segments/from-time-codes',
    access: 'records.edit',
    params: idParam,
    responses: { 200: recordSegmentsFromTimeCodesSchema },
  }),
  /** Retitles, describes, moves or merges a segment (see recordSegmentUpdateBody). */
  recordSegmentUpdate: route({
    method: 'PATCH',
    path: '/api/record-segments/:id',
    access: 'records.edit',
    params: idParam,
    body: recordSegmentUpdateBody,
    responses: { 200: recordSegmentSavedSchema },
  }),
  recordSegmentDelete: route({
    method: 'DELETE',
    path: '/api/record-segments/:id',
    access: 'records.edit',
    params: idParam,
    responses: { 200: recordSegmentDeletedSchema },
  }),
} as const satisfies Record<string, RouteDef>;
