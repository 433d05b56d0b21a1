import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAnonymousBlock } from '@common/contracts/anonymous';
import type { TBlockedMember } from '@common/contracts/blocks';
import { ANONYMOUS_BLOCK_NAME } from '@common/rules/anonymous';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';
import { testUser } from '@/test/users';
import { BlockedMembers } from './blocked-members';

// Settings' "Blocked members": members blocked by name (issue 18) and, issue 32 (ADR 0022), the blocks
// made from anonymous content, listed by the content's label and never by the account.

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const LABEL = 'A verified Evri courier in LS';
const gaz: TBlockedMember = { id: 21, username: 'gaz_transit', avatar: 'van', blockedAt: '2026-11-20T10:00:00.000Z' };
const fromPost: TAnonymousBlock = { id: 5, name: ANONYMOUS_BLOCK_NAME, anonymousAs: LABEL, postId: 7, commentId: null, blockedAt: '2026-11-20T10:00:00.000Z' };

function api(members: TBlockedMember[], anonymous: TAnonymousBlock[]) {
  let list = [...anonymous];
  return stubApi((c) => {
    if (c.path === '/api/auth/user') return { body: testUser() };
    if (c.path === '/api/blocks') return { body: members };
    if (c.path === '/api/blocks/anonymous') return { body: list };
    if (c.method === 'DELETE') {
      list = list.filter((b) => c.path !== `/api/blocks/anonymous/${b.id}`);
      return { status: 200, body: null };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  toast.mockReset();
});

describe('BlockedMembers', () => {
  it('lists an anonymous block by its label, with no profile link, and Unblock lifts it', async () => {
    const calls = api([gaz], [fromPost]);
    renderWithProviders(<BlockedMembers />);
    const row = await screen.findByTestId('anonymous-block');
    expect(within(row).getByText(ANONYMOUS_BLOCK_NAME)).toBeTruthy();
    expect(row.textContent).toContain(`Posted as “${LABEL}”`);
    expect(row.querySelector('a')).toBeNull();
    // The member blocked by name is listed as ever.
    expect(screen.getByRole('link', { name: 'gaz_transit' })).toBeTruthy();

    await userEvent.click(within(row).getByRole('button', { name: `Unblock ${ANONYMOUS_BLOCK_NAME}, posted as “${LABEL}”` }));
    await waitFor(() => expect(screen.queryByTestId('anonymous-block')).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/blocks/anonymous/5');
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Author unblocked', variant: 'success' }));
  });

  it('counts anonymous blocks: with only those, the list is not "nobody"', async () => {
    api([], [fromPost]);
    renderWithProviders(<BlockedMembers />);
    expect(await screen.findByTestId('anonymous-block')).toBeTruthy();
    expect(screen.queryByText(/You haven't blocked anyone/)).toBeNull();
  });
});
