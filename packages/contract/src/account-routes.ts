import { fileBytes, noBody, saved } from './responses.js';
import { route, type RouteDef } from './route-def.js';
import { userPictureParams, userPictureQuery } from './schemas/account.js';
import { messageBody, validationErrorBody } from './schemas/common.js';
import { currentUserSchema } from './schemas/user.js';

const pictureUpload = {
  200: saved('user', currentUserSchema),
  400: messageBody.describe('Not a readable multipart body'),
  413: messageBody.describe('Larger than the picture limit'),
  415: messageBody.describe('Not multipart'),
  422: validationErrorBody.describe('No file, or not a picture (checked on the bytes)'),
} as const;

/**
 * The account's pictures and social login (spec §1, §7 Auth).
 * - `updateUserImage` / `updateUserSitepicture`: multipart POST with one file (field `image`);
 *   the picture is turned upright, stripped of its metadata and stored as WebP in the sizes of
 *   PICTURE_PIXELS, replacing the previous one → the user with the new addresses.
 * - `deleteUserImage` / `deleteUserSitepicture`: removes the picture → the user.
 * - `userPicture`: the bytes; a profile picture to any logged-in user, a site picture to its
 *   owner only.
 */
export const accountRouteTable = {
  updateUserImage: route({
    method: 'POST',
    path: '/api/update-user-image',
    access: 'auth',
    responses: pictureUpload,
  }),
  deleteUserImage: route({
    method: 'DELETE',
    path: '/api/update-user-image',
    access: 'auth',
    responses: { 200: saved('user', currentUserSchema) },
  }),
  updateUserSitepicture: route({
    method: 'POST',
    path: '/api/update-user-sitepicture',
    access: 'auth',
    responses: pictureUpload,
  }),
  deleteUserSitepicture: route({
    method: 'DELETE',
    path: '/api/update-user-sitepicture',
    access: 'auth',
    responses: { 200: saved('user', currentUserSchema) },
  }),
  userPicture: route({
    method: 'GET',
    path: '/api/user-pictures/:id/:kind/:size',
    access: 'auth',
    params: userPictureParams,
    query: userPictureQuery,
    responses: { 200: fileBytes.describe('image/webp'), 304: noBody },
  }),
} as const satisfies Record<string, RouteDef>;
