import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getJobsSummary, retryJob } from '@endpoints/jobs';
import { call } from '@/lib/api-client';
import { adminKeys } from './keys';

// The dashboard's background jobs card (docs/API.md "Admin: background jobs").

export const getJobsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.jobs,
    queryFn: ({ signal }) => call(getJobsSummary, {}, { signal }),
    staleTime: 10_000,
  });

/** "Retry": the job is queued again at once (202); the card reads the counts afresh either way (a 404 is another admin's retry). */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(retryJob, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.audit.all }), // job.retry
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.jobs }),
  });
}
