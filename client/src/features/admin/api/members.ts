import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminMemberDetail, TAdminMemberList, TMemberStatus } from '@common/contracts/admin';
import { api, withQuery } from '@/lib/api-client';
import { memberPath, membersPath } from './endpoints';
import { adminKeys } from './keys';

// Admin members (docs/API.md "Admin: dashboard, members, audit log").

export const getMembersQueryOptions = (q: string, status: TMemberStatus, page: number) =>
  queryOptions({
    queryKey: adminKeys.members.list(q, status, page),
    queryFn: ({ signal }) =>
      api.get<TAdminMemberList>(withQuery(membersPath, { q: q || undefined, status: status === 'all' ? undefined : status, page: page > 1 ? page : undefined }), {
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export const getMemberQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.members.member(id),
    queryFn: ({ signal }) => api.get<TAdminMemberDetail>(memberPath(id), { signal }),
  });

export type MemberAction =
  | 'suspend-chat'
  | 'lift-chat'
  | 'suspend'
  | 'unsuspend'
  | 'make-admin'
  | 'remove-admin'
  | 'resend-verification'
  | 'delete';

function send(id: number, action: MemberAction, reason?: string): Promise<unknown> {
  const base = memberPath(id);
  const body = reason ? { reason } : {};
  switch (action) {
    case 'suspend-chat':
      return api.post(`${base}/chat-suspension`, body);
    case 'lift-chat':
      return api.delete(`${base}/chat-suspension`);
    case 'suspend':
      return api.post(`${base}/suspension`, body);
    case 'unsuspend':
      return api.delete(`${base}/suspension`);
    case 'make-admin':
      return api.post(`${base}/admin`);
    case 'remove-admin':
      return api.delete(`${base}/admin`);
    case 'resend-verification':
      return api.post(`${base}/resend-verification`);
    case 'delete':
      return api.delete(base);
  }
}

/** One action on a member; the member, the list, the dashboard and the audit log are refreshed. */
export function useMemberAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: MemberAction; reason?: string }) => send(id, action, reason),
    onSuccess: (data, { action }) => {
      if (action === 'delete') queryClient.removeQueries({ queryKey: adminKeys.members.member(id) });
      else if (action !== 'resend-verification') queryClient.setQueryData(adminKeys.members.member(id), data as TAdminMemberDetail);
      void queryClient.invalidateQueries({ queryKey: adminKeys.members.lists });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit.all });
    },
  });
}
