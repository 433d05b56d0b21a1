import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getBackupStatus, startBackup } from '@endpoints/backups';
import { call } from '@/lib/api-client';
import { adminKeys } from './keys';

// The dashboard's backups card (docs/API.md "Admin: backups").

/** How often the card asks again while a backup is being written. */
export const BACKUP_POLL_MS = 2_000;

export const getBackupStatusQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.backups,
    queryFn: ({ signal }) => call(getBackupStatus, {}, { signal }),
    // Polled only while one runs: the answer then says when it is done (or why it failed).
    refetchInterval: (query) => (query.state.data?.running ? BACKUP_POLL_MS : false),
    staleTime: 15_000,
  });

/** "Back up now": the answer (202) is the card's new state, running. */
export function useStartBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(startBackup),
    onSuccess: (status) => {
      queryClient.setQueryData(adminKeys.backups, status);
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit.all }); // backup.create
    },
    // 409: one is running already (another admin's, or the daily one): show it.
    onError: () => void queryClient.invalidateQueries({ queryKey: adminKeys.backups }),
  });
}
