import { z } from 'zod';
import { fileBytes, noBody, throttled } from './responses.js';
import { route, type RouteDef } from './route-def.js';
import { idParam, messageBody } from './schemas/common.js';
import {
  publicFileParams,
  publicFileQuery,
  publicItemContentSchema,
  publicItemParams,
  publicLockedSchema,
  publicRecordContentSchema,
  publicShareQuery,
  publicShareSchema,
  publicTokenParams,
  publicUnlockBody,
  shareCreateBody,
  shareCreatedSchema,
  sharePageSchema,
  shareSavedSchema,
  shareListQuery,
  shareUpdateBody,
} from './schemas/shares.js';

const expired = messageBody.describe('The link has expired');
const unknown = messageBody.describe('Unknown or revoked link, or not part of what it shares');
const locked = z
  .union([publicLockedSchema, messageBody])
  .describe('The link has a password and this browser has not unlocked it: no content');

/** Every answer of a public route: what a token may answer besides its content. */
const publicErrors = { 401: locked, 404: unknown, 410: expired, 429: throttled } as const;

/**
 * Share links. Editors (`content.edit`) share what they can read: an item, a record, a category
 * with its subtree, a participant, a tag, or a selection; each sees and manages their own links,
 * admins everyone's. The token is shown once, in the creation's answer (only its SHA-256 is
 * stored); revoking is at once.
 *
 * The public routes are the only way in without a session: each reads through the token (unknown
 * or revoked → 404, expired → 410, a password not unlocked → 401 without content, too many
 * unknown tokens or wrong passwords from one address → 429) and answers only what the link shares,
 * with `Cache-Control: no-store`, `Referrer-Policy: no-referrer` and `X-Robots-Tag: noindex`.
 */
export const shareRouteTable = {
  shares: route({
    method: 'GET',
    path: '/api/shares',
    access: 'content.edit',
    query: shareListQuery,
    responses: { 200: sharePageSchema },
  }),
  shareCreate: route({
    method: 'POST',
    path: '/api/shares',
    access: 'content.edit',
    body: shareCreateBody,
    responses: {
      201: shareCreatedSchema.describe('Made: the token and url are shown this once'),
      404: messageBody.describe('No such target, or one this user cannot read'),
    },
  }),
  shareUpdate: route({
    method: 'PATCH',
    path: '/api/shares/:id',
    access: 'content.edit',
    params: idParam,
    body: shareUpdateBody,
    responses: {
      200: shareSavedSchema,
      409: messageBody.describe('A revoked link: it can no longer be changed'),
    },
  }),
  shareDelete: route({
    method: 'DELETE',
    path: '/api/shares/:id',
    access: 'content.edit',
    params: idParam,
    responses: { 204: noBody.describe('Revoked: the link answers 404 from now on') },
  }),

  publicShare: route({
    method: 'GET',
    path: '/api/public/:token',
    access: 'public',
    params: publicTokenParams,
    query: publicShareQuery,
    responses: { 200: publicShareSchema, ...publicErrors },
  }),
  publicShareItem: route({
    method: 'GET',
    path: '/api/public/:token/items/:id',
    access: 'public',
    params: publicItemParams,
    responses: { 200: publicItemContentSchema, ...publicErrors },
  }),
  publicShareRecord: route({
    method: 'GET',
    path: '/api/public/:token/records/:id',
    access: 'public',
    params: publicItemParams,
    responses: { 200: publicRecordContentSchema, ...publicErrors },
  }),
  publicShareFile: route({
    method: 'GET',
    path: '/api/public/:token/files/:fileId',
    access: 'public',
    params: publicFileParams,
    query: publicFileQuery,
    responses: {
      200: fileBytes,
      206: fileBytes.describe('The requested range'),
      304: noBody,
      403: messageBody.describe('An original whose download the link does not allow'),
      416: noBody.describe('Range not satisfiable'),
      ...publicErrors,
    },
  }),
  publicShareRecordMp3: route({
    method: 'GET',
    path: '/api/public/:token/records/:id/mp3',
    access: 'public',
    params: publicItemParams,
    responses: {
      200: fileBytes,
      206: fileBytes.describe('The requested range'),
      304: noBody,
      416: noBody.describe('Range not satisfiable'),
      ...publicErrors,
    },
  }),
  publicSharePicture: route({
    method: 'GET',
    path: '/api/public/:token/site-picture',
    access: 'public',
    params: publicTokenParams,
    responses: {
      200: fileBytes.describe('The sharer’s site picture (WebP)'),
      304: noBody,
      ...publicErrors,
    },
  }),
  /**
   * Sets an HttpOnly cookie, signed, scoped to this link's public API and valid for
   * `SHARE_LIMITS.unlockMinutes`: it unlocks this link only.
   */
  publicShareUnlock: route({
    method: 'POST',
    path: '/api/public/:token/unlock',
    access: 'public',
    params: publicTokenParams,
    body: publicUnlockBody,
    responses: {
      204: noBody.describe('Unlocked: the cookie is set'),
      401: messageBody.describe('Wrong password'),
      404: unknown,
      410: expired,
      429: throttled,
    },
  }),
} as const satisfies Record<string, RouteDef>;
