import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TComment, TPostDetail } from '@common/contracts/forum';
import { LIVE_GUEST_POLL_MS } from '@common/rules/live';
import { createQueryClient } from '@/lib/query-client';
import { forumKeys } from '../api/keys';
import { NewCommentsPill } from '../components/new-comments-pill';
import { guestPollMs, useLivePost } from './use-live-post';

// A stand-in for the tab's shared socket (lib/socket-client.ts): records what is sent, lets the test
// deliver frames, drop and reopen it.
const fake = vi.hoisted(() => {
  type Handler = (frame: unknown) => void;
  const handlers = new Map<string, Set<Handler>>();
  const stateListeners = new Set<() => void>();
  const reconnectListeners = new Set<() => void>();
  const client = {
    state: 'open' as string,
    sent: [] as Array<{ type: string; postId: number }>,
    retained: 0,
    send(type: string, fields: { postId: number }) {
      if (client.state !== 'open') return false;
      client.sent.push({ type, ...fields });
      return true;
    },
    subscribe(type: string, h: Handler) {
      if (!handlers.has(type)) handlers.set(type, new Set());
      handlers.get(type)!.add(h);
      return () => void handlers.get(type)!.delete(h);
    },
    onStateChange(l: () => void) {
      stateListeners.add(l);
      return () => void stateListeners.delete(l);
    },
    onReconnected(l: () => void) {
      reconnectListeners.add(l);
      return () => void reconnectListeners.delete(l);
    },
    getState: () => client.state,
    emit(frame: { type: string }) {
      for (const h of [...(handlers.get(frame.type) ?? [])]) h(frame);
    },
    setState(s: string) {
      client.state = s;
      for (const l of [...stateListeners]) l();
      if (s === 'open') for (const l of [...reconnectListeners]) l();
    },
    listeners: () => [...handlers.values()].reduce((n, s) => n + s.size, 0),
    reset() {
      handlers.clear();
      stateListeners.clear();
      reconnectListeners.clear();
      client.sent = [];
      client.state = 'open';
      client.retained = 0;
    },
  };
  return client;
});

vi.mock('@/lib/socket-client', () => ({
  getSocketClient: () => fake,
  retainSocket: () => {
    fake.retained += 1;
    return () => void (fake.retained -= 1);
  },
}));

const comment = (id: number, username: string, extra: Partial<TComment> = {}): TComment => ({
  id,
  postId: 1,
  parentId: null,
  content: `comment ${id}`,
  contentHtml: `<p>comment ${id}</p>`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 10, id)).toISOString(),
  editedAt: null,
  isDeleted: false,
  upvotes: 0,
  downvotes: 0,
  userVote: null,
  author: { username, firstName: '', lastName: '', avatar: '', statusText: '' },
  canEdit: false,
  reactions: {},
  ...extra,
});
const postWith = (comments: TComment[], extra: Partial<TPostDetail> = {}) =>
  ({ id: 1, slug: 'rota', commentCount: comments.length, upvotes: 0, downvotes: 0, userVote: 'upvote', reactions: {}, comments, hasMoreComments: false, ...extra }) as TPostDetail;

const me = { id: 7, username: 'dana' };

function setup(user: typeof me | null, post = postWith([comment(1, 'sam')])) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(forumKeys.postPage('rota'), post);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const cached = () => queryClient.getQueryData<TPostDetail>(forumKeys.postPage('rota'))!;
  const hook = renderHook(() => useLivePost(cached(), user, true), { wrapper });
  return { queryClient, cached, hook };
}
const emit = (frame: object) => act(() => fake.emit(frame as { type: string }));

