import { z } from 'zod';
import { route, type RouteDef } from './route-def.js';
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
} from './schemas/records.js';

/**
 * Audio records (spec §7 Records), in the items' dialect: reading needs a logged-in user, writing
 * `records.edit`, deleting for good `content.delete`. Restore and hard delete follow the items'
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
    access: 'records.edit',
    params: idParam,
    responses: { 200: messageBody },
  }),
  recordRestore: route({
    method: 'POST',
    path: '/api/records-restore/:id',
    access: 'records.edit',
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
  /** The record's audio parts in a new order: every attached file id, each once. */
  recordFilesOrder: route({
    method: 'PATCH',
    path: '/api/records-files/:id',
    access: 'records.edit',
    params: idParam,
    body: recordFilesOrderBody,
    responses: { 200: recordFilesOrderedSchema },
  }),
} as const satisfies Record<string, RouteDef>;
