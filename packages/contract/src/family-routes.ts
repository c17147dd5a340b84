import { fileBytes } from './responses.js';
import { route, type RouteDef } from './route-def.js';
import { idParam, messageBody } from './schemas/common.js';
import {
  familyRevisionPageSchema,
  familyRevisionsQuery,
  familySchema,
  familyTreeQuery,
  familyTreeSchema,
  gedcomQuery,
  portraitChoicesSchema,
  relationCreateBody,
  relationCreatedSchema,
  relationSavedSchema,
  relationUpdateBody,
} from './schemas/family.js';

/**
 * The family tree: read by any logged-in user like the participants; relations written by editors.
 * A participant's life is written with `PATCH /api/participants/{id}`.
 */
export const familyRouteTable = {
  participantFamily: route({
    method: 'GET',
    path: '/api/participants/:id/family',
    access: 'auth',
    cache: 'archive',
    params: idParam,
    responses: { 200: familySchema },
  }),
  relationCreate: route({
    method: 'POST',
    path: '/api/participants/:id/relations',
    access: 'content.edit',
    params: idParam,
    body: relationCreateBody,
    responses: { 201: relationCreatedSchema },
  }),
  relationUpdate: route({
    method: 'PATCH',
    path: '/api/participant-relations/:id',
    access: 'content.edit',
    params: idParam,
    body: relationUpdateBody,
    responses: { 200: relationSavedSchema },
  }),
  relationDelete: route({
    method: 'DELETE',
    path: '/api/participant-relations/:id',
    access: 'content.edit',
    params: idParam,
    responses: { 200: messageBody },
  }),
  participantPortraits: route({
    method: 'GET',
    path: '/api/participants/:id/portraits',
    access: 'auth',
    cache: 'archive',
    params: idParam,
    responses: { 200: portraitChoicesSchema },
  }),
  participantRevisions: route({
    method: 'GET',
    path: '/api/participants/:id/revisions',
    access: 'auth',
    cache: 'archive',
    params: idParam,
    query: familyRevisionsQuery,
    responses: { 200: familyRevisionPageSchema },
  }),
  familyTree: route({
    method: 'GET',
    path: '/api/family-tree',
    access: 'auth',
    cache: 'archive',
    query: familyTreeQuery,
    responses: { 200: familyTreeSchema },
  }),
  gedcom: route({
    method: 'GET',
    path: '/api/gedcom',
    access: 'auth',
    query: gedcomQuery,
    responses: { 200: fileBytes.describe('A GEDCOM 5.5.1 file (UTF-8)') },
  }),
} as const satisfies Record<string, RouteDef>;