beforeEach(() => fake.reset());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useLivePost for a member (socket)', () => {
  it('subscribes while mounted, holds others’ new comments behind the pill and reveals them', async () => {
    const { cached, hook } = setup(me);
    await waitFor(() => expect(fake.sent).toEqual([{ type: 'subscribe_post', postId: 1 }]));
    expect(fake.retained).toBe(1);
    await emit({ type: 'post_subscribed', postId: 1 });
    expect(hook.result.current.status).toBe('live');

    await emit({ type: 'post_comment_new', postId: 1, comment: comment(2, 'sam'), commentCount: 2 });
    await emit({ type: 'post_comment_new', postId: 1, comment: comment(3, 'lee'), commentCount: 3 });
    await emit({ type: 'post_comment_new', postId: 1, comment: comment(3, 'lee'), commentCount: 3 }); // twice: once
    await emit({ type: 'post_comment_new', postId: 2, comment: comment(9, 'lee'), commentCount: 9 }); // another post
    expect(hook.result.current.newCount).toBe(2);
    // The count moves at once; the page's comments do not (no jump).
    expect(cached().commentCount).toBe(3);
    expect(cached().comments.map((c) => c.id)).toEqual([1]);

    // An edit of a held one is kept for when it shows.
    await emit({ type: 'post_comment_edited', postId: 1, commentId: 3, content: 'fixed', contentHtml: '<p>fixed</p>', editedAt: '2026-01-01T11:00:00.000Z' });
    let first: number | undefined;
    act(() => {
      first = hook.result.current.reveal();
    });
    expect(first).toBe(2);
    expect(hook.result.current.newCount).toBe(0);
    expect(cached().comments.map((c) => [c.id, c.content])).toEqual([
      [1, 'comment 1'],
      [2, 'comment 2'],
      [3, 'fixed'],
    ]);
    expect(cached().commentCount).toBe(3);
  });

  it('the member’s own new comment shows at once; a held comment deleted before it showed is dropped', async () => {
    const { cached, hook } = setup(me);
    await waitFor(() => expect(fake.sent).toHaveLength(1));
    await emit({ type: 'post_comment_new', postId: 1, comment: comment(4, 'dana', { canEdit: true }), commentCount: 2 });
    expect(cached().comments.map((c) => c.id)).toEqual([1, 4]);
    expect(hook.result.current.newCount).toBe(0);

    await emit({ type: 'post_comment_new', postId: 1, comment: comment(5, 'sam'), commentCount: 3 });
    expect(hook.result.current.newCount).toBe(1);
    await emit({ type: 'post_comment_deleted', postId: 1, commentId: 5, commentCount: 2 });
    expect(hook.result.current.newCount).toBe(0);
    expect(cached().commentCount).toBe(2);
    // One on the page goes from it.
    await emit({ type: 'post_comment_deleted', postId: 1, commentId: 1, commentCount: 1 });
    expect(cached().comments.map((c) => c.id)).toEqual([4]);
  });

  it('votes, reactions and post edits apply in place; the reader’s own userVote stays', async () => {
    const { cached } = setup(me);
    await waitFor(() => expect(fake.sent).toHaveLength(1));
    await emit({ type: 'post_votes', postId: 1, target: 'post', id: 1, upvotes: 5, downvotes: 2 });
    await emit({ type: 'post_votes', postId: 1, target: 'comment', id: 1, upvotes: 3, downvotes: 0 });
    await emit({ type: 'post_reactions', postId: 1, target: 'comment', id: 1, reactions: { '👍': { count: 2 } } });
    await emit({ type: 'post_reactions', postId: 1, target: 'post', id: 1, reactions: { '🔥': { count: 1 } } });
    const category = { id: 2, name: 'Pay', slug: 'pay', color: '#000', description: '' };
    await emit({ type: 'post_edited', postId: 1, title: 'New title', content: 'x', contentHtml: '<p>x</p>', excerpt: 'x', editedAt: null, category });
    expect(cached()).toMatchObject({ upvotes: 5, downvotes: 2, userVote: 'upvote', reactions: { '🔥': { count: 1 } }, title: 'New title', category });
    expect(cached().comments[0]).toMatchObject({ upvotes: 3, downvotes: 0, reactions: { '👍': { count: 2 } } });
  });

  it('a changed accepted answer (issue 33) shows at once, and its clearing', async () => {
    const { cached } = setup(me);
    await waitFor(() => expect(fake.sent).toHaveLength(1));
    const acceptedAnswer = { commentId: 1, author: null, excerpt: 'Keep every receipt.', createdAt: '2026-11-29T10:00:00.000Z' };
    await emit({ type: 'post_answer', postId: 1, acceptedAnswer });
    expect(cached()).toMatchObject({ acceptedAnswer, solved: true });
    await emit({ type: 'post_answer', postId: 1, acceptedAnswer: null });
    expect(cached()).toMatchObject({ acceptedAnswer: null, solved: false });
  });

  it('a poll’s counts (issue 33) apply in place, the reader’s own votes kept; once closed no one votes or closes it', async () => {
    const poll = {
      options: [
        { id: 11, text: 'Transit', votes: null },
        { id: 12, text: 'Sprinter', votes: null },
      ],
      multiple: false,
      results: 'after_vote' as const,
      closesAt: null,
      closed: false,
      voters: null,
      myVotes: [12],
      canVote: true,
      canClose: true,
    };
    const { cached } = setup(me, postWith([comment(1, 'sam')], { poll }));
    await waitFor(() => expect(fake.sent).toHaveLength(1));
    await emit({ type: 'post_poll', postId: 1, options: [{ id: 11, votes: 3 }, { id: 12, votes: 1 }], voters: 4, closed: false });
    expect(cached().poll).toEqual({ ...poll, options: [{ id: 11, text: 'Transit', votes: 3 }, { id: 12, text: 'Sprinter', votes: 1 }], voters: 4 });
    await emit({ type: 'post_poll', postId: 2, options: [{ id: 11, votes: 9 }], voters: 9, closed: true }); // another post
    expect(cached().poll!.voters).toBe(4);
    await emit({ type: 'post_poll', postId: 1, options: [{ id: 11, votes: 3 }, { id: 12, votes: 2 }], voters: 5, closed: true });
    expect(cached().poll).toMatchObject({ voters: 5, closed: true, canVote: false, canClose: false, myVotes: [12] });
    expect(cached().poll!.options.map((o) => o.votes)).toEqual([3, 2]);
  });

  it('subscribes again when the socket reopens, and lets go on leave', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ comments: [], hasMore: false }), { status: 200 })));
    const { hook } = setup(me);
    await waitFor(() => expect(fake.sent).toHaveLength(1));
    act(() => fake.setState('reconnecting'));
    expect(hook.result.current.status).toBe('off');
    act(() => fake.setState('open'));
    expect(fake.sent.map((f) => f.type)).toEqual(['subscribe_post', 'subscribe_post']);
    // The reconnect asks for comments missed meanwhile.
    await waitFor(() => expect(fetch).toHaveBeenCalledWith(expect.stringContaining('/api/forum/posts/1/comments?after=1'), expect.anything()));
    hook.unmount();
    expect(fake.sent.at(-1)).toEqual({ type: 'unsubscribe_post', postId: 1 });
    expect(fake.listeners()).toBe(0);
    expect(fake.retained).toBe(0);
  });
});

