import { route, type RouteDef } from './route-def.js';
import { idParam, messageBody } from './schemas/common.js';
import {
  fileTextPatchBody,
  fileTextReadBody,
  fileTextReadQueued,
  fileTextRevisionsSchema,
  fileTextSaved,
  fileTextSchema,
  ocrAdminBody,
  ocrAdminSaved,
  ocrAdminSchema,
  ocrBackfillQueued,
} from './schemas/file-texts.js';

/**
 * The text of scans (pictures and PDFs of items), read by OCR on the worker: read by any
 * logged-in user; corrected or read again by editors (`content.edit`); the setting and the
 * backfill by admins. Any other file (a record's audio, a deleted media, another type) is a 404.
 */
export const fileTextRouteTable = {
  fileText: route({
    method: 'GET',
    path: '/api/files/:id/text',
    access: 'auth',
    params: idParam,
    responses: { 200: fileTextSchema },
  }),
  fileTextUpdate: route({
    method: 'PATCH',
    path: '/api/files/:id/text',
    access: 'content.edit',
    params: idParam,
    body: fileTextPatchBody,
    responses: { 200: fileTextSaved },
  }),
  fileTextRevisions: route({
    method: 'GET',
    path: '/api/files/:id/text/revisions',
    access: 'auth',
    params: idParam,
    responses: { 200: fileTextRevisionsSchema },
  }),
  fileTextRead: route({
    method: 'POST',
    path: '/api/files/:id/text/read',
    access: 'content.edit',
    params: idParam,
    body: fileTextReadBody,
    responses: {
      202: fileTextReadQueued,
      409: messageBody.describe('OCR is turned off'),
    },
  }),
  ocrAdmin: route({
    method: 'GET',
    path: '/api/admin/ocr',
    access: 'admin',
    responses: { 200: ocrAdminSchema },
  }),
  ocrAdminUpdate: route({
    method: 'PATCH',
    path: '/api/admin/ocr',
    access: 'admin',
    body: ocrAdminBody,
    responses: {
      200: ocrAdminSaved,
      409: messageBody.describe('OCR is not available on this installation (OCR=off)'),
    },
  }),
  ocrBackfill: route({
    method: 'POST',
    path: '/api/admin/ocr/backfill',
    access: 'admin',
    responses: {
      202: ocrBackfillQueued,
      409: messageBody.describe('OCR is turned off'),
    },
  }),
} as const satisfies Record<string, RouteDef>;
