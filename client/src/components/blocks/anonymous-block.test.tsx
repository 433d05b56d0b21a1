import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAnonymousBlock } from '@common/contracts/anonymous';
import type { TBlockedMember } from '@common/contracts/blocks';
import { ANONYMOUS_BLOCK_NAME, ANONYMOUS_MSG } from '@common/rules/anonymous';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';
import { testUser } from '@/test/users';
import { AnonymousBlockButton } from './anonymous-block-button';
import { BlockedContent } from './blocked-content';

// Issue 32, a protected voice (ADR 0022): "Block this author" on anonymous content blocks whoever wrote
// it without naming them; that post or reply collapses as a blocked member's does. The blocks made so
// come from GET /api/blocks/anonymous, and match by the content they came from, never by a name.

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const me = testUser();
const LABEL = 'A verified Evri courier in LS';
const gaz: TBlockedMember = { id: 21, username: 'gaz_transit', avatar: 'van', blockedAt: '2026-11-20T10:00:00.000Z' };
const fromPost = (id: number, postId: number): TAnonymousBlock => ({ id, name: ANONYMOUS_BLOCK_NAME, anonymousAs: LABEL, postId, commentId: null, blockedAt: '2026-11-20T10:00:00.000Z' });
const fromComment = (id: number, commentId: number): TAnonymousBlock => ({ ...fromPost(id, 0), postId: null, commentId });

/** A member (`me`) with `members` blocked by name and `anonymous` blocks; POST and DELETE change them as the server would. */
function memberApi(members: TBlockedMember[], anonymous: TAnonymousBlock[]) {
  let list = [...anonymous];
  return stubApi((c: ApiCall) => {
    if (c.path === '/api/auth/user') return { body: me };
    if (c.path === '/api/blocks') return { body: members };
    if (c.path === '/api/blocks/anonymous' && c.method === 'GET') return { body: list };
    if (c.path === '/api/blocks/anonymous' && c.method === 'POST') {
      const { postId = null, commentId = null } = c.body as { postId?: number; commentId?: number };
      const made = { ...fromPost(5, 0), postId, commentId };
      list = [...list, made];
      return { status: 201, body: made };
    }
    if (c.path.startsWith('/api/blocks/anonymous/') && c.method === 'DELETE') {
      list = list.filter((b) => `/api/blocks/anonymous/${b.id}` !== c.path);
      // The server answers 204; stubApi always sends a body, which a 204 Response may not have.
      return { status: 200, body: null };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  toast.mockReset();
});

const hidden = 'Hidden: you blocked this anonymous author — Show';

describe('AnonymousBlockButton', () => {
  it('asks first, blocks by the post (never a name), toasts, and collapses that post; Unblock brings it back', async () => {
    const calls = memberApi([], []);
    renderWithProviders(
      <>
        <AnonymousBlockButton target={{ postId: 7 }} />
        <BlockedContent author={null} anonymous={{ postId: 7 }} what="post">
          <p>Anonymous words</p>
        </BlockedContent>
      </>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Block this author' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block this author?' });
    expect(dialog.textContent).toContain(ANONYMOUS_MSG.blockedAnonymous);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block this author' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', path: '/api/blocks/anonymous', body: { postId: 7 } });
    expect(toast).toHaveBeenCalledWith({ title: 'Author blocked', description: ANONYMOUS_MSG.blockedAnonymous, variant: 'success' });
    expect(screen.getByRole('group', { name: 'Hidden post' }).textContent).toContain(hidden);
    expect(screen.queryByText('Anonymous words')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Unblock this author' }));
    await waitFor(() => expect(screen.getByText('Anonymous words')).toBeTruthy());
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/blocks/anonymous/5');
  });

  it('blocks from a reply by its id', async () => {
    const calls = memberApi([], []);
    renderWithProviders(<AnonymousBlockButton target={{ commentId: 9 }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Block this author' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Block this author' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ commentId: 9 }));
  });
});

describe('BlockedContent of anonymous content', () => {
  it('collapses the one post or reply a block was made from, and nothing else', async () => {
    memberApi([], [fromPost(1, 7), fromComment(2, 9)]);
    renderWithProviders(
      <>
        <BlockedContent author={null} anonymous={{ postId: 7 }} what="post">
          <p>Post seven</p>
        </BlockedContent>
        <BlockedContent author={null} anonymous={{ postId: 9 }} what="post">
          <p>Post nine</p>
        </BlockedContent>
        <BlockedContent author={null} anonymous={{ commentId: 9 }} what="comment">
          <p>Reply nine</p>
        </BlockedContent>
      </>,
    );
    expect((await screen.findByRole('group', { name: 'Hidden post' })).textContent).toContain(hidden);
    expect(screen.getByRole('group', { name: 'Hidden comment' })).toBeTruthy();
    expect(screen.getByText('Post nine')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: "Show this anonymous author's post" }));
    expect(screen.getByText('Post seven')).toBeTruthy();
  });

  it('is never collapsed by a block by name: that would name its author to the blocker', async () => {
    const calls = memberApi([gaz], []);
    renderWithProviders(
      <>
        <BlockedContent author={{ username: 'gaz_transit' }} anonymous={{ postId: 7 }} what="post">
          <p>Anonymous post</p>
        </BlockedContent>
        <BlockedContent author={{ username: 'gaz_transit' }} what="post">
          <p>Named post</p>
        </BlockedContent>
      </>,
    );
    expect((await screen.findByRole('group', { name: 'Hidden post' })).textContent).toContain('Hidden: you blocked gaz_transit');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/blocks/anonymous')).toBe(true));
    expect(screen.getByText('Anonymous post')).toBeTruthy();
  });

  it('asks nothing for a guest', async () => {
    const calls = stubApi((c) => (c.path === '/api/auth/user' ? { status: 401, body: { message: 'Authentication required' } } : { body: [fromPost(1, 7)] }));
    renderWithProviders(
      <BlockedContent author={null} anonymous={{ postId: 7 }} what="post">
        <p>Guest sees it</p>
      </BlockedContent>,
    );
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/user')).toBe(true));
    expect(screen.getByText('Guest sees it')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/blocks'))).toBe(false);
  });
});
