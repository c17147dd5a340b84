import { route, type RouteDef } from './route-def.js';
import { addFilepondBody, fileDownloadQuery, serverIdField } from './schemas/attachments.js';
import { idParam } from './schemas/common.js';

/**
 * Files attached to items, uploaded with FilePond's server protocol:
 * - `filepondProcess`: multipart POST with one file (field `filepond`); answers the server id as
 *   text/plain. The upload stays temporary until `addFilepond` attaches it.
 * - `filepondRevert`: DELETE whose text/plain body is that server id; removes the temporary upload.
 * - `addFilepond` (spec §7): attaches uploads to an item → `FilesAttached`.
 * - `fileDownload`: the bytes (Range, ETag), or the thumbnail with `?thumb=1`.
 * - `fileDelete`: detaches and removes one file → `{message}`.
 */
export const fileRouteTable = {
  filepondProcess: route({ method: 'POST', path: '/api/medias/filepond', access: 'content.edit' }),
  filepondRevert: route({
    method: 'DELETE',
    path: '/api/medias/filepond',
    access: 'content.edit',
    body: serverIdField,
  }),
  addFilepond: route({
    method: 'PATCH',
    path: '/api/medias/addfilepond',
    access: 'content.edit',
    body: addFilepondBody,
  }),
  fileDownload: route({
    method: 'GET',
    path: '/api/files/:id',
    access: 'auth',
    params: idParam,
    query: fileDownloadQuery,
  }),
  fileDelete: route({
    method: 'DELETE',
    path: '/api/files/:id',
    access: 'content.edit',
    params: idParam,
  }),
} as const satisfies Record<string, RouteDef>;
