import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { FileOwnerType, FilesAttached, RouteName } from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import type { RequestOptions } from '@/shared/api/client';
import { mutationHook } from '@/shared/query/mutation';
import { fetchOptions } from '@/shared/query/preload';

/** What the machinery reads of an entry (an item of any type, a record). */
export interface EntityBase {
  id: number;
  files: readonly unknown[];
}

/** The routes of one kind of entries, by their names in the contract's table. */
export interface EntityRoutes {
  single: RouteName;
  revisions: RouteName;
  create: RouteName;
  update: RouteName;
  trash: RouteName;
  restore: RouteName;
  hardDelete: RouteName;
}

/** A page of stored versions, as every revisions route answers. */
export interface RevisionsPage<Revision> {
  data: Revision[];
  meta: { total: number; current_page: number; last_page: number };
}

/**
 * A kind of entries as the API sees it: its routes, where its cached answers live, and the few
 * ways it differs (how a stored version becomes an update, how attached files join it).
 */
export interface EntityKind<Entity extends EntityBase, Update, RevisionData> {
  /** Every cached answer of the kind starts with this key; a write makes them all stale. */
  key: readonly unknown[];
  routes: EntityRoutes;
  /** The field of a create or update answer that holds the saved entry. */
  answer: 'item' | 'record';
  /** What uploads are attached to (`addFilepond`'s model type). */
  owner: FileOwnerType;
  /** A stored version's fields as an update body. */
  revert: (data: RevisionData) => Update;
  /** The saved entry with its newly attached files. */
  withFiles: (saved: Entity, files: FilesAttached['files']) => Entity;
  /** While this holds, the entry's page asks again (thumbnails being made). */
  poll?: (entity: Entity) => boolean;
}

/** How often an entry that `poll`s is asked again. */
const POLL_MS = 2000;

/** Form submissions: field errors under the inputs, no toast. */
const FORM = { validationCheck: true } as const;

// The routes are named by the kind's data, so their inputs and answers are typed by its generics.
const send = call as unknown as (
  name: RouteName,
  input?: { params?: { id: number }; query?: object; body?: unknown },
  options?: RequestOptions,
) => Promise<unknown>;

/** What an entry form saves: a new entry, or an entry's changed fields; then the uploads. */
export type EntitySave<Entity, Create, Update> =
  { create: Create; uploads: string[] } | { entity: Entity; changes: Update; uploads: string[] };

/**
 * The queries and writes of one kind of entries, the same for items of every type and records:
 * one entry, its versions, and create, update, trash, restore, delete for good, restore a
 * version, delete one of its files.
 */
export function entityResource<
  Entity extends EntityBase,
  Create,
  Update extends object,
  RevisionData,
  Revision,
>(kind: EntityKind<Entity, Update, RevisionData>) {
  const { routes } = kind;
  const keys = {
    all: kind.key,
    single: (id: number) => [...kind.key, 'single', id] as const,
    revisions: (id: number, page: number) => [...kind.key, 'revisions', id, page] as const,
  };
  const byId = (name: RouteName) => (id: number) => send(name, { params: { id } });
  const saved = async (answer: Promise<unknown>) =>
    ((await answer) as Record<typeof kind.answer, Entity>)[kind.answer];
  const api = {
    create: (body: Create) => saved(send(routes.create, { body }, FORM)),
    update: (id: number, body: Update) =>
      saved(send(routes.update, { params: { id }, body }, FORM)),
    /** A stored version's fields, sent back (itself a new revision). */
    restoreVersion: (id: number, data: RevisionData) =>
      saved(send(routes.update, { params: { id }, body: kind.revert(data) })),
    trash: byId(routes.trash),
    restore: byId(routes.restore),
    hardDelete: byId(routes.hardDelete),
    attach: (id: number, serverIds: string[]) =>
      call('addFilepond', { body: { newmedias: serverIds, modelId: id, modelType: kind.owner } }),
    deleteFile: (fileId: number) => call('fileDelete', { params: { id: fileId } }),
  };

  const queries = {
    single: (id: number) =>
      queryOptions({
        queryKey: keys.single(id),
        queryFn: (context) =>
          send(routes.single, { params: { id } }, fetchOptions(context)) as Promise<Entity>,
        // An entry once opened stays readable offline.
        meta: { persist: true },
        staleTime: 0,
        refetchInterval: (query) => {
          const data = query.state.data;
          return data && kind.poll?.(data) ? POLL_MS : false;
        },
      }),
    revisions: (id: number, page: number) =>
      queryOptions({
        queryKey: keys.revisions(id, page),
        queryFn: (context) =>
          send(
            routes.revisions,
            { params: { id }, query: { page, per_page: 20 } },
            fetchOptions(context),
          ) as Promise<RevisionsPage<Revision>>,
        staleTime: 0,
        placeholderData: keepPreviousData,
      }),
  };

  const stale = () => [kind.key];
  /** The saved entry is its page's new answer. */
  const showSaved = (queryClient: QueryClient, entity: Entity) =>
    queryClient.setQueryData(keys.single(entity.id), entity);

  async function save(request: EntitySave<Entity, Create, Update>): Promise<Entity> {
    let entity: Entity;
    if ('create' in request) {
      entity = await api.create(request.create);
    } else if (Object.keys(request.changes).length === 0 && request.uploads.length) {
      // Only new files: attaching them is the whole save, and its message the only one (an
      // update would also say that nothing has changed).
      entity = request.entity;
    } else {
      entity = await api.update(request.entity.id, request.changes);
    }
    if (!request.uploads.length) return entity;
    try {
      return kind.withFiles(entity, (await api.attach(entity.id, request.uploads)).files);
    } catch {
      // The entry is saved; the server's toast says why the files were not attached.
      return entity;
    }
  }

  return {
    keys,
    queries,
    api,
    /** Moves an entry to the trash (its page still opens, saying so). */
    useTrash: mutationHook((id: number) => api.trash(id), stale),
    useRestore: mutationHook((id: number) => api.restore(id), stale),
    useHardDelete: mutationHook((id: number) => api.hardDelete(id), stale),
    /** History: a stored version's fields become the entry's. */
    useRestoreVersion: mutationHook(
      ({ id, data }: { id: number; data: RevisionData }) => api.restoreVersion(id, data),
      stale,
      showSaved,
    ),
    /** Deletes one file of an entry: the entry's page shows its files. */
    useDeleteFile: mutationHook((fileId: number) => api.deleteFile(fileId), stale),
    /** Creates or updates an entry and attaches the finished uploads to it. */
    useSave: mutationHook(save, stale, showSaved),
    showSaved,
  };
}

export type EntityResource<
  Entity extends EntityBase,
  Create,
  Update extends object,
  RevisionData,
  Revision,
> = ReturnType<typeof entityResource<Entity, Create, Update, RevisionData, Revision>>;
