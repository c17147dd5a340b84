import { fileBytes } from './responses.js';
import { z } from 'zod';
import { route, type RouteDef } from './route-def.js';
import { idParam, messageBody } from './schemas/common.js';
import {
  faceCreateBody,
  faceGroupNameBody,
  faceGroupNamed,
  faceGroupPageSchema,
  facePatchBody,
  faceSaved,
  facesAdminBody,
  facesAdminSaved,
  facesAdminSchema,
  facesBackfillQueued,
  facesDeleted,
  facePersonCardSchema,
  fileFacesSchema,
  unknownFacesQuery,
} from './schemas/faces.js';

/**
 * Faces in pictures: read by any logged-in user; named, rejected, drawn or removed by editors
 * (`content.edit`); settings, backfill and deleting every face (descriptors are biometric data)
 * by admins. A picture is a live image file of an item; any other file id is a 404.
 */
export const faceRouteTable = {
  fileFaces: route({
    method: 'GET',
    path: '/api/files/:id/faces',
    access: 'auth',
    params: idParam,
    responses: { 200: fileFacesSchema },
  }),
  fileFaceCreate: route({
    method: 'POST',
    path: '/api/files/:id/faces',
    access: 'content.edit',
    params: idParam,
    body: faceCreateBody,
    responses: {
      201: faceSaved,
      409: messageBody.describe('Faces are turned off'),
    },
  }),
  faceUpdate: route({
    method: 'PATCH',
    path: '/api/faces/:id',
    access: 'content.edit',
    params: idParam,
    body: facePatchBody,
    responses: { 200: faceSaved },
  }),
  faceDelete: route({
    method: 'DELETE',
    path: '/api/faces/:id',
    access: 'content.edit',
    params: idParam,
    responses: { 200: messageBody },
  }),
  faceCrop: route({
    method: 'GET',
    path: '/api/faces/:id/crop',
    access: 'auth',
    params: idParam,
    responses: { 200: fileBytes.describe('A small square JPEG of the face') },
  }),
  facesUnknown: route({
    method: 'GET',
    path: '/api/faces/unknown',
    access: 'auth',
    query: unknownFacesQuery,
    responses: { 200: faceGroupPageSchema },
  }),
  /** Everybody with a named face, most photographed first. */
  facesPeople: route({
    method: 'GET',
    path: '/api/faces/people',
    access: 'auth',
    responses: { 200: z.array(facePersonCardSchema) },
  }),
  faceGroupName: route({
    method: 'POST',
    path: '/api/faces/groups/:id',
    access: 'content.edit',
    params: idParam,
    body: faceGroupNameBody,
    responses: { 200: faceGroupNamed },
  }),
  facesAdmin: route({
    method: 'GET',
    path: '/api/admin/faces',
    access: 'admin',
    responses: { 200: facesAdminSchema },
  }),
  facesAdminUpdate: route({
    method: 'PATCH',
    path: '/api/admin/faces',
    access: 'admin',
    body: facesAdminBody,
    responses: {
      200: facesAdminSaved,
      409: messageBody.describe('Faces are not available on this installation (FACES=off)'),
    },
  }),
  facesBackfill: route({
    method: 'POST',
    path: '/api/admin/faces/backfill',
    access: 'admin',
    responses: {
      202: facesBackfillQueued,
      409: messageBody.describe('Faces are turned off'),
    },
  }),
  facesDeleteAll: route({
    method: 'DELETE',
    path: '/api/admin/faces',
    access: 'admin',
    responses: { 200: facesDeleted },
  }),
} as const satisfies Record<string, RouteDef>;
