import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMemberStatus } from '@common/contracts/admin';
import type { SuspensionDuration } from '@common/rules/roles';
import {
  deleteMember,
  getMember,
  grantAdmin,
  liftMemberChatSuspension,
  listMembers,
  resendMemberVerification,
  revokeAdmin,
  setMemberRole,
  setMemberTrustLevel,
  suspendMember,
  suspendMemberChat,
  unsuspendMember,
} from '@endpoints/admin';
import { call } from '@/lib/api-client';
import { adminKeys } from './keys';

// Admin members (docs/API.md "Admin: dashboard, members, audit log").

export const getMembersQueryOptions = (q: string, status: TMemberStatus, page: number) =>
  queryOptions({
    queryKey: adminKeys.members.list(q, status, page),
    queryFn: ({ signal }) =>
      call(listMembers, { query: { q: q || undefined, status: status === 'all' ? undefined : status, page: page > 1 ? page : undefined } }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export const getMemberQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.members.member(id),
    queryFn: ({ signal }) => call(getMember, { params: { id } }, { signal }),
  });

export type MemberAction =
  | 'suspend-chat'
  | 'lift-chat'
  | 'suspend'
  | 'unsuspend'
  | 'make-admin'
  | 'remove-admin'
  | 'make-moderator'
  | 'remove-moderator'
  | 'resend-verification'
  | 'delete';

/** An action's call; the member's fresh detail, or null for the two that answer only a message. */
async function send(id: number, action: MemberAction, reason?: string, duration?: SuspensionDuration) {
  const params = { id };
  const body = reason ? { reason } : {};
  switch (action) {
    case 'suspend-chat':
      return call(suspendMemberChat, { params, body });
    case 'lift-chat':
      return call(liftMemberChatSuspension, { params });
    case 'suspend':
      return call(suspendMember, { params, body: { ...body, duration: duration ?? 'indefinite' } });
    case 'unsuspend':
      return call(unsuspendMember, { params });
    case 'make-admin':
      return call(grantAdmin, { params });
    case 'remove-admin':
      return call(revokeAdmin, { params });
    case 'make-moderator':
      return call(setMemberRole, { params, body: { role: 'moderator' } });
    case 'remove-moderator':
      return call(setMemberRole, { params, body: { role: 'member' } });
    case 'resend-verification':
      await call(resendMemberVerification, { params });
      return null;
    case 'delete':
      await call(deleteMember, { params });
      return null;
  }
}

/** One action on a member; the member, the list, the dashboard and the audit log are refreshed. */
export function useMemberAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason, duration }: { action: MemberAction; reason?: string; duration?: SuspensionDuration }) => send(id, action, reason, duration),
    onSuccess: (detail, { action }) => {
      if (action === 'delete') queryClient.removeQueries({ queryKey: adminKeys.members.member(id) });
      // An admin hears the whole record; anything less (a moderator's answer, issue 28) is not a detail.
      else if (detail && 'activeSessions' in detail) queryClient.setQueryData(adminKeys.members.member(id), detail);
      void queryClient.invalidateQueries({ queryKey: adminKeys.members.lists });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit.all });
    },
  });
}

/**
 * Issue 28: pins the member's trust level (0 to 3), or with null lets it follow their activity again;
 * the member's record and the audit log are refreshed.
 */
export function useSetTrustLevel(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (level: number | null) => call(setMemberTrustLevel, { params: { id }, body: { level } }),
    onSuccess: (detail) => {
      queryClient.setQueryData(adminKeys.members.member(id), detail);
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit.all });
    },
  });
}