describe('useLivePost for a guest (poll)', () => {
  it('asks for comments after the newest every 30 s while visible, and holds new ones behind the pill', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ comments: [comment(1, 'sam'), comment(2, 'lee')], hasMore: false }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { cached, hook } = setup(null);
    expect(hook.result.current.status).toBe('polling');
    expect(fake.sent).toEqual([]); // no socket for a guest
    await act(async () => vi.advanceTimersByTime(LIVE_GUEST_POLL_MS - 1));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    await vi.waitFor(() => expect(hook.result.current.newCount).toBe(1)); // real timers: setInterval is faked
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('/api/forum/posts/1/comments?after=1');
    expect(cached().commentCount).toBe(2);
    expect(cached().comments).toHaveLength(1);

    // A hidden tab does not ask.
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(async () => vi.advanceTimersByTime(LIVE_GUEST_POLL_MS));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not poll while older comments are still to be paged in', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    setup(null, postWith([comment(1, 'sam')], { hasMoreComments: true }));
    await act(async () => vi.advanceTimersByTime(LIVE_GUEST_POLL_MS * 2));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the interval is shortened only in an automated browser (tests), never below 100 ms', () => {
    window.__kerbsideLivePollMs = 500;
    expect(guestPollMs()).toBe(LIVE_GUEST_POLL_MS);
    Object.defineProperty(navigator, 'webdriver', { value: true, configurable: true });
    try {
      expect(guestPollMs()).toBe(500);
      window.__kerbsideLivePollMs = 5;
      expect(guestPollMs()).toBe(LIVE_GUEST_POLL_MS);
    } finally {
      delete (navigator as { webdriver?: boolean }).webdriver;
      delete window.__kerbsideLivePollMs;
    }
  });
});

describe('NewCommentsPill', () => {
  it('is an empty status region with no new comments; "1 new comment", "2 new comments"; a tap reveals', () => {
    const onReveal = vi.fn();
    const { rerender } = render(<NewCommentsPill count={0} onReveal={onReveal} status="live" />);
    expect(screen.getByRole('status').innerHTML).toBe('');
    expect(screen.getByRole('status').dataset.live).toBe('live');
    rerender(<NewCommentsPill count={1} onReveal={onReveal} />);
    expect(screen.getByRole('button').textContent).toContain('1 new comment');
    expect(screen.getByRole('button').textContent).not.toContain('comments');
    rerender(<NewCommentsPill count={2} onReveal={onReveal} />);
    fireEvent.click(screen.getByRole('button', { name: /2 new comments/ }));
    expect(onReveal).toHaveBeenCalledTimes(1);
  });
});
