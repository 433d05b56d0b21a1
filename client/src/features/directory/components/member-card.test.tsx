import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TDirectoryUser } from '@common/contracts/members';
import { renderWithProviders } from '@/test/render';
import { MemberCard } from './member-card';

// Issue 32 item 2: a directory card shows the member's verified courier badge under their name.

const alex: TDirectoryUser = { id: 4, username: 'alex', avatar: 'van', statusText: '', joinedDate: '2025-03-02T10:00:00.000Z' };

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"message":"Not signed in"}', { status: 401 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('MemberCard: the verified courier badge', () => {
  it('shows "Verified DPD courier" with its month on the card of a member who has it', () => {
    renderWithProviders(<MemberCard member={{ ...alex, verified: { network: 'dpd', since: '2026-11-15T12:00:00.000Z' } }} canMessage={false} />);
    const card = screen.getByRole('article', { name: '@alex' });
    const badge = within(card).getByTitle('Verified DPD courier, since November 2026');
    expect(badge.textContent).toBe('Verified DPD courier, since November 2026');
  });

  it('shows none without one', () => {
    renderWithProviders(<MemberCard member={alex} canMessage={false} />);
    expect(screen.getByRole('article', { name: '@alex' })).toBeTruthy();
    expect(screen.queryByText(/^Verified .* courier/)).toBeNull();
  });
});
