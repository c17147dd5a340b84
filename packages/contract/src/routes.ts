import { z } from 'zod';
export type { Access, HttpMethod, RouteDef } from './route-def.js';
import { fileRouteTable } from './file-routes.js';
import { itemRouteTable, searchAllRoute } from './item-routes.js';
import { route, type RouteDef } from './route-def.js';
import {
  changePasswordBody,
  forgotPasswordBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  setupBody,
  verifyEmailQuery,
} from './schemas/auth.js';
import { idParam } from './schemas/common.js';
import { adminSettingsSchema, adminUserPatchBody, updateUserBody } from './schemas/user.js';
import {
  categoryCreateBody,
  categoryUpdateBody,
  participantCreateBody,
  participantDivideBody,
  participantMergeBody,
  participantsQuery,
  participantUpdateBody,
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
  csrfCookie: route({ method: 'GET', path: '/sanctum/csrf-cookie', access: 'public' }),
  appState: route({ method: 'GET', path: '/api/app-state', access: 'public' }),
  setup: route({ method: 'POST', path: '/api/setup', access: 'public', body: setupBody }),

  login: route({ method: 'POST', path: '/login', access: 'public', body: loginBody }),
  logout: route({ method: 'POST', path: '/logout', access: 'auth' }),
  register: route({ method: 'POST', path: '/register', access: 'public', body: registerBody }),
  forgotPassword: route({
    method: 'POST',
    path: '/forgot-password',
    access: 'public',
    body: forgotPasswordBody,
  }),
  resetPassword: route({
    method: 'POST',
    path: '/reset-password',
    access: 'public',
    body: resetPasswordBody,
  }),
  changePassword: route({
    method: 'POST',
    path: '/change-password',
    access: 'auth',
    body: changePasswordBody,
  }),
  verificationNotification: route({
    method: 'POST',
    path: '/email/verification-notification',
    access: 'auth',
  }),
  verifyEmail: route({
    method: 'GET',
    path: '/email/verify/:id/:hash',
    access: 'public',
    params: z.object({ id: z.coerce.number().int().catch(0), hash: z.string().max(200).catch('') }),
    query: verifyEmailQuery,
  }),

  loggedInUser: route({ method: 'GET', path: '/api/logged-in-user', access: 'auth' }),
  users: route({ method: 'GET', path: '/api/users', access: 'auth' }),
  updateUser: route({
    method: 'PATCH',
    path: '/api/update-user',
    access: 'auth',
    body: updateUserBody,
  }),

  adminUsers: route({ method: 'GET', path: '/api/admin-users', access: 'admin' }),
  adminUserUpdate: route({
    method: 'PATCH',
    path: '/api/admin-users/:id',
    access: 'admin',
    params: idParam,
    body: adminUserPatchBody,
  }),
  adminSettings: route({ method: 'GET', path: '/api/admin-settings', access: 'admin' }),
  adminSettingsUpdate: route({
    method: 'PATCH',
    path: '/api/admin-settings',
    access: 'admin',
    body: adminSettingsSchema,
  }),

  // Organisation: reading needs a logged-in user, writing the content-editing permission.
  categories: route({ method: 'GET', path: '/api/categories', access: 'auth', cache: 'archive' }),
  category: route({
    method: 'GET',
    path: '/api/categories/:id',
    access: 'auth',
    cache: 'archive',
    params: idParam,
  }),
  categoryCreate: route({
    method: 'POST',
    path: '/api/categories',
    access: 'content.edit',
    body: categoryCreateBody,
  }),
  categoryUpdate: route({
    method: 'PATCH',
    path: '/api/categories/:id',
    access: 'content.edit',
    params: idParam,
    body: categoryUpdateBody,
  }),
  categoryDelete: route({
    method: 'DELETE',
    path: '/api/categories/:id',
    access: 'content.edit',
    params: idParam,
  }),

  participants: route({
    method: 'GET',
    path: '/api/participants',
    access: 'auth',
    cache: 'archive',
    query: participantsQuery,
  }),
  participant: route({
    method: 'GET',
    path: '/api/participants/:id',
    access: 'auth',
    cache: 'archive',
    params: idParam,
  }),
  participantCreate: route({
    method: 'POST',
    path: '/api/participants',
    access: 'content.edit',
    body: participantCreateBody,
  }),
  participantUpdate: route({
    method: 'PATCH',
    path: '/api/participants/:id',
    access: 'content.edit',
    params: idParam,
    body: participantUpdateBody,
  }),
  participantDelete: route({
    method: 'DELETE',
    path: '/api/participants/:id',
    access: 'content.edit',
    params: idParam,
  }),
  participantMerge: route({
    method: 'POST',
    path: '/api/participants/merge',
    access: 'content.edit',
    body: participantMergeBody,
  }),
  participantDivide: route({
    method: 'POST',
    path: '/api/participants/divide/:id',
    access: 'content.edit',
    params: idParam,
    body: participantDivideBody,
  }),

  tags: route({ method: 'GET', path: '/api/tags', access: 'auth', cache: 'archive' }),
  tagCreate: route({
    method: 'POST',
    path: '/api/tags',
    access: 'content.edit',
    body: tagCreateBody,
  }),
  tagUpdate: route({
    method: 'PATCH',
    path: '/api/tags/:id',
    access: 'content.edit',
    params: idParam,
    body: tagUpdateBody,
  }),
  tagDelete: route({
    method: 'DELETE',
    path: '/api/tags/:id',
    access: 'content.edit',
    params: idParam,
  }),

  // Interface strings are public so the logged-out pages show edited wording too.
  siteTranslations: route({ method: 'GET', path: '/api/site-translations', access: 'public' }),
  /** Reports a key the web app met without a value: any logged-in user, throttled. */
  siteTranslationCreate: route({
    method: 'POST',
    path: '/api/site-translations',
    access: 'auth',
    body: siteTranslationCreateBody,
  }),
  siteTranslationUpdate: route({
    method: 'PATCH',
    path: '/api/site-translations/:id',
    access: 'translations.edit',
    params: idParam,
    body: siteTranslationUpdateBody,
  }),

  // The archive: the same sixteen routes for each item base (see item-routes.ts), e.g. `post.all`.
  ...itemRouteTable,
  searchAll: searchAllRoute,
  ...fileRouteTable,
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;

/** Fills `:name` parameters of a route path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
