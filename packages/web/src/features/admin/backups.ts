import { queryOptions } from '@tanstack/react-query';
import type { Backup, BackupSchedule } from '@kinfolio/contract';
import { call, callWithForm } from '@/shared/api/call';
import { mutationHook } from '@/shared/query/mutation';
import { liveListQuery } from './listQueries';

export const backupKeys = {
  all: ['backups'] as const,
  list: ['backups', 'list'] as const,
  schedule: ['backups', 'schedule'] as const,
};

/** The downloads list shows the backups too (features/admin/downloads.ts owns that key). */
const DOWNLOADS = ['downloads'] as const;

export const isBackupRunning = (backup: Backup) => backup.status === 'running';

export const backupQueries = {
  list: () =>
    liveListQuery(
      backupKeys.list,
      (signal) => call('backups', {}, { signal, background: true }),
      isBackupRunning,
    ),
  schedule: () =>
    queryOptions({
      queryKey: backupKeys.schedule,
      queryFn: ({ signal }) => call('backupSchedule', {}, { signal }),
    }),
};

const listed = () => [backupKeys.list, DOWNLOADS];

export const useCreateBackup = mutationHook(() => call('backupCreate', {}), listed);
export const useDeleteBackup = mutationHook(
  (id: number) => call('backupDelete', { params: { id } }),
  listed,
);
/**
 * A verify or a restore reads the whole archive (a restore uploads it first): a large one takes
 * far longer than an ordinary request may.
 */
const ARCHIVE_TIMEOUT_MS = 60 * 60 * 1000;

/** The result is shown in the backup's row, not toasted: a refusal is part of the answer. */
export const useVerifyBackup = mutationHook(
  (id: number) =>
    call('backupVerify', { params: { id } }, { silent: true, timeoutMs: ARCHIVE_TIMEOUT_MS }),
  () => [],
);
export const useSaveBackupSchedule = mutationHook(
  // The answer's message is toasted by the API client; a 422 lands under the fields.
  (body: BackupSchedule) => call('backupScheduleUpdate', { body }, { validationCheck: true }),
  () => [backupKeys.schedule],
);
/**
 * The restored archive replaces this one's accounts and sessions: nothing cached is refetched
 * (it would answer 401); the page logs out instead.
 */
export const useRestoreBackup = mutationHook(
  (file: File) => {
    const form = new FormData();
    form.append('backup', file, file.name);
    return callWithForm('backupRestore', form, {
      validationCheck: true,
      quietSuccess: true,
      timeoutMs: ARCHIVE_TIMEOUT_MS,
    });
  },
  () => [],
);
