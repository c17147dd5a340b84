import { route } from './route-def.js';
import { idParam, messageBody } from './schemas/common.js';
import {
  deletedMediaPageSchema,
  deletedMediaRestored,
  deletedMediasPurged,
  deletedMediasQuery,
  retentionSettingsSaved,
  retentionSettingsSchema,
} from './schemas/deleted-medias.js';

/**
 * Deleted medias (the admin's deletedMedias tab): files whose item or record was deleted for good,
 * or that were removed from one, kept with their bytes for a retention period. List (newest
 * first), restore (to the live owner, else to a new `media` item), purge one or all now, and the
 * retention settings (deleted medias' period; the trash's, 0 meaning never emptied). Admin only.
 */
export const deletedMediaRouteTable = {
  deletedMedias: route({
    method: 'GET',
    path: '/api/deleted-medias',
    access: 'admin',
    query: deletedMediasQuery,
    responses: { 200: deletedMediaPageSchema },
  }),
  deletedMediaRestore: route({
    method: 'POST',
    path: '/api/deleted-medias/:id/restore',
    access: 'admin',
    params: idParam,
    // A 422 (the dialect's, with `errors.id`) when the live record has all its parts already.
    responses: { 200: deletedMediaRestored },
  }),
  deletedMediaPurge: route({
    method: 'DELETE',
    path: '/api/deleted-medias/:id',
    access: 'admin',
    params: idParam,
    responses: { 200: messageBody },
  }),
  deletedMediasPurgeAll: route({
    method: 'DELETE',
    path: '/api/deleted-medias',
    access: 'admin',
    responses: { 200: deletedMediasPurged },
  }),
  retentionSettings: route({
    method: 'GET',
    path: '/api/deleted-medias/settings',
    access: 'admin',
    responses: { 200: retentionSettingsSchema },
  }),
  retentionSettingsUpdate: route({
    method: 'PUT',
    path: '/api/deleted-medias/settings',
    access: 'admin',
    body: retentionSettingsSchema,
    responses: { 200: retentionSettingsSaved },
  }),
};
