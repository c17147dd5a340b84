import { route, type RouteDef } from './route-def.js';
import { idParam } from './schemas/common.js';
import {
  ITEM_BASES,
  ITEM_TYPES,
  itemCorrelationQuery,
  itemCreateBody,
  itemListQuery,
  itemSearchQuery,
  itemTrashQuery,
  itemUpdateBody,
  revisionListQuery,
  searchAllQuery,
  type ItemType,
} from './schemas/items.js';

/**
 * The routes of one item base (spec §7 Items), declared once for the four types. Reading needs a
 * logged-in user, writing `content.edit`, hard deletion `content.delete`.
 *
 * Responses: lists → `itemPageSchema` (rows `itemListRowSchema`); `-correlation` → paginated
 * `correlationRowSchema`; `-revision/{id}` → paginated `revisionSchema`; `-single/{id}` → `Item`;
 * create (201), separate, restore → `ItemSaved`; update → `ItemUpdated`; deletes → `{message}`.
 */
export function itemRouteSet(type: ItemType) {
  const base = ITEM_BASES[type];
  const list = (suffix: string) =>
    route({
      method: 'GET',
      cache: 'archive',
      path: `${base}-${suffix}`,
      access: 'auth',
      query: itemListQuery,
    });
  return {
    all: list('all'),
    search: route({
      method: 'GET',
      cache: 'archive',
      path: `${base}-search`,
      access: 'auth',
      query: itemSearchQuery,
    }),
    /** The category and all its descendants. */
    category: route({
      method: 'GET',
      cache: 'archive',
      path: `${base}-category/:id`,
      access: 'auth',
      params: idParam,
      query: itemListQuery,
    }),
    /** Items the participant sent or received. */
    participant: route({
      method: 'GET',
      cache: 'archive',
      path: `${base}-participant/:id`,
      access: 'auth',
      params: idParam,
      query: itemListQuery,
    }),
    tag: route({
      method: 'GET',
      cache: 'archive',
      path: `${base}-tag/:id`,
      access: 'auth',
      params: idParam,
      query: itemListQuery,
    }),
    deleted: route({
      method: 'GET',
      cache: 'archive',
      path: `${base}-deleted`,
      access: 'auth',
      query: itemTrashQuery,
    }),
    /** Trashed items and items with at least one revision. */
    deletedAndRevisions: route({
      method: 'GET',
      cache: 'archive',
      path: `${base}-deletedandrevisions`,
      access: 'auth',
      query: itemTrashQuery,
    }),
    correlation: route({
      method: 'GET',
      cache: 'archive',
      path: `${base}-correlation`,
      access: 'auth',
      query: itemCorrelationQuery,
    }),
    revisions: route({
      method: 'GET',
      cache: 'archive',
      path: `${base}-revision/:id`,
      access: 'auth',
      params: idParam,
      query: revisionListQuery,
    }),
    single: route({
      method: 'GET',
      cache: 'archive',
      path: `${base}-single/:id`,
      access: 'auth',
      params: idParam,
    }),
    create: route({ method: 'POST', path: base, access: 'content.edit', body: itemCreateBody }),
    update: route({
      method: 'PATCH',
      path: `${base}/:id`,
      access: 'content.edit',
      params: idParam,
      body: itemUpdateBody,
    }),
    /** Detaches a translation into an original of its own. */
    separate: route({
      method: 'POST',
      path: `${base}-separate/:id`,
      access: 'content.edit',
      params: idParam,
    }),
    /** Soft delete: into the trash. */
    delete: route({
      method: 'DELETE',
      path: `${base}/:id`,
      access: 'content.edit',
      params: idParam,
    }),
    /** Only from the trash; removes the item, its revisions and its links. */
    hardDelete: route({
      method: 'DELETE',
      path: `${base}-harddelete/:id`,
      access: 'content.delete',
      params: idParam,
    }),
    restore: route({
      method: 'POST',
      path: `${base}-restore/:id`,
      access: 'content.edit',
      params: idParam,
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
export const itemRouteTable = Object.fromEntries(
  ITEM_TYPES.flatMap((type) =>
    Object.entries(itemRoutes[type]).map(([name, def]): [string, RouteDef] => [
      `${type}.${name}`,
      def,
    ]),
  ),
) as Record<`${ItemType}.${ItemRouteName}`, RouteDef>;

/** Search across the four types, hits grouped by original (`searchGroupSchema`, paginated). */
export const searchAllRoute = route({
  method: 'GET',
  cache: 'archive',
  path: '/api/search',
  access: 'auth',
  query: searchAllQuery,
});
