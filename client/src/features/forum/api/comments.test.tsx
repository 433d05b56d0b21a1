import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TComment, TPostDetail } from '@common/contracts/forum';
import { createQueryClient } from '@/lib/query-client';
import { mergeComments, nextPageCursor, removeComment, useCreateComment } from './comments';
import { forumKeys } from './keys';

const c = (id: number, minute: number, parentId: number | null = null): TComment =>
  ({ id, parentId, createdAt: `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`, isDeleted: false, author: { username: `u${id}` } }) as TComment;
const post = (comments: TComment[], extra: Partial<TPostDetail> = {}) => ({ id: 1, slug: 'p', commentCount: comments.length, comments, ...extra }) as TPostDetail;

afterEach(() => vi.unstubAllGlobals());

describe('mergeComments', () => {
  it('adds only new comments and keeps the list oldest first', () => {
    const merged = mergeComments([c(1, 0), c(9, 30)], [c(9, 30), c(2, 5), c(3, 6)]);
    expect(merged.map((x) => x.id)).toEqual([1, 2, 3, 9]);
  });
});

describe('removeComment', () => {
  it('drops a comment without replies and keeps one with replies as a placeholder', () => {
    const p = post([c(1, 0), c(2, 1, 1), c(3, 2)]);
    expect(removeComment(p, 3).comments.map((x) => x.id)).toEqual([1, 2]);
    const kept = removeComment(p, 1);
    expect(kept.comments[0]).toMatchObject({ id: 1, isDeleted: true, content: '', contentHtml: '', author: null, canEdit: false });
    expect(kept.commentCount).toBe(2);
    expect(removeComment(kept, 1)).toBe(kept); // twice is a no-op
  });

  it('takes the accepted answer with it, even when it is not paged in (issue 33)', () => {
    const answer = { commentId: 3, author: null, excerpt: 'Use a fuel card', createdAt: '2026-01-01T10:02:00.000Z' };
    const p = post([c(1, 0), c(3, 2)], { solved: true, acceptedAnswer: answer });
    expect(removeComment(p, 3)).toMatchObject({ solved: false, acceptedAnswer: null, commentCount: 1 });
    expect(removeComment(p, 1)).toMatchObject({ solved: true, acceptedAnswer: answer });
    expect(removeComment(post([c(1, 0)], { solved: true, acceptedAnswer: { ...answer, commentId: 7 } }), 7)).toMatchObject({ solved: false, acceptedAnswer: null });
  });
});

describe('load more after posting', () => {
  it('asks for the page after the last comment the server sent, not the one just posted', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(forumKeys.postPage('p'), post([c(1, 0), c(2, 1)], { hasMoreComments: true }));
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(c(50, 59)), { status: 201 })));
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useCreateComment(1, 7), { wrapper });
    await act(() => result.current.mutateAsync({ content: 'hello', parentId: null }));
    await waitFor(() => expect(queryClient.getQueryData<TPostDetail>(forumKeys.postPage('p'))!.comments).toHaveLength(3));
    const after = queryClient.getQueryData<TPostDetail>(forumKeys.postPage('p'))!;
    expect(after.commentCount).toBe(3);
    expect(nextPageCursor(after.comments)).toBe(2);
  });
});
