import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  isContentLanguage,
  type RecordEntity,
  type RecordRevision,
  type RecordRevisionData,
} from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { entityResource } from '@/shared/entity/resource';
import { fetchOptions } from '@/shared/query/preload';
import type { RecordCreateInput, RecordUpdateInput } from './formValues';
import type { RecordListRequest } from './recordSearch';

/** Records on the generic machinery: their routes, their cache, their audio parts. */
export const recordResource = entityResource<
  RecordEntity,
  RecordCreateInput,
  RecordUpdateInput,
  RecordRevisionData,
  RecordRevision
>({
  // Every write on a record makes the lists, the owners and its pages stale.
  key: ['records'],
  routes: {
    single: 'record',
    revisions: 'recordRevisions',
    create: 'recordCreate',
    update: 'recordUpdate',
    trash: 'recordDelete',
    restore: 'recordRestore',
    hardDelete: 'recordHardDelete',
  },
  answer: 'record',
  owner: 'record',
  // Versions keep the language as it was written, which was one of these.
  // The index a version kept is not a field of the record: restoring leaves the segments as they are.
  revert: ({ lang, segments: _segments, ...data }) => ({
    ...data,
    lang: isContentLanguage(lang) ? lang : undefined,
  }),
  // The uploads become the record's last audio parts.
  withFiles: (saved, files) => ({
    ...saved,
    files: [
      ...saved.files,
      ...files.map((file, i) => ({ ...file, position: saved.files.length + i })),
    ],
    files_count: saved.files_count + files.length,
  }),
});

export const recordKeys = {
  ...recordResource.keys,
  list: (request: RecordListRequest) => ['records', 'list', request] as const,
  owners: ['records', 'owners'] as const,
};

export const recordQueries = {
  ...recordResource.queries,
  /** One page of the list; lists (not searches) are kept offline like the archive's. */
  list: (request: RecordListRequest) =>
    queryOptions({
      queryKey: recordKeys.list(request),
      queryFn: (context) => call('records', { query: request }, fetchOptions(context)),
      meta: { persist: request.query === undefined },
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  owners: () =>
    queryOptions({
      queryKey: recordKeys.owners,
      queryFn: (context) => call('recordOwners', undefined, fetchOptions(context)),
      staleTime: 60_000,
    }),
};
