import { route, type RouteDef } from './route-def.js';
import { fileBytes } from './responses.js';
import { z } from 'zod';
import { idParam, messageBody, validationErrorBody } from './schemas/common.js';
import {
  backupListSchema,
  backupRestored,
  backupSaved,
  backupSchema,
  backupScheduleSaved,
  backupScheduleSchema,
  backupVerified,
} from './schemas/backups.js';

/**
 * Portable backups (the admin's backup tab, `/admin/tabAdminParam/backup`): list, make one now
 * (a job: poll its status for the progress), download, check its checksums again, delete, the
 * nightly schedule, and restoring an uploaded backup into an empty archive (multipart, field
 * `backup`). Admin only. A refused backup file is a 422 with a localised message.
 */
export const backupRouteTable = {
  backups: route({
    method: 'GET',
    path: '/api/backups',
    access: 'admin',
    responses: { 200: backupListSchema },
  }),
  backupCreate: route({
    method: 'POST',
    path: '/api/backups',
    access: 'admin',
    responses: { 202: backupSaved.describe('Queued: ask its status for the progress') },
  }),
  backupStatus: route({
    method: 'GET',
    path: '/api/backups/:id',
    access: 'admin',
    params: idParam,
    responses: { 200: backupSchema },
  }),
  backupDownload: route({
    method: 'GET',
    path: '/api/backups/:id/download',
    access: 'admin',
    params: idParam,
    responses: {
      200: fileBytes,
      409: messageBody.describe('Not written yet (running or failed)'),
    },
  }),
  backupVerify: route({
    method: 'POST',
    path: '/api/backups/:id/verify',
    access: 'admin',
    params: idParam,
    responses: {
      200: backupVerified,
      409: messageBody.describe('Not written yet (running or failed)'),
      422: z
        .union([validationErrorBody, messageBody])
        .describe('Invalid id (by field), or damaged, cut short or of a newer format'),
    },
  }),
  backupDelete: route({
    method: 'DELETE',
    path: '/api/backups/:id',
    access: 'admin',
    params: idParam,
    responses: { 200: messageBody, 409: messageBody.describe('Still being written') },
  }),
  backupSchedule: route({
    method: 'GET',
    path: '/api/backup-schedule',
    access: 'admin',
    responses: { 200: backupScheduleSchema },
  }),
  backupScheduleUpdate: route({
    method: 'PUT',
    path: '/api/backup-schedule',
    access: 'admin',
    body: backupScheduleSchema,
    responses: { 200: backupScheduleSaved },
  }),
  backupRestore: route({
    method: 'POST',
    path: '/api/backup-restore',
    access: 'admin',
    responses: {
      200: backupRestored.describe('Restored: log in again with an account of the backup'),
      400: messageBody.describe('Not a readable multipart body'),
      409: messageBody.describe('The archive is not empty'),
      415: messageBody.describe('Not multipart'),
      422: z
        .union([validationErrorBody, messageBody])
        .describe(
          'Invalid input (by field), or not a backup, damaged, cut short or of a newer version',
        ),
    },
  }),
} as const satisfies Record<string, RouteDef>;
