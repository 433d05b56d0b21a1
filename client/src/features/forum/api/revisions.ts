import { queryOptions } from '@tanstack/react-query';
import { listCommentRevisions, listPostRevisions } from '@endpoints/revisions';
import { call } from '@/lib/api-client';

export type RevisionTarget = { kind: 'post' | 'comment'; id: number };

/**
 * GET /api/forum/posts/:id/revisions or /api/forum/comments/:id/revisions (issue 28): the versions of
 * a post or comment, newest first. Read when "edited" is opened; a new edit is a new version, so it
 * is read again each time the dialog opens.
 */
export const getRevisionsQueryOptions = ({ kind, id }: RevisionTarget) =>
  queryOptions({
    queryKey: [kind === 'post' ? listPostRevisions.path : listCommentRevisions.path, id] as const,
    queryFn: ({ signal }) =>
      kind === 'post' ? call(listPostRevisions, { params: { id } }, { signal }) : call(listCommentRevisions, { params: { id } }, { signal }),
    staleTime: 0,
  });
