import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  isContentLanguage,
  type RecordRevisionData,
  type recordCreateBody,
  type recordUpdateBody,
} from '@kinfolio/contract';
import type { z } from 'zod';
import { call } from '@/shared/api/call';
import { fetchOptions } from '@/shared/query/preload';
import type { RecordListRequest } from './recordSearch';

export type RecordCreateInput = z.input<typeof recordCreateBody>;
export type RecordUpdateInput = z.input<typeof recordUpdateBody>;

export const recordKeys = {
  all: ['records'] as const,
  list: (request: RecordListRequest) => ['records', 'list', request] as const,
  owners: ['records', 'owners'] as const,
  single: (id: number) => ['records', 'single', id] as const,
  revisions: (id: number, page: number) => ['records', 'revisions', id, page] as const,
};

export const recordQueries = {
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
  single: (id: number) =>
    queryOptions({
      queryKey: recordKeys.single(id),
      queryFn: (context) => call('record', { params: { id } }, fetchOptions(context)),
      meta: { persist: true },
      staleTime: 0,
    }),
  revisions: (id: number, page: number) =>
    queryOptions({
      queryKey: recordKeys.revisions(id, page),
      queryFn: (context) =>
        call(
          'recordRevisions',
          { params: { id }, query: { page, per_page: 20 } },
          fetchOptions(context),
        ),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
};

/** Form submissions: field errors under the inputs, no toast: the form says what is wrong where it is wrong. */
const form = { validationCheck: true } as const;

export const recordsApi = {
  create: (body: RecordCreateInput) => call('recordCreate', { body }, form),
  update: (id: number, body: RecordUpdateInput) =>
    call('recordUpdate', { params: { id }, body }, form),
  /** History: a stored version's fields, PATCHed back (itself a new revision). */
  restoreVersion: (id: number, { lang, ...data }: RecordRevisionData) =>
    call('recordUpdate', {
      params: { id },
      // Versions keep the language as it was written, which was one of these.
      body: { ...data, lang: isContentLanguage(lang) ? lang : undefined },
    }),
  trash: (id: number) => call('recordDelete', { params: { id } }),
  restore: (id: number) => call('recordRestore', { params: { id } }),
  hardDelete: (id: number) => call('recordHardDelete', { params: { id } }),
  /** The finished FilePond uploads become the record's last audio parts. */
  attachParts: (id: number, serverIds: string[]) =>
    call('addFilepond', { body: { newmedias: serverIds, modelId: id, modelType: 'record' } }),
  orderParts: (id: number, files: number[]) =>
    call('recordFilesOrder', { params: { id }, body: { files } }),
  deletePart: (fileId: number) => call('fileDelete', { params: { id: fileId } }),
};
