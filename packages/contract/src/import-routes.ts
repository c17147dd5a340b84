import { z } from 'zod';
import { route, type RouteDef } from './route-def.js';
import { idParam, messageBody, validationErrorBody } from './schemas/common.js';
import {
  importPageSchema,
  importSaved,
  importSchema,
  importsQuery,
  importStartBody,
} from './schemas/imports.js';

/**
 * Imports of a family's memories (a folder or zip of photos and videos; more sources follow):
 * start one with an upload (multipart, field `file`, options as fields) or, for admins only, a
 * server-side `path` (JSON); it runs as a job (poll its status for the progress and the report);
 * undo sends everything it created to the trash at once. Editors import (`content.edit`); each
 * sees their own imports, admins all; undoing is deleting (`content.delete`).
 */
export const importRouteTable = {
  imports: route({
    method: 'GET',
    path: '/api/imports',
    access: 'content.edit',
    query: importsQuery,
    responses: { 200: importPageSchema },
  }),
  importCreate: route({
    method: 'POST',
    path: '/api/imports',
    access: 'content.edit',
    responses: {
      202: importSaved.describe('Queued: ask its status for the progress and the report'),
      400: messageBody.describe('Not a readable body'),
      403: messageBody.describe('A server-side path, from someone who is not an admin'),
      413: messageBody.describe('Larger than the upload limit'),
      415: messageBody.describe('Neither multipart nor JSON'),
      422: z
        .union([validationErrorBody, messageBody])
        .describe('Invalid options (by field), no file, or a path that is not there'),
    },
  }),
  importStatus: route({
    method: 'GET',
    path: '/api/imports/:id',
    access: 'content.edit',
    params: idParam,
    responses: { 200: importSchema },
  }),
  importStart: route({
    method: 'POST',
    path: '/api/imports/:id/start',
    access: 'content.edit',
    params: idParam,
    body: importStartBody,
    responses: {
      202: importSaved.describe('Queued with the answers and mapping chosen on its preview'),
      409: messageBody.describe('Not waiting on its preview (still analysing, or started)'),
      422: validationErrorBody.describe('Invalid answers (by field), or an unknown participant'),
    },
  }),
  importUndo: route({
    method: 'POST',
    path: '/api/imports/:id/undo',
    access: 'content.delete',
    params: idParam,
    responses: {
      200: importSaved,
      409: messageBody.describe('Still running, or undone already'),
    },
  }),
} as const satisfies Record<string, RouteDef>;
