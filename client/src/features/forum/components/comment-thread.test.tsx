import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import type { TComment, TPostDetail } from '@common/contracts/forum';
import { offlineWrites, PENDING_TEXT } from '@/lib/offline-writes';
import { renderWithProviders } from '@/test/render';
import { testUser } from '@/test/users';
import { forumKeys } from '../api/keys';
import { CommentComposer } from './comment-composer';
import { CommentThread } from './comment-thread';
import { OfflineWritesSync } from './offline-writes-sync';
import { useCommentAnchor } from '../hooks/use-comment-anchor';

// A comment written without a signal (issue 16): kept on the device, in the thread as pending with
// what will happen to it, and sent once when the connection returns. The queue lives in memory here
// (jsdom has no IndexedDB); Chromium runs it on IndexedDB (e2e/offline-writes.spec.ts).

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const me = testUser();
const post = { id: 5, slug: 'van-insurance', commentCount: 0, comments: [], hasMoreComments: false, isLocked: false, userReactions: undefined } as unknown as TPostDetail;
const stored = (content: string): TComment =>
  ({ id: 41, postId: 5, parentId: null, content, contentHtml: `<p>${content}</p>`, createdAt: '2026-11-24T10:00:00.000Z', editedAt: null, isDeleted: false, upvotes: 0, downvotes: 0, userVote: null, author: { username: me.username, avatar: 'car' }, canEdit: true, reactions: {} }) as unknown as TComment;

function PostPage() {
  const { data } = useQuery({ queryKey: forumKeys.postPage(post.slug), queryFn: () => post, initialData: post, staleTime: Infinity });
  return (
    <>
      <CommentComposer postId={data.id} user={me} isLocked={false} onPosted={() => {}} />
      <CommentThread post={data} ctx={{ postId: data.id, isLocked: false, user: me, myReactions: {}, highlightId: null, onPosted: () => {} }} loadMore={{ pending: false, error: null, run: () => {} }} />
      <OfflineWritesSync userId={me.id} />
    </>
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  for (const w of offlineWrites.getSnapshot()) await offlineWrites.discard(w.clientId);
});

describe('a comment written offline', () => {
  it('shows as pending, then is sent once when the connection returns', async () => {
    const posts: unknown[] = [];
    let signal = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method !== 'POST') return new Response('{}', { status: 404 });
        if (!signal) throw new TypeError('Failed to fetch');
        const body = JSON.parse(String(init.body)) as { content: string; clientId: string };
        posts.push(body);
        return new Response(JSON.stringify(stored(body.content)), { status: 201 });
      }),
    );
    renderWithProviders(<PostPage />);
    await userEvent.type(screen.getByLabelText('Add a comment'), 'No signal at the depot');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));

    const pending = await screen.findByRole('article', { name: 'Your comment, not sent yet' });
    expect(within(pending).getByText('No signal at the depot')).toBeTruthy();
    expect(within(pending).getByRole('status').textContent).toBe(PENDING_TEXT.body);
    expect(toast).toHaveBeenCalledWith({ title: PENDING_TEXT.title, description: PENDING_TEXT.body });
    await waitFor(() => expect((screen.getByLabelText('Add a comment') as HTMLTextAreaElement).value).toBe(''));
    expect(screen.queryByText(/No replies yet/)).toBeNull();

    signal = true;
    window.dispatchEvent(new Event('online'));
    await screen.findByRole('article', { name: `Comment by ${me.username}` });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Your comment, not sent yet' })).toBeNull());
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ content: 'No signal at the depot', parentId: null, clientId: expect.stringMatching(/^[A-Za-z0-9_-]{21}$/) });
    expect(offlineWrites.getSnapshot()).toEqual([]);
  });

  it("a final refusal shows the server's reason with the text, and Discard throws it away", async () => {
    let signal = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method !== 'POST') return new Response('{}', { status: 404 });
        if (!signal) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ message: 'This discussion is locked. New comments are not allowed.' }), { status: 403 });
      }),
    );
    renderWithProviders(<PostPage />);
    await userEvent.type(screen.getByLabelText('Add a comment'), 'Too late for this one');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    const pending = await screen.findByRole('article', { name: 'Your comment, not sent yet' });
    signal = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(within(pending).getByRole('alert').textContent).toBe('Not posted: This discussion is locked. New comments are not allowed.'));
    expect(within(pending).getByText('Too late for this one')).toBeTruthy();
    await userEvent.click(within(pending).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Your comment, not sent yet' })).toBeNull());
  });
});

// Issue 18: a new comment landed off-screen. The post page asks for it the moment the server answers,
// a render before it joins the thread; the anchor now waits for it, then scrolls to it and highlights it.
function AnchoredPostPage() {
  const { data } = useQuery({ queryKey: forumKeys.postPage(post.slug), queryFn: () => post, initialData: post, staleTime: Infinity });
  const anchor = useCommentAnchor({ ready: true, version: data.comments.length, hasMore: false, loadingMore: false, loadMore: () => {} });
  const onPosted = (c: TComment) => anchor.focusComment(c.id);
  return (
    <>
      <CommentComposer postId={data.id} user={me} isLocked={false} onPosted={onPosted} />
      <CommentThread
        post={data}
        ctx={{ postId: data.id, isLocked: false, user: me, myReactions: {}, highlightId: anchor.highlightId, onPosted }}
        loadMore={{ pending: false, error: null, run: () => {} }}
      />
    </>
  );
}

describe('a comment just posted', () => {
  it('is scrolled into view, focused and highlighted', async () => {
    // jsdom does not scroll: record what is asked to.
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method !== 'POST') return new Response('{}', { status: 404 });
        const body = JSON.parse(String(init.body)) as { content: string };
        return new Response(JSON.stringify(stored(body.content)), { status: 201 });
      }),
    );
    renderWithProviders(<AnchoredPostPage />);
    await userEvent.type(screen.getByLabelText('Add a comment'), 'Where does this one go?');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));

    const mine = await screen.findByRole('article', { name: `Comment by ${me.username}` });
    await waitFor(() => expect(scrolled).toContain(mine));
    expect(document.activeElement).toBe(mine);
    expect(mine.className).toContain('ring-2');
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('is waited for when it is asked for a render before it joins the thread', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    let focus: (id: number) => void = () => {};
    let setComments: (c: TComment[]) => void = () => {};
    function Harness() {
      const [comments, set] = useState<TComment[]>([]);
      setComments = set;
      const anchor = useCommentAnchor({ ready: true, version: comments.length, hasMore: false, loadingMore: false, loadMore: () => {} });
      focus = anchor.focusComment;
      const data = { ...post, comments, commentCount: comments.length };
      return (
        <CommentThread
          post={data}
          ctx={{ postId: data.id, isLocked: false, user: me, myReactions: {}, highlightId: anchor.highlightId, onPosted: () => {} }}
          loadMore={{ pending: false, error: null, run: () => {} }}
        />
      );
    }
    renderWithProviders(<Harness />);
    act(() => focus(41)); // the server's answer: the comment is asked for…
    await act(() => new Promise((r) => setTimeout(r, 50)));
    act(() => setComments([stored('Late to the party')])); // …and joins the thread a moment later
    const mine = await screen.findByRole('article', { name: `Comment by ${me.username}` });
    await waitFor(() => expect(scrolled).toContain(mine));
    expect(mine.className).toContain('ring-2');
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });
});

