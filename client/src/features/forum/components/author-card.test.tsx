import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TComment, TPostAuthor, TPostDetail } from '@common/contracts/forum';
import { renderWithProviders } from '@/test/render';
import { testPost } from '@/test/posts';
import { testUser } from '@/test/users';
import { AuthorCard } from './author-card';
import { CommentThread } from './comment-thread';
import { PostCard } from './post-card';

// Issue 32: beside a post's or a comment's author, the courier facts that member shows everyone
// (the server sends only those), as one plain line; never on the list's cards.

const LINE = 'Evri · LS · 6 years on the road';
const gaz: TPostAuthor = {
  username: 'gaz_transit',
  firstName: 'Gareth',
  lastName: 'Price',
  avatar: 'van',
  statusText: 'Owner driver, Bristol',
  courier: { networks: ['evri'], area: 'LS', yearsOnRoad: 6 },
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"message":"Not signed in"}', { status: 401 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('AuthorCard', () => {
  it("shows the author's courier facts as one line under their status", () => {
    renderWithProviders(<AuthorCard author={gaz} createdAt={new Date().toISOString()} size="sm" />);
    const line = screen.getByText(LINE);
    expect(line.textContent).toBe(`Courier profile: ${LINE}`);
    expect(line.className).toContain('text-muted');
    expect(screen.getByText('Owner driver, Bristol')).toBeTruthy();
  });

  it('shows no line when the author shows nothing, or is gone', () => {
    const { courier: _, ...plain } = gaz;
    const { unmount } = renderWithProviders(<AuthorCard author={plain} createdAt={new Date().toISOString()} />);
    expect(screen.queryByText(/Courier profile/)).toBeNull();
    unmount();
    renderWithProviders(<AuthorCard author={null} createdAt={new Date().toISOString()} />);
    expect(screen.getByText('Anonymous')).toBeTruthy();
    expect(screen.queryByText(/Courier profile/)).toBeNull();
  });

  it("is on each comment's author line, for the authors who show something", () => {
    const comment = (id: number, author: TPostAuthor) =>
      ({ id, postId: 7, parentId: null, content: `Reply ${id}`, contentHtml: `<p>Reply ${id}</p>`, createdAt: '2026-11-24T10:00:00.000Z', editedAt: null, isDeleted: false, upvotes: 0, downvotes: 0, userVote: null, author, canEdit: false, reactions: {} }) as unknown as TComment;
    const kim: TPostAuthor = { username: 'kim', firstName: 'Kim', lastName: 'Lee', avatar: 'car', statusText: '' };
    const detail = { ...testPost(7), comments: [comment(1, gaz), comment(2, kim)], hasMoreComments: false } as unknown as TPostDetail;
    renderWithProviders(
      <CommentThread post={detail} ctx={{ postId: 7, isLocked: false, user: testUser(), myReactions: {}, highlightId: null, onPosted: () => {} }} loadMore={{ pending: false, error: null, run: () => {} }} />,
    );
    expect(screen.getByRole('article', { name: 'Comment by gaz_transit' }).textContent).toContain(LINE);
    expect(screen.getByRole('article', { name: 'Comment by kim' }).textContent).not.toContain('Courier profile');
  });

  it('is not on the post list’s cards', () => {
    renderWithProviders(<PostCard post={testPost(7, { author: gaz })} hrefWith={() => '/forum'} />);
    expect(screen.getByText('gaz_transit')).toBeTruthy();
    expect(screen.queryByText(LINE)).toBeNull();
  });
});

// Issue 32 item 2: the verified courier badge beside the author's name on the post's page and each
// comment, with its month for a screen reader and a pointer; never on the list's cards.
describe('AuthorCard: the verified courier badge', () => {
  const BADGE = 'Verified Evri courier';
  const verified: TPostAuthor = { ...gaz, verified: { network: 'evri', since: '2026-11-15T12:00:00.000Z' } };

  it('shows "Verified Evri courier" beside the name, its month in the title and for screen readers', () => {
    renderWithProviders(<AuthorCard author={verified} createdAt={new Date().toISOString()} />);
    const badge = screen.getByTitle('Verified Evri courier, since November 2026');
    expect(badge.textContent).toBe('Verified Evri courier, since November 2026');
    expect(within(badge).getByText(', since November 2026').className).toContain('sr-only');
    expect(badge.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    // On the name's line.
    expect(badge.parentElement!.textContent).toContain('gaz_transit');
  });

  it('shows nothing for an author without one', () => {
    renderWithProviders(<AuthorCard author={gaz} createdAt={new Date().toISOString()} />);
    expect(screen.queryByText(BADGE)).toBeNull();
  });

  it("is on each comment's author line that has one, and not on the list's cards", () => {
    const comment = (id: number, author: TPostAuthor) =>
      ({ id, postId: 7, parentId: null, content: `Reply ${id}`, contentHtml: `<p>Reply ${id}</p>`, createdAt: '2026-11-24T10:00:00.000Z', editedAt: null, isDeleted: false, upvotes: 0, downvotes: 0, userVote: null, author, canEdit: false, reactions: {} }) as unknown as TComment;
    const kim: TPostAuthor = { username: 'kim', firstName: 'Kim', lastName: 'Lee', avatar: 'car', statusText: '' };
    const detail = { ...testPost(7), comments: [comment(1, verified), comment(2, kim)], hasMoreComments: false } as unknown as TPostDetail;
    const { unmount } = renderWithProviders(
      <CommentThread post={detail} ctx={{ postId: 7, isLocked: false, user: testUser(), myReactions: {}, highlightId: null, onPosted: () => {} }} loadMore={{ pending: false, error: null, run: () => {} }} />,
    );
    expect(within(screen.getByRole('article', { name: 'Comment by gaz_transit' })).getByText(BADGE)).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Comment by kim' })).queryByText(BADGE)).toBeNull();
    unmount();

    renderWithProviders(<PostCard post={testPost(7, { author: verified })} hrefWith={() => '/forum'} />);
    expect(screen.getByText('gaz_transit')).toBeTruthy();
    expect(screen.queryByText(BADGE)).toBeNull();
  });
});
