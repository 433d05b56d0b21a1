import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TComment, TPostAuthor, TPostDetail } from '@common/contracts/forum';
import { Route, Routes } from '@/lib/router';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';
import { testPost } from '@/test/posts';
import { testUser } from '@/test/users';
import { PostDetailPage } from '../pages/post-detail-page';
import { AcceptedAnswer } from './accepted-answer';
import { AuthorCard } from './author-card';
import { CommentThread } from './comment-thread';
import type { ThreadContext } from './comment-item';
import { PostCard } from './post-card';

// Issue 32, a protected voice (ADR 0022): anonymous content shows its label where the author's name
// was, beside the neutral avatar and an "Anonymous" marker: no profile link, no profession avatar (nor
// its filter), no badge, status or courier facts, and no username anywhere in the markup.

// The page's live thread (a socket) is not what these tests are about.
vi.mock('../hooks/use-live-post', () => ({ useLivePost: () => ({ newCount: 0, status: 'live', reveal: () => undefined }) }));

const LABEL = 'A verified Evri courier in LS';
// Unique strings: were anything of the account drawn, the markup would hold one of them.
const account: TPostAuthor = {
  username: 'zq_secret_author',
  firstName: 'Zelda',
  lastName: 'Quince',
  avatar: 'van',
  statusText: 'zq status line',
  courier: { networks: ['evri'], area: 'LS', yearsOnRoad: 6 },
  verified: { network: 'evri', since: '2026-11-15T12:00:00.000Z' },
};
const SECRETS = ['zq_secret_author', 'Zelda', 'Quince', 'zq status line', 'Van Delivery', 'Verified Evri courier'];

function expectNothingOfTheAccount(container: HTMLElement) {
  for (const secret of SECRETS) expect(container.innerHTML).not.toContain(secret);
  expect(container.querySelector('a[href^="/profile/"]')).toBeNull();
}

const me = testUser({ id: 9, username: 'kim' });

const comment = (id: number, over: Partial<TComment> = {}): TComment => ({
  id,
  postId: 7,
  parentId: null,
  content: `Reply ${id}`,
  contentHtml: `<p>Reply ${id}</p>`,
  createdAt: '2026-11-24T10:00:00.000Z',
  editedAt: null,
  isDeleted: false,
  upvotes: 0,
  downvotes: 0,
  userVote: null,
  author: null,
  anonymousAs: LABEL,
  canEdit: false,
  reactions: {},
  ...over,
});

const detail = (comments: TComment[]): TPostDetail => ({
  ...testPost(7),
  contentHtml: '<p>x</p>',
  editedAt: null,
  canEdit: false,
  canModerate: false,
  reactions: {},
  userReactions: { postReactions: [], commentReactions: {} },
  comments,
  hasMoreComments: false,
});

const ctx = (over: Partial<ThreadContext> = {}): ThreadContext => ({ postId: 7, isLocked: false, user: me, myReactions: {}, highlightId: null, onPosted: () => {}, ...over });
const noMore = { pending: false, error: null, run: () => {} };

/** A signed-in member with no blocks. */
const memberApi = (user = me) => stubApi((c) => (c.path === '/api/auth/user' ? { body: user } : c.path.startsWith('/api/blocks') ? { body: [] } : { body: [] }));

afterEach(() => vi.unstubAllGlobals());

describe('an anonymous post card', () => {
  it('shows the label with its marker and the neutral avatar, and no profession link', () => {
    memberApi();
    const { container } = renderWithProviders(<PostCard post={testPost(7, { author: null, anonymousAs: LABEL })} hrefWith={() => '/forum?profession=van'} />);
    const card = screen.getByRole('article', { name: 'Post number 7' });
    const who = within(card).getByTestId('anonymous-author');
    expect(who.textContent).toBe(`${LABEL}, Anonymous`);
    expect(within(card).getByTestId('anonymous-avatar')).toBeTruthy();
    expect(within(card).queryByRole('link', { name: /Show posts from/ })).toBeNull();
    expectNothingOfTheAccount(container);
  });

  it("a deleted account's card still reads 'Anonymous', without the marker", () => {
    memberApi();
    renderWithProviders(<PostCard post={testPost(8, { author: null })} hrefWith={() => '/forum'} />);
    expect(screen.getByText('Anonymous')).toBeTruthy();
    expect(screen.queryByTestId('anonymous-author')).toBeNull();
  });
});

describe('AuthorCard of anonymous content', () => {
  it('draws nothing of the account, even were one sent with the label', () => {
    memberApi();
    const { container } = renderWithProviders(<AuthorCard author={account} anonymousAs={LABEL} createdAt={new Date().toISOString()} linkProfile />);
    expect(screen.getByTestId('anonymous-author').textContent).toBe(`${LABEL}, Anonymous`);
    expect(screen.getByRole('img', { name: 'Anonymous' })).toBeTruthy();
    expect(screen.queryByText(/Courier profile/)).toBeNull();
    expectNothingOfTheAccount(container);
  });
});

