import { z } from 'zod';
export type { Access, HttpMethod, RouteDef } from './route-def.js';
import { accountRouteTable } from './account-routes.js';
import { backupRouteTable } from './backup-routes.js';
import { deletedMediaRouteTable } from './deleted-media-routes.js';
import { exportRouteTable } from './export-routes.js';
import { faceRouteTable } from './face-routes.js';
import { placeRouteTable } from './place-routes.js';
import { familyRouteTable } from './family-routes.js';
import { participantRouteTable } from './participant-routes.js';
import { importRouteTable } from './import-routes.js';
import { fileRouteTable } from './file-routes.js';
import { jobRouteTable } from './job-routes.js';
import { loginLinkRouteTable } from './login-link-routes.js';
import { historyFeedRoute, itemRouteTable, searchAllRoute } from './item-routes.js';
import { planningRouteTable } from './planning-routes.js';
import { recordRouteTable } from './record-routes.js';
import { route, type RouteDef } from './route-def.js';
import { shareRouteTable } from './share-routes.js';
import {
  changePasswordBody,
  forgotPasswordBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  resetPasswordCheckBody,
  setupBody,
  verifyEmailQuery,
} from './schemas/auth.js';
import { idField, idParam, messageBody } from './schemas/common.js';
import { noBody, saved, throttled } from './responses.js';
import {
  adminSettingsBody,
  adminSettingsSaved,
  adminSettingsSchema,
  adminUserPatchBody,
  adminUserSchema,
  appStateSchema,
  currentUserSchema,
  publicUserSchema,
  updateUserBody,
} from './schemas/user.js';
import {
  invitationAcceptBody,
  invitationAccepted,
  invitationCreateBody,
  invitationQuery,
  invitationSchema,
} from './schemas/invitations.js';
import {
  categoryCreateBody,
  categorySavedSchema,
  categorySchema,
  siteTranslationSavedSchema,
  siteTranslationSchema,
  tagSavedSchema,
  tagSchema,
  categoryUpdateBody,
  siteTranslationCreateBody,
  siteTranslationUpdateBody,
  tagCreateBody,
  tagUpdateBody,
} from './schemas/organisation.js';

/**
 * Every API route, declared once. The server registers its handlers from this table and the
 * permission matrix test walks it.
 */
