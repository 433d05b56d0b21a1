import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import type { THeldAnswer, TPostDetail } from '@common/contracts/forum';
import { TRUST_MSG } from '@common/rules/trust';
import { renderWithProviders } from '@/test/render';
import { testUser } from '@/test/users';
import { forumKeys } from '../api/keys';
import { CommentComposer } from './comment-composer';
import { CommentThread } from './comment-thread';

// Issue 28: a comment the review queue holds (202) is no comment yet. Its author sees it in the thread,
// marked "Awaiting approval", its links shown as text; the comment count does not move.

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const me = testUser();
const post = { id: 7, slug: 'cheap-fuel', commentCount: 0, comments: [], hasMoreComments: false, isLocked: false, userReactions: undefined } as unknown as TPostDetail;
const heldAnswer = (content: string): THeldAnswer => ({
  held: true,
  message: TRUST_MSG.heldNotice,
  heldItem: { id: 3, kind: 'comment', status: 'pending', title: null, content, createdAt: '2026-11-28T10:00:00.000Z', category: null, post: { id: 7, slug: 'cheap-fuel', title: 'Cheap fuel' }, parentId: null, rejectReason: null },
});

function PostPage() {
  const { data } = useQuery({ queryKey: forumKeys.postPage(post.slug), queryFn: () => post, initialData: post, staleTime: Infinity });
  return (
    <>
      <p>{data.commentCount} replies</p>
      <CommentComposer postId={data.id} user={me} isLocked={false} onPosted={() => {}} />
      <CommentThread post={data} ctx={{ postId: data.id, isLocked: false, user: me, myReactions: {}, highlightId: null, onPosted: () => {} }} loadMore={{ pending: false, error: null, run: () => {} }} />
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('a held comment', () => {
  it('shows to its author in the thread, awaiting approval, links as text; the count stays', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method !== 'POST') return new Response('{"items":[]}', { status: 200 });
        const body = JSON.parse(String(init.body)) as { content: string };
        return new Response(JSON.stringify(heldAnswer(body.content)), { status: 202 });
      }),
    );
    renderWithProviders(<PostPage />);
    await userEvent.type(screen.getByLabelText('Add a comment'), 'Half price at https://fuel.example/deal');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));

    const held = await screen.findByRole('article', { name: 'Your comment, awaiting approval' });
    expect(within(held).getByText(TRUST_MSG.awaitingApproval)).toBeTruthy();
    expect(within(held).getByText(/https:\/\/fuel\.example\/deal/)).toBeTruthy();
    expect(within(held).queryByRole('link', { name: /fuel\.example/ })).toBeNull();
    expect(toast).toHaveBeenCalledWith({ title: TRUST_MSG.awaitingApproval, description: TRUST_MSG.heldNotice });
    expect(screen.getByText('0 replies')).toBeTruthy();
    expect((screen.getByLabelText('Add a comment') as HTMLTextAreaElement).value).toBe('');
  });
});
