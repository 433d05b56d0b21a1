import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { TAnonymousBlock } from '@common/contracts/anonymous';
import type { TBlockedMember } from '@common/contracts/blocks';
import type { TComment, TPost, TPostDetail } from '@common/contracts/forum';
import { ANONYMOUS_BLOCK_NAME } from '@common/rules/anonymous';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';
import { testUser } from '@/test/users';
import { CommentThread } from './comment-thread';
import { PostCard } from './post-card';

// Issue 18 in the forum's own components: a blocked author's card and comment collapse to one line
// (components/blocks/blocked-content.test.tsx covers the line itself, Show, and Block/Unblock).

const me = testUser();
const gaz: TBlockedMember = { id: 21, username: 'Gaz_Transit', avatar: 'van', blockedAt: '2026-11-20T10:00:00.000Z' };

function memberApi(blocks: TBlockedMember[], anonymous: TAnonymousBlock[] = []) {
  return stubApi((c) => {
    if (c.path === '/api/auth/user') return { body: me };
    if (c.path === '/api/blocks') return { body: blocks };
    if (c.path === '/api/blocks/anonymous') return { body: anonymous };
    return { status: 404, body: { message: 'Not found' } };
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('in the forum', () => {
  const post = {
    id: 7,
    slug: 'van-racking',
    title: 'Best van racking for parcels?',
    excerpt: 'Thinking of fitting racking.',
    content: 'Thinking of fitting racking.',
    createdAt: '2026-11-24T10:00:00.000Z',
    viewCount: 4,
    commentCount: 2,
    upvotes: 0,
    downvotes: 0,
    shareCount: 0,
    isPinned: false,
    isLocked: false,
    userVote: null,
    category: { id: 1, name: 'Parcels', slug: 'parcels', description: '', color: '#c2410c' },
    author: { username: 'gaz_transit', firstName: 'Gareth', lastName: 'Price', avatar: 'van', statusText: '' },
  } as TPost;

  it('a blocked author’s card in a list is one line', async () => {
    memberApi([gaz]);
    renderWithProviders(<PostCard post={post} hrefWith={() => '/forum'} />);
    expect((await screen.findByRole('group', { name: 'Hidden post' })).textContent).toContain('Hidden: you blocked gaz_transit');
    expect(screen.queryByText(post.title)).toBeNull();
  });

  it('a blocked author’s comment collapses; a reply to it by someone else still shows', async () => {
    memberApi([gaz]);
    const comment = (id: number, parentId: number | null, username: string, content: string) =>
      ({ id, postId: 7, parentId, content, contentHtml: `<p>${content}</p>`, createdAt: '2026-11-24T10:00:00.000Z', editedAt: null, isDeleted: false, upvotes: 0, downvotes: 0, userVote: null, author: { username, firstName: 'A', lastName: 'B', avatar: 'car', statusText: '' }, canEdit: false, reactions: {} }) as unknown as TComment;
    const detail = { ...post, comments: [comment(1, null, 'gaz_transit', 'Blocked words'), comment(2, 1, 'kim', 'Kim replies')], hasMoreComments: false } as unknown as TPostDetail;
    renderWithProviders(
      <CommentThread post={detail} ctx={{ postId: 7, isLocked: false, user: me, myReactions: {}, highlightId: null, onPosted: () => {} }} loadMore={{ pending: false, error: null, run: () => {} }} />,
    );
    expect((await screen.findByRole('group', { name: 'Hidden comment' })).id).toBe('comment-1');
    expect(screen.queryByText('Blocked words')).toBeNull();
    expect(screen.getByText('Kim replies')).toBeTruthy();
  });

  // Issue 32 (ADR 0022): anonymous content collapses for the block made from it, never for a name.
  describe('anonymous', () => {
    const LABEL = 'A verified Evri courier in LS';
    const block = (over: Partial<TAnonymousBlock>): TAnonymousBlock => ({ id: 5, name: ANONYMOUS_BLOCK_NAME, anonymousAs: LABEL, postId: null, commentId: null, blockedAt: '2026-11-20T10:00:00.000Z', ...over });
    const anonymousPost = { ...post, author: null, anonymousAs: LABEL } as TPost;

    it('a card collapses when blocked from that post, and not because its author is blocked by name', async () => {
      memberApi([gaz], [block({ postId: 7 })]);
      renderWithProviders(
        <>
          <PostCard post={anonymousPost} hrefWith={() => '/forum'} />
          <PostCard post={{ ...anonymousPost, id: 8, slug: 'other', title: 'Another anonymous post' }} hrefWith={() => '/forum'} />
        </>,
      );
      expect((await screen.findByRole('group', { name: 'Hidden post' })).textContent).toContain('Hidden: you blocked this anonymous author');
      expect(screen.queryByText(post.title)).toBeNull();
      expect(screen.getByText('Another anonymous post')).toBeTruthy();
    });

    it('a reply collapses when blocked from that reply, keeping its anchor', async () => {
      memberApi([], [block({ commentId: 1 })]);
      const reply = (id: number, content: string) =>
        ({ id, postId: 7, parentId: null, content, contentHtml: `<p>${content}</p>`, createdAt: '2026-11-24T10:00:00.000Z', editedAt: null, isDeleted: false, upvotes: 0, downvotes: 0, userVote: null, author: null, anonymousAs: LABEL, canEdit: false, reactions: {} }) as unknown as TComment;
      const detail = { ...post, comments: [reply(1, 'Blocked words'), reply(2, 'Other anonymous words')], hasMoreComments: false } as unknown as TPostDetail;
      renderWithProviders(
        <CommentThread post={detail} ctx={{ postId: 7, isLocked: false, user: me, myReactions: {}, highlightId: null, onPosted: () => {} }} loadMore={{ pending: false, error: null, run: () => {} }} />,
      );
      expect((await screen.findByRole('group', { name: 'Hidden comment' })).id).toBe('comment-1');
      expect(screen.queryByText('Blocked words')).toBeNull();
      expect(screen.getByText('Other anonymous words')).toBeTruthy();
    });
  });
});