export const routes = {
  csrfCookie: route({
    method: 'GET',
    path: '/sanctum/csrf-cookie',
    access: 'public',
    responses: { 204: noBody },
  }),
  appState: route({
    method: 'GET',
    path: '/api/app-state',
    access: 'public',
    responses: { 200: appStateSchema },
  }),
  setup: route({
    method: 'POST',
    path: '/api/setup',
    access: 'public',
    body: setupBody,
    responses: {
      201: saved('user', currentUserSchema),
      403: messageBody.describe('An account already exists'),
    },
  }),

  login: route({
    method: 'POST',
    path: '/login',
    access: 'public',
    body: loginBody,
    responses: { 200: z.object({ user: currentUserSchema }), 429: throttled },
  }),
  logout: route({ method: 'POST', path: '/logout', access: 'auth', responses: { 204: noBody } }),
  register: route({
    method: 'POST',
    path: '/register',
    access: 'public',
    body: registerBody,
    responses: {
      201: saved('user', currentUserSchema),
      403: messageBody.describe('Registration is closed'),
    },
  }),
  forgotPassword: route({
    method: 'POST',
    path: '/forgot-password',
    access: 'public',
    body: forgotPasswordBody,
    responses: { 200: messageBody, 429: throttled },
  }),
  resetPassword: route({
    method: 'POST',
    path: '/reset-password',
    access: 'public',
    body: resetPasswordBody,
    responses: { 200: messageBody },
  }),
  // POST keeps the token out of access logs; the answer is the same 422 as a reset with that link.
  resetPasswordCheck: route({
    method: 'POST',
    path: '/reset-password/check',
    access: 'public',
    body: resetPasswordCheckBody,
    responses: { 200: messageBody },
  }),
  changePassword: route({
    method: 'POST',
    path: '/change-password',
    access: 'auth',
    body: changePasswordBody,
    responses: { 200: messageBody },
  }),
  verificationNotification: route({
    method: 'POST',
    path: '/email/verification-notification',
    access: 'auth',
    responses: { 200: messageBody, 429: throttled },
  }),
  verifyEmail: route({
    method: 'GET',
    path: '/email/verify/:id/:hash',
    access: 'public',
    params: z.object({ id: idField.catch(0), hash: z.string().max(200).catch('') }),
    query: verifyEmailQuery,
    responses: { 302: noBody.describe('To /user/verified?status=verified|already|invalid') },
  }),

  loggedInUser: route({
    method: 'GET',
    path: '/api/logged-in-user',
    access: 'auth',
    responses: { 200: currentUserSchema },
  }),
  users: route({
    method: 'GET',
    path: '/api/users',
    access: 'auth',
    responses: { 200: z.array(publicUserSchema) },
  }),
  updateUser: route({
    method: 'PATCH',
    path: '/api/update-user',
    access: 'auth',
    body: updateUserBody,
    responses: { 200: saved('user', currentUserSchema) },
  }),

  adminUsers: route({
    method: 'GET',
    path: '/api/admin-users',
    access: 'admin',
    responses: { 200: z.array(adminUserSchema) },
  }),
  adminUserUpdate: route({
    method: 'PATCH',
    path: '/api/admin-users/:id',
    access: 'admin',
    params: idParam,
    body: adminUserPatchBody,
    responses: { 200: saved('user', adminUserSchema) },
  }),
  /**
   * Invitations: the admin invites an e-mail address with chosen rights; the account exists,
   * inactive and without password, until the mailed one-time link is used.
   */
  adminInvite: route({
    method: 'POST',
    path: '/api/admin-invitations',
    access: 'admin',
    body: invitationCreateBody,
    responses: { 201: saved('user', adminUserSchema) },
  }),
  /** A new link (the old one stops working) and a new expiry. */
  adminInvitationResend: route({
    method: 'POST',
    path: '/api/admin-invitations/:id/resend',
    access: 'admin',
    params: idParam,
    responses: { 200: saved('user', adminUserSchema) },
  }),
  /** Withdraws a pending invitation: the link stops working and the unused account goes. */
  adminInvitationRevoke: route({
    method: 'DELETE',
    path: '/api/admin-invitations/:id',
    access: 'admin',
    params: idParam,
    responses: { 200: messageBody },
  }),
  /** What the accept page shows; 404 for a link that is unknown, used, revoked or expired. */
  invitation: route({
    method: 'GET',
    path: '/api/invitation',
    access: 'public',
    query: invitationQuery,
    responses: {
      200: invitationSchema,
      404: messageBody.describe('Unknown, used, revoked or expired link'),
    },
  }),
  /** Sets the name and password, activates the account and logs it in. */
  invitationAccept: route({
    method: 'POST',
    path: '/api/invitation/accept',
    access: 'public',
    body: invitationAcceptBody,
    responses: { 200: invitationAccepted },
  }),
  adminSettings: route({
    method: 'GET',
    path: '/api/admin-settings',
    access: 'admin',
    responses: { 200: adminSettingsSchema },
  }),
  adminSettingsUpdate: route({
    method: 'PATCH',
    path: '/api/admin-settings',
    access: 'admin',
    body: adminSettingsBody,
    responses: { 200: adminSettingsSaved },
  }),

  // Organisation: reading needs a logged-in user, writing the content-editing permission.
  categories: route({
    method: 'GET',
    path: '/api/categories',
    access: 'auth',
    cache: 'archive',
    responses: { 200: z.array(categorySchema) },
  }),
  category: route({
    method: 'GET',
    path: '/api/categories/:id',
    access: 'auth',
    cache: 'archive',
    params: idParam,
    responses: { 200: categorySchema },
  }),
  categoryCreate: route({
    method: 'POST',
    path: '/api/categories',
    access: 'content.edit',
    body: categoryCreateBody,
    responses: { 201: categorySavedSchema },
  }),
  categoryUpdate: route({
    method: 'PATCH',
    path: '/api/categories/:id',
    access: 'content.edit',
    params: idParam,
    body: categoryUpdateBody,
    responses: { 200: categorySavedSchema },
  }),
  categoryDelete: route({
    method: 'DELETE',
    path: '/api/categories/:id',
    access: 'content.edit',
    params: idParam,
    responses: { 200: messageBody },
  }),

  tags: route({
    method: 'GET',
    path: '/api/tags',
    access: 'auth',
    cache: 'archive',
    responses: { 200: z.array(tagSchema) },
  }),
  tagCreate: route({
    method: 'POST',
    path: '/api/tags',
    access: 'content.edit',
    body: tagCreateBody,
    responses: { 201: tagSavedSchema },
  }),
  tagUpdate: route({
    method: 'PATCH',
    path: '/api/tags/:id',
    access: 'content.edit',
    params: idParam,
    body: tagUpdateBody,
    responses: { 200: tagSavedSchema },
  }),
  tagDelete: route({
    method: 'DELETE',
    path: '/api/tags/:id',
    access: 'content.edit',
    params: idParam,
    responses: { 200: messageBody },
  }),

  // Interface strings are public so the logged-out pages show edited wording too.
  siteTranslations: route({
    method: 'GET',
    path: '/api/site-translations',
    access: 'public',
    responses: { 200: z.array(siteTranslationSchema) },
  }),
  /**
   * Reports a key the web app met without a value: any logged-in user, throttled; only keys the
   * app ships (its locale files), else a 422.
   */
  siteTranslationCreate: route({
    method: 'POST',
    path: '/api/site-translations',
    access: 'auth',
    body: siteTranslationCreateBody,
    responses: {
      201: siteTranslationSchema.describe('Reported now'),
      200: siteTranslationSchema.describe('Already known'),
      429: throttled,
    },
  }),
  siteTranslationUpdate: route({
    method: 'PATCH',
    path: '/api/site-translations/:id',
    access: 'translations.edit',
    params: idParam,
    body: siteTranslationUpdateBody,
    responses: { 200: siteTranslationSavedSchema },
  }),

  // The archive: the same routes for each item base (see item-routes.ts), e.g. `post.all`.
  ...itemRouteTable,
  searchAll: searchAllRoute,
  ...fileRouteTable,
  historyFeed: historyFeedRoute,
  ...recordRouteTable,
  ...planningRouteTable,
  ...jobRouteTable,
  ...backupRouteTable,
  ...exportRouteTable,
  ...importRouteTable,
  ...deletedMediaRouteTable,
  ...accountRouteTable,
  ...loginLinkRouteTable,
  ...shareRouteTable,
  ...faceRouteTable,
  ...placeRouteTable,
  ...participantRouteTable,
  ...familyRouteTable,
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;

export { buildPath } from './paths.js';
