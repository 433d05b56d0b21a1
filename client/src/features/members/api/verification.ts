import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TVerificationRequest } from '@common/contracts/courier';
import { cancelVerification, getVerification, removeOwnBadge, requestVerification, withdrawBadge } from '@endpoints/courier';
import { call } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/auth';
import { memberKeys } from './keys';

// Issue 32 item 2: the verified courier badge (docs/API.md "Verified courier badge"). The member's own
// request, cancel and removal, and a moderator's withdrawal from a public profile. Each answers a
// `message` for the toast, which is the caller's.

export const getVerificationQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.verification,
    queryFn: ({ signal }) => call(getVerification, {}, { signal }),
  });

/**
 * Where the badge shows (a public profile, a directory card, the author of posts and comments): read
 * again when next shown, not now. The member's own account and settings are not about it.
 */
function badgeShownElsewhere(queryClient: ReturnType<typeof useQueryClient>) {
  const own = new Set<unknown>([USER_QUERY_KEY[0], memberKeys.profile[0], memberKeys.courier[0], memberKeys.verification[0]]);
  void queryClient.invalidateQueries({ predicate: (q) => !own.has(q.queryKey[0]), refetchType: 'none' });
}

/** POST: the network and the photo as a data URL; answers the fresh status, which replaces the cached one. */
export function useRequestVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TVerificationRequest) => call(requestVerification, { body }),
    onSuccess: ({ message: _, ...status }) => queryClient.setQueryData(memberKeys.verification, status),
  });
}

/** DELETE the request waiting (its proof is deleted too). */
export function useCancelVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(cancelVerification),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: memberKeys.verification }),
  });
}

/** DELETE the member's own badge. */
export function useRemoveOwnBadge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(removeOwnBadge),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.verification });
      badgeShownElsewhere(queryClient);
    },
  });
}

/** A moderator takes a member's badge off, with the reason the member is told; the profile open shows it gone. */
export function useWithdrawBadge(member: { id: number; username: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => call(withdrawBadge, { params: { id: member.id }, body: { reason } }),
    onSuccess: () => {
      badgeShownElsewhere(queryClient);
      void queryClient.invalidateQueries({ queryKey: memberKeys.publicProfile(member.username), exact: true });
    },
  });
}
