import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReportStatus } from '@common/contracts/moderation';
import { deletePost, lockPost, pinPost } from '@endpoints/forum';
import { dismissReport, listAdminPosts, listReports, movePost, resolveReport } from '@endpoints/moderation';
import { removeUpload } from '@endpoints/uploads';
import { suspendMemberChat } from '@endpoints/admin';
import { call } from '@/lib/api-client';
import { isForumQuery } from '@/lib/query-keys';
import { adminKeys } from './keys';

// The moderation screen's calls (docs/API.md "Admin: moderation and categories"). Pin, lock and
// delete are the forum's own routes; the server audits an admin's use of them.

export const getReportsQueryOptions = (status: TReportStatus, page = 1) =>
  queryOptions({
    queryKey: adminKeys.reports.list(status, page),
    queryFn: ({ signal }) => call(listReports, { query: { status, page: page > 1 ? page : undefined } }, { signal }),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

export const getAdminPostsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: adminKeys.posts.search(q),
    queryFn: ({ signal }) => call(listAdminPosts, { query: { q } }, { signal }),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.reports.all });
    void queryClient.invalidateQueries({ queryKey: adminKeys.posts.all });
    // Forum lists and post pages, so the site shows the change.
    void queryClient.invalidateQueries({ predicate: isForumQuery });
    void queryClient.invalidateQueries({ queryKey: adminKeys.categories });
  };
}

export type CloseReportInput = { id: number; outcome: 'resolve' | 'dismiss'; resolution?: string; deleteTarget?: boolean };

/** POST /api/admin/reports/:id/resolve | /dismiss. */
export function useCloseReport() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, outcome, resolution, deleteTarget }: CloseReportInput) =>
      outcome === 'resolve'
        ? call(resolveReport, { params: { id }, body: { resolution: resolution || undefined, action: deleteTarget ? 'delete_target' : 'none' } })
        : call(dismissReport, { params: { id }, body: { resolution: resolution || undefined } }),
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/uploads/:id: the photo goes from every post, comment and message it is in. */
export function useRemoveUpload() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (id: string) => call(removeUpload, { params: { id } }),
    onSuccess: refresh,
  });
}

/** POST /api/admin/members/:id/chat-suspension from a report: a moderator's tool too (issue 18). */
export function useSuspendChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, reason }: { memberId: number; reason?: string }) => call(suspendMemberChat, { params: { id: memberId }, body: reason ? { reason } : {} }),
    onSuccess: (detail) => void queryClient.invalidateQueries({ queryKey: adminKeys.members.member(detail.id) }),
  });
}

export type PostAction = { kind: 'pin'; value: boolean } | { kind: 'lock'; value: boolean } | { kind: 'move'; categoryId: number } | { kind: 'delete' };

/** Pin, lock, move or delete a post from the posts tool. */
export function usePostAction(postId: number) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: async (action: PostAction) => {
      switch (action.kind) {
        case 'pin':
          return call(pinPost, { params: { id: postId }, body: { pinned: action.value } });
        case 'lock':
          return call(lockPost, { params: { id: postId }, body: { locked: action.value } });
        case 'move':
          return call(movePost, { params: { id: postId }, body: { categoryId: action.categoryId } });
        case 'delete':
          return call(deletePost, { params: { id: postId } });
      }
    },
    onSuccess: refresh,
  });
}
