import { fileBytes } from './responses.js';
import { route, type RouteDef } from './route-def.js';
import { messageBody } from './schemas/common.js';
import {
  downloadListSchema,
  exportCreateBody,
  exportIdParam,
  exportSaved,
  exportSchema,
} from './schemas/exports.js';

/**
 * The admin's downloads tab (`/admin/tabAdminParam/downloads`): everything the archive produced
 * for download, and the exports an admin starts (a job: poll its status for the progress). Admin
 * only.
 */
export const exportRouteTable = {
  downloads: route({
    method: 'GET',
    path: '/api/downloads',
    access: 'admin',
    responses: { 200: downloadListSchema },
  }),
  exportCreate: route({
    method: 'POST',
    path: '/api/exports',
    access: 'admin',
    body: exportCreateBody,
    responses: { 202: exportSaved.describe('Queued: ask its status for the progress') },
  }),
  exportStatus: route({
    method: 'GET',
    path: '/api/exports/:id',
    access: 'admin',
    params: exportIdParam,
    responses: { 200: exportSchema },
  }),
  exportDownload: route({
    method: 'GET',
    path: '/api/exports/:id/download',
    access: 'admin',
    params: exportIdParam,
    responses: {
      200: fileBytes,
      409: messageBody.describe('Not written yet (queued, running or failed)'),
    },
  }),
  exportDelete: route({
    method: 'DELETE',
    path: '/api/exports/:id',
    access: 'admin',
    params: exportIdParam,
    responses: { 200: messageBody },
  }),
} as const satisfies Record<string, RouteDef>;
