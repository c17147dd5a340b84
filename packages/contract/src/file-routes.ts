import { z } from 'zod';
import { fileTextRouteTable } from './file-text-routes.js';
import { fileBytes, noBody } from './responses.js';
import { route, type RouteDef } from './route-def.js';
import {
  addFilepondBody,
  fileDownloadQuery,
  filesAttachedSchema,
  serverIdField,
} from './schemas/attachments.js';
import { idParam, messageBody } from './schemas/common.js';

/**
 * Files attached to items, uploaded with FilePond's server protocol:
 * - `filepondProcess`: multipart POST with one file (field `filepond`); answers the server id as
 *   text/plain. The upload stays temporary until `addFilepond` attaches it.
 * - `filepondRevert`: DELETE whose text/plain body is that server id; removes the temporary upload.
 * - `addFilepond`: attaches uploads to an item → `FilesAttached`.
 * - `fileDownload`: the bytes (Range, ETag), or the thumbnail with `?thumb=1`.
 * - `fileDelete`: detaches and removes one file → `{message}`.
 */
export const fileRouteTable = {
  filepondProcess: route({
    method: 'POST',
    path: '/api/medias/filepond',
    access: 'content.edit',
    responses: {
      201: z.string().describe("The upload's server id, as text/plain"),
      400: messageBody.describe('Not a readable multipart body'),
      413: messageBody.describe('Larger than the upload limit'),
      415: messageBody.describe('Not multipart, or a file type that is not accepted'),
    },
  }),
  filepondRevert: route({
    method: 'DELETE',
    path: '/api/medias/filepond',
    access: 'content.edit',
    body: serverIdField,
    responses: { 200: messageBody },
  }),
  addFilepond: route({
    method: 'PATCH',
    path: '/api/medias/addfilepond',
    access: 'content.edit',
    body: addFilepondBody,
    responses: { 200: filesAttachedSchema },
  }),
  fileDownload: route({
    method: 'GET',
    path: '/api/files/:id',
    access: 'auth',
    params: idParam,
    query: fileDownloadQuery,
    responses: {
      200: fileBytes,
      206: fileBytes.describe('The requested range'),
      304: noBody,
      416: noBody.describe('Range not satisfiable'),
    },
  }),
  fileDelete: route({
    method: 'DELETE',
    path: '/api/files/:id',
    access: 'content.edit',
    params: idParam,
    responses: { 200: messageBody },
  }),
  // A scan's text (OCR) is read and corrected per file.
  ...fileTextRouteTable,
} as const satisfies Record<string, RouteDef>;
