import { route, type RouteDef } from './route-def.js';
import { bulkBody, bulkIdsBody, bulkResultSchema } from './schemas/bulk.js';
import { idParam, messageBody } from './schemas/common.js';
import {
  ITEM_BASES,
  ITEM_TYPES,
  correlationPageSchema,
  itemCorrelationQuery,
  itemCreateBodyOf,
  historyFeedQuery,
  historyPageSchema,
  itemPageSchema,
  itemSavedSchema,
  itemSchema,
  itemUpdatedSchema,
  revisionPageSchema,
  searchPageSchema,
  itemFilterQuery,
  itemSearchQuery,
  itemTrashQuery,
  itemUpdateBodyOf,
  revisionListQuery,
  searchAllQuery,
  type ItemType,
} from './schemas/items.js';

/**
 * The routes of one item base (/api/posts, /api/mails, /api/messages, /api/medias…), declared
 * once for every item type. Reading needs a logged-in user, writing `content.edit`; moving into
 * the trash, out of it and deleting for good `content.delete`.
 */
export function itemRouteSet(type: ItemType) {
  const base = ITEM_BASES[type];
  const list = (suffix: string) =>
    route({
      method: 'GET',
      cache: 'archive',
      path: `${base}-${suffix}`,
      access: 'auth',
      query: itemFilterQuery,
      responses: { 200: itemPageSchema },
    });
  return {
    all: list('all'),
    search: route({
      method: 'GET',
      cache: 'archive',
      path: `${base}-search`,
      access: 'auth',
      query: itemSearchQuery,
      responses: { 200: itemPageSchema },
    }),
    /** The category and all its descendants. */
    category: route({
      method: 'GET',
      cache: 'archive',
      path: `${base}-category/:id`,
      access: 'auth',
      params: idParam,
      query: itemFilterQuery,
      responses: { 200: itemPageSchema },
    }),
    /** Items the participant sent or received. */
    participant: route({
      method: 'GET',
      cache: 'archive',
      path: `${base}-participant/:id`,
      access: 'auth',
      params: idParam,
      query: itemFilterQuery,
      responses: { 200: itemPageSchema },
    }),
    tag: route({
      method: 'GET',
      cache: 'archive',
      path: `${base}-tag/:id`,
      access: 'auth',
      params: idParam,
      query: itemFilterQuery,
      responses: { 200: itemPageSchema },
    }),
    deleted: route({
      method: 'GET',
      cache: 'archive',
      path: `${base}-deleted`,
      access: 'auth',
      query: itemTrashQuery,
      responses: { 200: itemPageSchema },
    }),
    /** Trashed items and items with at least one revision. */
    deletedAndRevisions: route({
      method: 'GET',
      cache: 'archive',
      path: `${base}-deletedandrevisions`,
      access: 'auth',
      query: itemTrashQuery,
      responses: { 200: itemPageSchema },
    }),
    correlation: route({
      method: 'GET',
      cache: 'archive',
      path: `${base}-correlation`,
      access: 'auth',
      query: itemCorrelationQuery,
      responses: { 200: correlationPageSchema },
    }),
    revisions: route({
      method: 'GET',
      cache: 'archive',
      path: `${base}-revision/:id`,
      access: 'auth',
      params: idParam,
      query: revisionListQuery,
      responses: { 200: revisionPageSchema },
    }),
    single: route({
      method: 'GET',
      cache: 'archive',
      path: `${base}-single/:id`,
      access: 'auth',
      params: idParam,
      responses: { 200: itemSchema },
    }),
    create: route({
      method: 'POST',
      path: base,
      access: 'content.edit',
      body: itemCreateBodyOf(type),
      responses: { 201: itemSavedSchema },
    }),
    update: route({
      method: 'PATCH',
      path: `${base}/:id`,
      access: 'content.edit',
      params: idParam,
      body: itemUpdateBodyOf(type),
      responses: { 200: itemUpdatedSchema },
    }),
    /** Detaches a translation into an original of its own. */
    separate: route({
      method: 'POST',
      path: `${base}-separate/:id`,
      access: 'content.edit',
      params: idParam,
      responses: { 200: itemSavedSchema },
    }),
    /** Soft delete: into the trash. */
    delete: route({
      method: 'DELETE',
      path: `${base}/:id`,
      access: 'content.delete',
      params: idParam,
      responses: { 200: messageBody },
    }),
    /** Only from the trash; removes the item, its revisions and its links. */
    hardDelete: route({
      method: 'DELETE',
      path: `${base}-harddelete/:id`,
      access: 'content.delete',
      params: idParam,
      responses: { 200: messageBody },
    }),
    restore: route({
      method: 'POST',
      path: `${base}-restore/:id`,
      access: 'content.delete',
      params: idParam,
      responses: { 200: itemSavedSchema },
    }),
    /** Many items of this type at once, in one transaction; the answer says how to undo it. */
    bulk: route({
      method: 'POST',
      path: `${base}-bulk`,
      access: 'content.edit',
      trashAccess: 'content.delete',
      body: bulkBody,
      responses: { 200: bulkResultSchema },
    }),
    /** Items in the trash deleted for good, in one transaction. */
    bulkHardDelete: route({
      method: 'POST',
      path: `${base}-bulk-harddelete`,
      access: 'content.delete',
      body: bulkIdsBody,
      responses: { 200: bulkResultSchema },
    }),
    /** Every item of this type in the trash deleted for good. */
    emptyTrash: route({
      method: 'DELETE',
      path: `${base}-trash`,
      access: 'content.delete',
      responses: { 200: bulkResultSchema },
    }),
  } as const satisfies Record<string, RouteDef>;
}

export type ItemRouteSet = ReturnType<typeof itemRouteSet>;
export type ItemRouteName = keyof ItemRouteSet;

/** `itemRoutes.post.all`, `itemRoutes.media.update`, … */
export const itemRoutes = Object.fromEntries(
  ITEM_TYPES.map((type) => [type, itemRouteSet(type)]),
) as Record<ItemType, ItemRouteSet>;

/** The same routes under flat names (`post.all`, `mail.update`, …) for the route table. */
export type ItemRouteTable = {
  [K in `${ItemType}.${ItemRouteName}`]: K extends `${string}.${infer N extends ItemRouteName}`
    ? ItemRouteSet[N]
    : never;
};
export const itemRouteTable = Object.fromEntries(
  ITEM_TYPES.flatMap((type) =>
    Object.entries(itemRoutes[type]).map(([name, def]): [string, RouteDef] => [
      `${type}.${name}`,
      def,
    ]),
  ),
) as ItemRouteTable;

/** Search across the item types, hits grouped by original (`searchGroupSchema`, paginated). */
export const searchAllRoute = route({
  method: 'GET',
  cache: 'archive',
  path: '/api/search',
  access: 'auth',
  query: searchAllQuery,
  responses: { 200: searchPageSchema },
});

/** The archive's recent changes (creations and edits), newest first, optionally of one type. */
export const historyFeedRoute = route({
  method: 'GET',
  cache: 'archive',
  path: '/api/history',
  access: 'auth',
  query: historyFeedQuery,
  responses: { 200: historyPageSchema },
});
