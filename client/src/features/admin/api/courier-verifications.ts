import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpointUrl } from '@common/contracts/endpoint';
import { approveVerification, getVerificationProof, listVerifications, refuseVerification } from '@endpoints/courier';
import { call } from '@/lib/api-client';
import { isForumQuery } from '@/lib/query-keys';
import { adminKeys } from './keys';

// The verified courier badge's review (issue 32 item 2; docs/API.md "Verified courier badge"), for
// moderators and admins: the requests waiting, oldest first, each with its proof photo, to approve or
// refuse with a reason the member is told. The server audits each decision and deletes the proof.

export const getVerificationsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.verifications,
    queryFn: ({ signal }) => call(listVerifications, {}, { signal }),
    staleTime: 15_000,
  });

/** The proof photo's address, for an <img>: the browser sends the moderator's cookie (same origin). */
export const verificationProofUrl = (id: number) => endpointUrl(getVerificationProof, { id });

export type VerificationDecisionInput = { id: number; outcome: 'approve' } | { id: number; outcome: 'refuse'; reason: string };

/** POST …/:id/approve | …/:id/refuse. Either way the list is read again; a badge given shows beside the member's posts. */
export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VerificationDecisionInput) =>
      input.outcome === 'approve'
        ? call(approveVerification, { params: { id: input.id } })
        : call(refuseVerification, { params: { id: input.id }, body: { reason: input.reason } }),
    onSettled: (_res, _err, input) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.verifications });
      if (input.outcome === 'approve') void queryClient.invalidateQueries({ predicate: isForumQuery, refetchType: 'none' });
    },
  });
}
