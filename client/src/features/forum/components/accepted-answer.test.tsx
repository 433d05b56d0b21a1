import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'preact-render-to-string';
import type { TComment, TPostDetail } from '@common/contracts/forum';
import { FORUM_MSG } from '@common/rules/forum';
import { hydrateInSlices } from '@/lib/hydration-slices';
import { createQueryClient } from '@/lib/query-client';
import { MemoryRouter, Route, Routes } from '@/lib/router';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';
import { testPost } from '@/test/posts';
import { testUser } from '@/test/users';
import { PostDetailPage } from '../pages/post-detail-page';
import { CommentThread } from './comment-thread';
import type { ThreadContext } from './comment-item';

// Issue 33, solved answers: the accepted reply is marked in the thread and shown under the question;
// the question's author (or a moderator) accepts a reply or unmarks it.

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));
// The page's live thread (a socket) is not what these tests are about.
vi.mock('../hooks/use-live-post', () => ({ useLivePost: () => ({ newCount: 0, status: 'live', reveal: () => undefined }) }));

const asker = testUser({ id: 7, username: 'sam' });

const comment = (id: number, username: string | null, over: Partial<TComment> = {}): TComment => ({
  id,
  postId: 5,
  parentId: null,
  content: `Reply ${id}`,
  contentHtml: `<p>Reply ${id}</p>`,
  createdAt: `2026-11-24T10:0${id % 10}:00.000Z`,
  editedAt: null,
  isDeleted: false,
  upvotes: 0,
  downvotes: 0,
  userVote: null,
  author: username ? { username, firstName: username, lastName: 'X', avatar: 'van', statusText: '' } : null,
  canEdit: false,
  reactions: {},
  ...over,
});

const comments = [comment(41, 'gaz'), comment(42, 'ali'), comment(43, null, { isDeleted: true, content: '', contentHtml: '' }), comment(44, 'jo', { parentId: 43 })];

const detail = (over: Partial<TPostDetail> = {}): TPostDetail => ({
  ...testPost(5, { slug: 'which-van', title: 'Which van for multi-drop?', commentCount: 3, author: { username: 'sam', firstName: 'Sam', lastName: 'D', avatar: 'van', statusText: '' } }),
  contentHtml: '<p>Transit or Sprinter?</p>',
  editedAt: null,
  canEdit: true,
  canModerate: false,
  reactions: {},
  userReactions: { postReactions: [], commentReactions: {} },
  comments,
  hasMoreComments: false,
  solved: false,
  acceptedAnswer: null,
  canAcceptAnswer: true,
  ...over,
});

const accepted = (commentId: number, username: string) => ({
  solved: true,
  acceptedAnswer: { commentId, author: { username, firstName: username, lastName: 'X', avatar: 'van', statusText: '' }, excerpt: `Reply ${commentId}`, createdAt: '2026-11-24T10:02:00.000Z' },
});

const ctx = (over: Partial<ThreadContext> = {}): ThreadContext => ({
  postId: 5,
  isLocked: false,
  user: asker,
  myReactions: {},
  highlightId: null,
  onPosted: () => {},
  acceptedCommentId: 42,
  canAcceptAnswer: true,
  onSetAnswer: vi.fn(),
  ...over,
});

const noMore = { pending: false, error: null, run: () => {} };

afterEach(() => {
  vi.unstubAllGlobals();
  toast.mockReset();
});

describe('the thread of a Q&A post', () => {
  it('marks the accepted reply, and offers its author Accept on the others and Unmark on it', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('[]')));
    const onSetAnswer = vi.fn();
    renderWithProviders(<CommentThread post={detail()} ctx={ctx({ onSetAnswer })} loadMore={noMore} />);
    const answer = screen.getByRole('article', { name: 'Comment by ali' });
    expect(within(answer).getByText('Accepted answer')).toBeTruthy();
    const other = screen.getByRole('article', { name: 'Comment by gaz' });
    expect(within(other).queryByText('Accepted answer')).toBeNull();
    // A deleted reply can be neither.
    expect(within(screen.getByRole('article', { name: 'Deleted comment' })).queryByRole('button')).toBeNull();

    const user = userEvent.setup();
    await user.click(within(other).getByRole('button', { name: 'Accept as answer' }));
    expect(onSetAnswer).toHaveBeenLastCalledWith(41);
    expect(within(answer).queryByRole('button', { name: 'Accept as answer' })).toBeNull();
    await user.click(within(answer).getByRole('button', { name: 'Unmark answer' }));
    expect(onSetAnswer).toHaveBeenLastCalledWith(null);
  });

  it('shows the mark without the buttons to a reader who may not choose', () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('[]')));
    renderWithProviders(<CommentThread post={detail()} ctx={ctx({ canAcceptAnswer: false, user: testUser({ id: 9, username: 'kim' }) })} loadMore={noMore} />);
    expect(within(screen.getByRole('article', { name: 'Comment by ali' })).getByText('Accepted answer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept as answer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unmark answer' })).toBeNull();
  });

  it('has the mark and the button in the server markup, and the button works once hydrated (ADR 0018)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('[]')));
    const onSetAnswer = vi.fn();
    const tree = (
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/forum/posts/which-van']}>
          <CommentThread post={detail()} ctx={ctx({ onSetAnswer })} loadMore={noMore} />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    const answer = container.querySelector('#comment-42')!;
    expect(answer.textContent).toContain('Accepted answer');
    expect([...answer.querySelectorAll('button')].map((b) => b.textContent?.trim())).toContain('Unmark answer');
    const accept = [...container.querySelector('#comment-41')!.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Accept as answer')!;
    expect(accept).toBeTruthy();

    let root: Root | undefined;
    act(() => hydrateInSlices(() => (root = hydrateRoot(container, tree))));
    // Still the server's button (static until used): a click wakes the comment and reaches the live one.
    await act(async () => accept.click());
    expect(onSetAnswer).toHaveBeenCalledWith(41);
    act(() => root?.unmount());
    container.remove();
  });
});

