import { z } from 'zod';
import { route, type RouteDef } from './route-def.js';
import { idParam, messageBody } from './schemas/common.js';
import {
  participantCreateBody,
  participantDetailSchema,
  participantDivideBody,
  participantMergeBody,
  participantSavedSchema,
  participantSchema,
  participantsDividedSchema,
  participantsQuery,
  participantUpdateBody,
} from './schemas/organisation.js';

/** Participants: the people of the archive, read by everyone, written by editors. */
export const participantRouteTable = {
  participants: route({
    method: 'GET',
    path: '/api/participants',
    access: 'auth',
    cache: 'archive',
    query: participantsQuery,
    responses: { 200: z.array(participantSchema) },
  }),
  participant: route({
    method: 'GET',
    path: '/api/participants/:id',
    access: 'auth',
    cache: 'archive',
    params: idParam,
    responses: { 200: participantDetailSchema },
  }),
  participantCreate: route({
    method: 'POST',
    path: '/api/participants',
    access: 'content.edit',
    body: participantCreateBody,
    responses: { 201: participantSavedSchema },
  }),
  participantUpdate: route({
    method: 'PATCH',
    path: '/api/participants/:id',
    access: 'content.edit',
    params: idParam,
    body: participantUpdateBody,
    responses: { 200: participantSavedSchema },
  }),
  participantDelete: route({
    method: 'DELETE',
    path: '/api/participants/:id',
    access: 'content.edit',
    params: idParam,
    responses: { 200: messageBody },
  }),
  participantMerge: route({
    method: 'POST',
    path: '/api/participants/merge',
    access: 'content.edit',
    body: participantMergeBody,
    responses: { 200: participantSavedSchema },
  }),
  participantDivide: route({
    method: 'POST',
    path: '/api/participants/divide/:id',
    access: 'content.edit',
    params: idParam,
    body: participantDivideBody,
    responses: { 200: participantsDividedSchema },
  }),
} as const satisfies Record<string, RouteDef>;
