import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VERIFY_MSG, VERIFY_REASON_MAX } from '@common/rules/courier';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';
import { WithdrawBadgeButton } from './withdraw-badge-button';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

// Issue 32 item 2: a moderator withdraws a member's verified courier badge from their public profile,
// with the reason the member is told.

const alex = { id: 2, username: 'alex' };
const badge = { network: 'evri', since: '2026-11-15T12:00:00.000Z' };

beforeEach(() => toast.mockReset());
afterEach(() => vi.unstubAllGlobals());

describe('WithdrawBadgeButton', () => {
  it('asks a reason (required, at most the limit), sends it and says so', async () => {
    const calls = stubApi(() => ({ body: { message: VERIFY_MSG.withdrawn } }));
    renderWithProviders(<WithdrawBadgeButton member={alex} badge={badge} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Withdraw badge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw @alex’s badge?' });
    expect(within(dialog).getByText(/“Verified Evri courier” comes off their posts/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Withdraw badge' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(VERIFY_MSG.reasonRequired);
    expect(calls).toEqual([]);

    const reason = within(dialog).getByLabelText('Reason (the member is told)') as HTMLTextAreaElement;
    expect(reason.maxLength).toBe(VERIFY_REASON_MAX);
    await user.type(reason, '  No longer drives for Evri  ');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw badge' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: VERIFY_MSG.withdrawn, variant: 'success' }));
    expect(calls).toEqual([{ method: 'POST', path: '/api/admin/members/2/courier-badge/withdraw', body: { reason: 'No longer drives for Evri' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open with the server’s refusal in it and in a toast', async () => {
    stubApi(() => ({ status: 404, body: { message: VERIFY_MSG.noBadge } }));
    renderWithProviders(<WithdrawBadgeButton member={alex} badge={badge} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Withdraw badge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw @alex’s badge?' });
    await user.type(within(dialog).getByLabelText('Reason (the member is told)'), 'Fake proof');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw badge' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Could not withdraw the badge', description: VERIFY_MSG.noBadge, variant: 'destructive' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(VERIFY_MSG.noBadge);
  });
});
