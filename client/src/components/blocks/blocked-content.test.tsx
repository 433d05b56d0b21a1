import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TBlockedMember } from '@common/contracts/blocks';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';
import { testUser } from '@/test/users';
import { BlockButton } from './block-button';
import { BlockedContent } from './blocked-content';

// Issue 18 on the client: a blocked author's post or comment is one line until Shown; Block asks
// first and collapses at once; Unblock brings it back. The block list comes from GET /api/blocks.

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const me = testUser();
const gaz: TBlockedMember = { id: 21, username: 'Gaz_Transit', avatar: 'van', blockedAt: '2026-11-20T10:00:00.000Z' };

/** A member (`me`) with `blocks`; POST and DELETE /api/blocks change them as the server would. */
function memberApi(blocks: TBlockedMember[], extra: (c: ApiCall) => { status?: number; body: unknown } | undefined = () => undefined) {
  let list = [...blocks];
  return stubApi((c) => {
    const other = extra(c);
    if (other) return other;
    if (c.path === '/api/auth/user') return { body: me };
    if (c.path === '/api/blocks' && c.method === 'GET') return { body: list };
    if (c.path === '/api/blocks' && c.method === 'POST') {
      const added = { ...gaz, id: (c.body as { userId: number }).userId };
      list = [...list, added];
      return { status: 201, body: added };
    }
    if (c.path.startsWith('/api/blocks/') && c.method === 'DELETE') {
      list = list.filter((b) => `/api/blocks/${b.id}` !== c.path);
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

const hidden = /Hidden: you blocked/;

describe('BlockedContent', () => {
  it("a blocked author's content is one line, case aside; Show reveals it for this view", async () => {
    memberApi([gaz]);
    renderWithProviders(
      <BlockedContent author={{ username: 'gaz_transit' }} what="comment">
        <p>Racking tips</p>
      </BlockedContent>,
    );
    const line = await screen.findByRole('group', { name: 'Hidden comment' });
    expect(line.textContent).toContain('Hidden: you blocked gaz_transit — Show');
    expect(screen.queryByText('Racking tips')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: "Show gaz_transit's comment" }));
    expect(screen.getByText('Racking tips')).toBeTruthy();
    expect(screen.queryByText(hidden)).toBeNull();
  });

  it('anyone not blocked, a deleted author, and everything for a guest (who never asks) show as they are', async () => {
    const calls = stubApi((c) => (c.path === '/api/auth/user' ? { status: 401, body: { message: 'Authentication required' } } : { body: [gaz] }));
    renderWithProviders(
      <>
        <BlockedContent author={{ username: 'gaz_transit' }} what="post">
          <p>Guest sees it</p>
        </BlockedContent>
        <BlockedContent author={null} what="post">
          <p>Deleted author</p>
        </BlockedContent>
      </>,
    );
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/user')).toBe(true));
    expect(screen.getByText('Guest sees it')).toBeTruthy();
    expect(screen.getByText('Deleted author')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/blocks')).toBe(false);
  });

  it('escapes the name (React text, never HTML)', async () => {
    const evil = { ...gaz, username: '<img src=x onerror=alert(1)>' };
    memberApi([evil]);
    const { container } = renderWithProviders(
      <BlockedContent author={{ username: evil.username }} what="post">
        <p>x</p>
      </BlockedContent>,
    );
    await screen.findByText(hidden);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain(evil.username);
  });
});

describe('BlockButton', () => {
  it('Block asks first, then blocks (by id), toasts, and the content collapses; Unblock brings it back', async () => {
    const calls = memberApi([]);
    renderWithProviders(
      <>
        <BlockButton member={{ id: 21, username: 'gaz_transit' }} />
        <BlockedContent author={{ username: 'gaz_transit' }} what="post">
          <p>Their post</p>
        </BlockedContent>
      </>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Block gaz_transit' }));
    expect(await screen.findByRole('dialog', { name: 'Block gaz_transit?' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Block gaz_transit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', path: '/api/blocks', body: { userId: 21 } });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Blocked gaz_transit', variant: 'success' }));
    expect(screen.getByText(hidden)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Unblock gaz_transit' }));
    await waitFor(() => expect(screen.getByText('Their post')).toBeTruthy());
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/blocks/21');
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Unblocked gaz_transit' }));
  });

  it('a post’s author comes by name: their id is read from the profile first; a refusal shows in the dialog', async () => {
    const calls = memberApi([], (c) =>
      c.path === '/api/users/gaz_transit'
        ? { body: { id: 21, username: 'gaz_transit', avatar: 'van', statusText: '', joinedDate: '2026-01-01T00:00:00.000Z', postCount: 1, commentCount: 0 } }
        : c.method === 'POST'
          ? { status: 404, body: { message: 'Member not found' } }
          : undefined,
    );
    renderWithProviders(<BlockButton member={{ username: 'gaz_transit' }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Block gaz_transit' }));
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Block gaz_transit' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Member not found');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ userId: 21 });
  });
});
