import {
  buildPath,
  itemRoutes,
  type Item,
  type ItemListRow,
  type ItemType,
} from '@kinfolio/contract';
import type { TestClient } from './client.js';

export interface PageBody<T> {
  data: T[];
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    path: string;
    per_page: number;
    to: number | null;
    total: number;
  };
  links: { first: string; last: string; prev: string | null; next: string | null };
}

/** The item routes of one type, called through the contract's paths. */
export function itemsApi(client: TestClient, type: ItemType) {
  const r = itemRoutes[type];
  const path = (def: { path: string }, id?: number, query?: Record<string, string | number>) => {
    const base = buildPath(def.path, id === undefined ? {} : { id });
    const params = query
      ? new URLSearchParams(
          Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
        ).toString()
      : '';
    return params ? `${base}?${params}` : base;
  };
  const list = async (
    name: 'all' | 'search' | 'deleted' | 'deletedAndRevisions',
    query?: Record<string, string | number>,
  ) => (await client.get(path(r[name], undefined, query))).json() as PageBody<ItemListRow>;
  return {
    client,
    path,
    list,
    async filtered(
      by: 'category' | 'participant' | 'tag',
      id: number,
      query?: Record<string, string | number>,
    ) {
      return (await client.get(path(r[by], id, query))).json() as PageBody<ItemListRow>;
    },
    /** Creates an item; one given neither title nor content gets a title (blank ones are 422). */
    async create(body: Record<string, unknown>): Promise<Item> {
      const said = body.title !== undefined || body.content !== undefined;
      const response = await client.post(path(r.create), said ? body : { title: 'Item', ...body });
      if (response.statusCode !== 201) {
        throw new Error(`create failed: ${response.statusCode} ${response.body}`);
      }
      return response.json().item as Item;
    },
    createRaw: (body: unknown) => client.post(path(r.create), body),
    update: (id: number, body: unknown) => client.patch(path(r.update, id), body),
    single: async (id: number) => (await client.get(path(r.single, id))).json() as Item,
    singleRaw: (id: number) => client.get(path(r.single, id)),
    separate: (id: number) => client.post(path(r.separate, id)),
    trash: (id: number) => client.delete(path(r.delete, id)),
    restore: (id: number) => client.post(path(r.restore, id)),
    hardDelete: (id: number) => client.delete(path(r.hardDelete, id)),
    revisions: (id: number) => client.get(path(r.revisions, id)),
    correlation: (query?: Record<string, string | number>) =>
      client.get(path(r.correlation, undefined, query)),
  };
}

/** Participants, tags and categories made through the API for items to link to; each gives its id. */
export function linkTargets(client: TestClient) {
  const make = async (url: string, body: unknown, key: string) =>
    (await client.post(url, body)).json()[key].id as number;
  return {
    participant: (name: string) => make('/api/participants', { name }, 'participant'),
    tag: (name: string) => make('/api/tags', { name }, 'tag'),
    category: (name: string, parentId?: number) =>
      make(
        '/api/categories',
        parentId === undefined ? { name } : { name, parent_id: parentId },
        'category',
      ),
  };
}