describe('an anonymous comment', () => {
  it('is named by its label, with Report and "Block this author" for another member, and no link to a profile', async () => {
    memberApi();
    const reply = comment(2, { parentId: 1, author: { username: 'ali', firstName: 'Ali', lastName: 'R', avatar: 'car', statusText: '' }, anonymousAs: undefined });
    renderWithProviders(<CommentThread post={detail([comment(1), reply])} ctx={ctx()} loadMore={noMore} />);
    const article = await screen.findByRole('article', { name: `Comment by ${LABEL}` });
    expect(within(article).getByTestId('anonymous-author').textContent).toBe(`${LABEL}, Anonymous`);
    expect(within(article).getByTestId('anonymous-avatar')).toBeTruthy();
    expect(within(article).getByRole('button', { name: `Report ${LABEL}'s comment` })).toBeTruthy();
    expect(within(article).getByRole('button', { name: 'Block this author' })).toBeTruthy();
    expect(within(article).queryByRole('button', { name: 'Reveal author' })).toBeNull();
    expect(screen.getByRole('list', { name: `Replies to ${LABEL}` })).toBeTruthy();
    expectNothingOfTheAccount(article);
    // A reply to it by a named member is as ever.
    expect(within(screen.getByRole('article', { name: 'Comment by ali' })).getByRole('button', { name: 'Block ali' })).toBeTruthy();
  });

  it('offers its own author (who may edit it) neither Report nor Block', async () => {
    memberApi();
    renderWithProviders(<CommentThread post={detail([comment(1, { canEdit: true })])} ctx={ctx()} loadMore={noMore} />);
    const article = await screen.findByRole('article', { name: `Comment by ${LABEL}` });
    expect(within(article).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(article).queryByRole('button', { name: /^Report/ })).toBeNull();
    expect(within(article).queryByRole('button', { name: 'Block this author' })).toBeNull();
  });

  it('a reply shown beside it (past the last level) says whom it answers by the label', async () => {
    memberApi();
    const named = (username: string) => ({ anonymousAs: undefined, author: { username, firstName: username, lastName: 'X', avatar: 'car', statusText: '' } });
    const chain = [comment(1), comment(2, { parentId: 1, ...named('b') }), comment(3, { parentId: 2 }), comment(4, { parentId: 3, ...named('d') })];
    renderWithProviders(<CommentThread post={detail(chain)} ctx={ctx()} loadMore={noMore} />);
    const deep = await screen.findByRole('article', { name: 'Comment by d' });
    expect(deep.textContent).toContain(`replying to ${LABEL}`);
    expect(deep.textContent).not.toContain('@');
  });
});

describe('an anonymous accepted answer', () => {
  it('is by the label, with its marker, never an @name', () => {
    memberApi();
    const { container } = renderWithProviders(
      <AcceptedAnswer answer={{ commentId: 41, author: null, anonymousAs: LABEL, excerpt: 'Use a fuel card', createdAt: '2026-11-24T10:02:00.000Z' }} onGo={() => {}} />,
    );
    const box = screen.getByRole('region', { name: 'Accepted answer' });
    expect(within(box).getByTestId('anonymous-author').textContent).toBe(`${LABEL}, Anonymous`);
    expect(within(box).getByText('Use a fuel card')).toBeTruthy();
    expect(container.textContent).not.toContain('@');
    expectNothingOfTheAccount(container);
  });
});

describe('the page of an anonymous post', () => {
  it('shows the label in the author card and offers another member Report and "Block this author"', async () => {
    stubApi((c) => {
      if (c.path === '/api/auth/user') return { body: me };
      if (c.path === '/api/forum/posts/post-7') return { body: { ...detail([]), author: null, anonymousAs: LABEL } };
      return { body: [] };
    });
    const { container } = renderWithProviders(
      <Routes>
        <Route path="/forum/posts/:slug" element={<PostDetailPage />} />
      </Routes>,
      { route: '/forum/posts/post-7' },
    );
    const article = await screen.findByRole('article', { name: 'Post number 7' });
    expect(within(article).getByTestId('anonymous-author').textContent).toBe(`${LABEL}, Anonymous`);
    expect(await within(article).findByRole('button', { name: 'Report this post' })).toBeTruthy();
    expect(await within(article).findByRole('button', { name: 'Block this author' })).toBeTruthy();
    expect(within(article).queryByRole('button', { name: /^Block (?!this author)/ })).toBeNull();
    expectNothingOfTheAccount(container);
  });
});
