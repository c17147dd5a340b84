import { z } from 'zod';
import { route, type RouteDef } from './route-def.js';
import { noBody } from './responses.js';
import { idParam, messageBody, validationErrorBody } from './schemas/common.js';
import { importUploadParams, importUploadSchema } from './schemas/import-uploads.js';
import {
  importPageSchema,
  importSaved,
  importSchema,
  importsQuery,
  importStartBody,
  nearDuplicateBody,
  nearDuplicateParams,
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
      404: messageBody.describe('A chunked upload that is not there, or someone else’s'),
      422: z
        .union([validationErrorBody, messageBody])
        .describe(
          'Invalid options (by field), no file, a path that is not there, or an unfinished upload',
        ),
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
  /**
   * Records how a near-duplicate the import created was reviewed, so the report shows it after
   * a reload: `kept` (both stay), or `trashed` (the new picture goes to the trash, which needs
   * `content.delete`). The import's owner or an admin, once the import is done; once per pair.
   */
  importNearDuplicate: route({
    method: 'POST',
    path: '/api/imports/:id/near-duplicates/:item_id',
    access: 'content.edit',
    params: nearDuplicateParams,
    body: nearDuplicateBody,
    responses: {
      200: importSaved,
      403: messageBody.describe('Moving the new picture to the trash, without content.delete'),
      404: messageBody.describe('No such import (or someone else’s), or no such pair in it'),
      409: messageBody.describe(
        'The import is not done (running, or undone), or the pair was reviewed',
      ),
      422: validationErrorBody.describe('Not a decision'),
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
  /**
   * Chunked, resumable uploads of large sources: the tus 1.0.0 protocol (core, creation,
   * termination; every request but OPTIONS carries `Tus-Resumable: 1.0.0`). This creates one
   * (`Upload-Length`, `Upload-Metadata: filename <base64>`): 201 with its `Location`. `HEAD` on
   * that location answers its `Upload-Offset` (resuming), `OPTIONS /api/import-uploads` the
   * protocol's `Tus-Version`, `Tus-Extension` and `Tus-Max-Size`; neither fits this table.
   * Only its creator continues an upload; one idle for a day is removed.
   */
  importUploadCreate: route({
    method: 'POST',
    path: '/api/import-uploads',
    access: 'content.edit',
    responses: {
      201: z
        .object({ upload: importUploadSchema })
        .describe(
          'Created, at its `Location`: PATCH its bytes there; HEAD there tells its Upload-Offset',
        ),
      400: messageBody.describe('No valid Upload-Length'),
      412: messageBody.describe('Not tus 1.0.0 (Tus-Resumable)'),
      413: messageBody.describe('Larger than the import upload limit (Tus-Max-Size)'),
    },
  }),
  importUploadAppend: route({
    method: 'PATCH',
    path: '/api/import-uploads/:id',
    access: 'content.edit',
    params: importUploadParams,
    responses: {
      204: noBody.describe('Appended: its new Upload-Offset is in the headers'),
      400: messageBody.describe('No valid Upload-Offset'),
      404: messageBody.describe('No such upload, or someone else’s'),
      409: messageBody.describe('Upload-Offset is not where the upload stands (ask HEAD)'),
      412: messageBody.describe('Not tus 1.0.0 (Tus-Resumable)'),
      413: messageBody.describe('More bytes than the upload’s length'),
      415: messageBody.describe('Not application/offset+octet-stream'),
    },
  }),
  importUploadDelete: route({
    method: 'DELETE',
    path: '/api/import-uploads/:id',
    access: 'content.edit',
    params: importUploadParams,
    responses: {
      204: noBody.describe('Removed with every byte it received'),
      404: messageBody.describe('No such upload, or someone else’s'),
      412: messageBody.describe('Not tus 1.0.0 (Tus-Resumable)'),
    },
  }),
} as const satisfies Record<string, RouteDef>;
