import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { TComment, TPostDetail } from '@common/contracts/forum';
import { createQueryClient } from '@/lib/query-client';
import { USER_QUERY_KEY } from '@/lib/auth';
import { forumKeys } from './keys';
import { useToggleReaction, type ReactionTarget } from './reactions';

const toast = vi.fn();
const openAuthDialog = vi.fn();
vi.mock('@/components/ui/toast', () => ({ toast: (...a: unknown[]) => toast(...a) }));
vi.mock('@/lib/auth-dialog', () => ({ openAuthDialog: (...a: unknown[]) => openAuthDialog(...a) }));

const comment = { id: 7, parentId: null, reactions: { '❤️': { count: 1 } } } as unknown as TComment;
const detail = {
  id: 1,
  slug: 'a-post',
  reactions: { '👍': { count: 2 } },
  userReactions: { postReactions: [], commentReactions: { '7': ['❤️'] } },
  comments: [comment],
} as unknown as TPostDetail;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let queryClient: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
const cached = () => queryClient.getQueryData<TPostDetail>(forumKeys.postPage('a-post'))!;
const hook = (target: ReactionTarget) => renderHook(() => useToggleReaction(target), { wrapper }).result;

beforeEach(() => {
  queryClient = createQueryClient();
  queryClient.setQueryData(forumKeys.postPage('a-post'), detail);
  queryClient.setQueryData(USER_QUERY_KEY, { id: 5 });
  toast.mockReset();
  openAuthDialog.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('useToggleReaction', () => {
  it('shows the tap at once, then the server summary', async () => {
    let answer!: (r: Response) => void;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((r) => (answer = r))));
    const result = hook({ kind: 'post', id: 1, postId: 1 });
    act(() => result.current.mutate('👍'));
    await waitFor(() => expect(cached().reactions).toEqual({ '👍': { count: 3 } }));
    expect(cached().userReactions.postReactions).toEqual(['👍']);

    answer(json(200, { added: true, reactions: { '👍': { count: 9 } }, userReactions: ['👍'] }));
    await waitFor(() => expect(cached().reactions).toEqual({ '👍': { count: 9 } }));
    expect(toast).not.toHaveBeenCalled();
  });

  it('takes a comment reaction back and undoes it when the server fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(500, { message: 'boom' })));
    const result = hook({ kind: 'comment', id: 7, postId: 1 });
    act(() => result.current.mutate('❤️'));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(cached().comments[0].reactions).toEqual({ '❤️': { count: 1 } });
    expect(cached().userReactions.commentReactions['7']).toEqual(['❤️']);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Failed to add reaction', description: 'Please try again' }));
    expect(openAuthDialog).not.toHaveBeenCalled();
  });

  it('asks a guest to sign in on 401 (spec §8), leaving the counts alone', async () => {
    queryClient.setQueryData(USER_QUERY_KEY, null);
    const fetch = vi.fn(async () => json(401, { message: 'Authentication required' }));
    vi.stubGlobal('fetch', fetch);
    const result = hook({ kind: 'post', id: 1, postId: 1 });
    act(() => result.current.mutate('🚚'));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(fetch).toHaveBeenCalledWith('/api/forum/posts/1/reactions', expect.objectContaining({ method: 'POST', body: JSON.stringify({ emoji: '🚚' }) }));
    expect(cached().reactions).toEqual({ '👍': { count: 2 } });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Authentication required', description: 'Please log in to add reactions' }));
    expect(openAuthDialog).toHaveBeenCalledWith('signin');
  });
});
