import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateWatchedWord, THeldStatus, TReviewSettings } from '@common/contracts/review';
import {
  approveHeldItem,
  createWatchedWord,
  deleteWatchedWord,
  getReviewSettings,
  listHeldItems,
  listWatchedWords,
  rejectHeldItem,
  updateReviewSettings,
} from '@endpoints/review';
import { call } from '@/lib/api-client';
import { isForumQuery } from '@/lib/query-keys';
import { adminKeys } from './keys';

// The review queue (moderators) and the watched words and review setting (admins), issue 28
// (docs/API.md "Review queue and watched words"). The server audits every decision and change.

export const getHeldItemsQueryOptions = (status: THeldStatus, page = 1) =>
  queryOptions({
    queryKey: adminKeys.review.list(status, page),
    queryFn: ({ signal }) => call(listHeldItems, { query: { status, page: page > 1 ? page : undefined } }, { signal }),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

export type ReviewDecisionInput = { id: number; outcome: 'approve' } | { id: number; outcome: 'reject'; reason: string };

/** POST /api/admin/review/:id/approve | /reject. Approving publishes: the forum's lists refresh too. */
export function useDecideHeldItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewDecisionInput) =>
      input.outcome === 'approve'
        ? call(approveHeldItem, { params: { id: input.id } })
        : call(rejectHeldItem, { params: { id: input.id }, body: { reason: input.reason } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.review.all });
      void queryClient.invalidateQueries({ predicate: isForumQuery });
    },
  });
}

export const getReviewSettingsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.reviewSettings, queryFn: ({ signal }) => call(getReviewSettings, {}, { signal }), staleTime: 60_000 });

export function useSaveReviewSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TReviewSettings) => call(updateReviewSettings, { body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.reviewSettings, saved),
  });
}

export const getWatchedWordsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.watchedWords, queryFn: ({ signal }) => call(listWatchedWords, {}, { signal }), staleTime: 15_000 });

export function useAddWatchedWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateWatchedWord) => call(createWatchedWord, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.watchedWords }),
  });
}

export function useRemoveWatchedWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deleteWatchedWord, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.watchedWords }),
  });
}