describe('the post page of a Q&A post', () => {
  function renderPage(answer: (c: { method: string; path: string; body?: unknown }) => { status?: number; body: unknown } | undefined) {
    const calls = stubApi((c) => {
      const a = answer(c);
      if (a) return a;
      if (c.path === '/api/auth/user') return { body: { ...asker, emailVerified: false } };
      if (c.path === '/api/forum/posts/which-van') return { body: detail() };
      if (c.path.startsWith('/api/forum') || c.path.startsWith('/api/bulletins') || c.path.startsWith('/api/ads')) return { body: [] };
      return { body: {} };
    });
    renderWithProviders(
      <Routes>
        <Route path="/forum/posts/:slug" element={<PostDetailPage />} />
      </Routes>,
      { route: '/forum/posts/which-van' },
    );
    return calls;
  }

  it('accepts a reply: the endpoint is called, the reply is marked, the answer shows under the question', async () => {
    const calls = renderPage((c) =>
      c.method === 'PUT' && c.path === '/api/forum/posts/5/answer' ? { body: detail(accepted(42, 'ali')) } : undefined,
    );
    const reply = await screen.findByRole('article', { name: 'Comment by ali' });
    expect(screen.queryByRole('region', { name: 'Accepted answer' })).toBeNull();
    await userEvent.setup().click(within(reply).getByRole('button', { name: 'Accept as answer' }));

    await waitFor(() => expect(within(reply).getByText('Accepted answer')).toBeTruthy());
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', path: '/api/forum/posts/5/answer', body: { commentId: 42 } }]);
    expect(toast).toHaveBeenCalledWith({ title: FORUM_MSG.answerAccepted, variant: 'success' });
    const box = screen.getByRole('region', { name: 'Accepted answer' });
    expect(within(box).getByText('by @ali')).toBeTruthy();
    expect(within(box).getByText('Reply 42')).toBeTruthy();
    expect(within(box).getByRole('link', { name: 'Go to the answer' }).getAttribute('href')).toBe('/forum/posts/which-van#comment-42');
    expect(within(reply).getByRole('button', { name: 'Unmark answer' })).toBeTruthy();
  });

  it('"Go to the answer" scrolls to the reply and highlights it', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    renderPage((c) => (c.path === '/api/forum/posts/which-van' ? { body: detail({ ...accepted(42, 'ali'), acceptedAnswer: { ...accepted(42, 'ali').acceptedAnswer, author: null } }) } : undefined));
    const box = await screen.findByRole('region', { name: 'Accepted answer' });
    expect(within(box).getByText('by Anonymous')).toBeTruthy();
    await userEvent.setup().click(within(box).getByRole('link', { name: 'Go to the answer' }));
    const reply = screen.getByRole('article', { name: 'Comment by ali' });
    await waitFor(() => expect(scrolled).toContain(reply));
    expect(reply.className).toContain('ring-2');
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('unmarks the answer, and says why when the server refuses', async () => {
    let refuse = false;
    const calls = renderPage((c) => {
      if (c.path === '/api/forum/posts/which-van') return { body: detail(accepted(42, 'ali')) };
      if (c.method === 'DELETE') return { body: detail() };
      if (c.method === 'PUT') return refuse ? { status: 403, body: { message: FORUM_MSG.acceptNotAllowed } } : { body: detail(accepted(41, 'gaz')) };
      return undefined;
    });
    const reply = await screen.findByRole('article', { name: 'Comment by ali' });
    const user = userEvent.setup();
    await user.click(within(reply).getByRole('button', { name: 'Unmark answer' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Accepted answer' })).toBeNull());
    expect(within(reply).queryByText('Accepted answer')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/forum/posts/5/answer')).toBe(true);
    expect(toast).toHaveBeenCalledWith({ title: FORUM_MSG.answerCleared, variant: 'success' });

    refuse = true;
    await user.click(within(screen.getByRole('article', { name: 'Comment by gaz' })).getByRole('button', { name: 'Accept as answer' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: FORUM_MSG.acceptNotAllowed, variant: 'destructive' }));
    expect(screen.queryByRole('region', { name: 'Accepted answer' })).toBeNull();
  });

  it('shows nothing of answers on a post outside a Q&A category', async () => {
    renderPage((c) => (c.path === '/api/forum/posts/which-van' ? { body: { ...detail(), solved: undefined, acceptedAnswer: undefined, canAcceptAnswer: false } } : undefined));
    await screen.findByRole('article', { name: 'Comment by ali' });
    expect(screen.queryByText('Accepted answer')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept as answer' })).toBeNull();
  });
});
