import { z } from 'zod';
import { fileBytes, noBody, saved } from './responses.js';
import { route, type RouteDef } from './route-def.js';
import {
  authCallbackQuery,
  authLoginQuery,
  authProviderParams,
  authProviderSchema,
  linkedIdentitiesSchema,
  userPictureParams,
  userPictureQuery,
} from './schemas/account.js';
import { idParam, messageBody, validationErrorBody } from './schemas/common.js';
import { currentUserSchema } from './schemas/user.js';

const pictureUpload = {
  200: saved('user', currentUserSchema),
  400: messageBody.describe('Not a readable multipart body'),
  413: messageBody.describe('Larger than the picture limit'),
  415: messageBody.describe('Not multipart'),
  422: validationErrorBody.describe('No file, or not a picture (checked on the bytes)'),
} as const;

/**
 * The account's pictures (profile and site picture) and social login.
 * - `updateUserImage` / `updateUserSitepicture`: multipart POST with one file (field `image`);
 *   the picture is turned upright, stripped of its metadata and stored as WebP in the sizes of
 *   PICTURE_PIXELS, replacing the previous one → the user with the new addresses.
 * - `deleteUserImage` / `deleteUserSitepicture`: removes the picture → the user.
 * - `userPicture`: the bytes; a profile picture to any logged-in user, a site picture to its
 *   owner only.
 * - `authProviders`: the social login providers configured, for the login form's buttons.
 * - `authLogin` / `authCallback`: the browser's round trip through a provider, ending on the app
 *   (logged in; the profile when it linked an account to the logged-in user) or on the login
 *   form with `?login_error=` (LOGIN_ERRORS).
 * - `linkedIdentities` / `unlinkIdentity`: the profile's linked accounts; the last way to log in
 *   cannot be unlinked.
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
  authProviders: route({
    method: 'GET',
    path: '/api/auth/providers',
    access: 'public',
    responses: { 200: z.array(authProviderSchema) },
  }),
  authLogin: route({
    method: 'GET',
    path: '/api/auth/login/:provider',
    access: 'public',
    params: authProviderParams,
    query: authLoginQuery,
    responses: { 302: noBody.describe("To the provider's consent page") },
  }),
  authCallback: route({
    method: 'GET',
    path: '/api/auth/callback/:provider',
    access: 'public',
    params: authProviderParams,
    query: authCallbackQuery,
    responses: {
      302: noBody.describe('To the app, logged in; or to /?login_error=… (LOGIN_ERRORS)'),
    },
  }),
  linkedIdentities: route({
    method: 'GET',
    path: '/api/user/identities',
    access: 'auth',
    responses: { 200: linkedIdentitiesSchema },
  }),
  unlinkIdentity: route({
    method: 'DELETE',
    path: '/api/user/identities/:id',
    access: 'auth',
    params: idParam,
    responses: { 200: linkedIdentitiesSchema.extend({ message: z.string() }) },
  }),
} as const satisfies Record<string, RouteDef>;
