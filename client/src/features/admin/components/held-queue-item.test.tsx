import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAdminHeldItem } from '@common/contracts/review';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';
import { HeldQueueItem } from './held-queue-item';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const held: TAdminHeldItem = {
  id: 5,
  kind: 'post',
  status: 'pending',
  title: 'Cheap van insurance',
  content: 'Visit https://spam.example for cheap cover',
  createdAt: '2026-06-01T09:00:00.000Z',
  category: { id: 1, name: 'General', slug: 'general', color: '#123456' },
  post: null,
  parentId: null,
  rejectReason: null,
  author: { id: 9, username: 'vanspam', joinedAt: '2026-06-01T08:58:00.000Z', trustLevel: 0 },
  reason: 'link',
  matched: null,
  decidedBy: null,
  decidedAt: null,
  href: null,
};

const renderItem = (item: TAdminHeldItem) =>
  renderWithProviders(
    <ul>
      <HeldQueueItem item={item} />
    </ul>,
  );

beforeEach(() => toast.mockReset());
afterEach(() => vi.unstubAllGlobals());

describe('HeldQueueItem: suspending the author (issue 28)', () => {
  it('suspends a held item’s author for 1 or 7 days with a reason, as from a report, and says so', async () => {
    const calls = stubApi(() => ({ body: { id: 9, username: 'vanspam', suspended: true, suspendedUntil: '2026-06-02T09:00:00.000Z', suspensionReason: 'Spam' } }));
    renderItem(held);
    await userEvent.click(screen.getByRole('button', { name: 'Suspend @vanspam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend @vanspam?' });
    expect(within(dialog).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(['1 day', '7 days']);
    await userEvent.type(within(dialog).getByLabelText('Reason (shown to the member at sign-in)'), 'Spam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend @vanspam' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: '@vanspam is suspended', variant: 'success' }));
    expect(calls).toEqual([{ method: 'POST', path: '/api/admin/members/9/suspension', body: { reason: 'Spam', duration: '1d' } }]);
    expect(screen.getByRole('status').textContent).toBe('@vanspam is suspended');
  });

  it('is not offered when the author’s account is gone', () => {
    stubApi(() => ({ body: {} }));
    renderItem({ ...held, author: null });
    expect(screen.getByText('By a deleted member')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Suspend/ })).toBeNull();
  });
});

// Issue 32 (ADR 0022): moderators judge an anonymous item's words, not its account.
describe('HeldQueueItem: an anonymous item', () => {
  it('is by its label, with no link to the author and no suspension', () => {
    stubApi(() => ({ body: {} }));
    renderItem({ ...held, author: null, anonymousAs: 'A verified Evri courier in LS' });
    expect(screen.getByRole('article', { name: 'Held post by A verified Evri courier in LS' })).toBeTruthy();
    expect(screen.getByTestId('anonymous-author').textContent).toBe('A verified Evri courier in LS, Anonymous');
    expect(screen.queryByText('By a deleted member')).toBeNull();
    expect(screen.queryByRole('link', { name: /^@/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Suspend/ })).toBeNull();
  });
});
