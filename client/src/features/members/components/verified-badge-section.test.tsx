import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TVerificationStatus } from '@common/contracts/courier';
import { VERIFY_MSG, VERIFY_PROOF_MAX_MB } from '@common/rules/courier';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';
import { testUser } from '@/test/users';
import { VerifiedBadgeSection } from './verified-badge-section';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

// Issue 32 item 2: the member's "Verified courier badge" settings: the badge, the request waiting, the
// last refusal, else the form (network and photo, checked on the device before it is sent).

const NONE: TVerificationStatus = { badge: null, pending: null, lastDecision: null };
const PENDING: TVerificationStatus = { ...NONE, pending: { network: 'evri', createdAt: new Date(Date.now() - 3 * 3600_000).toISOString() } };
const BADGE: TVerificationStatus = {
  badge: { network: 'evri', since: '2026-11-15T12:00:00.000Z' },
  pending: null,
  lastDecision: { network: 'evri', status: 'approved', decidedAt: '2026-11-15T12:00:00.000Z', reason: null },
};
const REFUSED: TVerificationStatus = {
  ...NONE,
  lastDecision: { network: 'dpd', status: 'refused', decidedAt: '2026-11-10T12:00:00.000Z', reason: 'The photo does not show your name' },
};

/** The member's API: their user, the status (as it is now), and whatever `other` answers (a write). */
function stubMember(status: TVerificationStatus | (() => TVerificationStatus), other: (c: ApiCall) => { status?: number; body: unknown } = () => ({ body: {} }), user = testUser()) {
  return stubApi((c) => {
    if (c.path === '/api/auth/user') return { body: user };
    if (c.method === 'GET' && c.path === '/api/profile/courier/verification') return { body: typeof status === 'function' ? status() : status };
    return other(c);
  });
}

const writes = (calls: ApiCall[]) => calls.filter((c) => c.method !== 'GET');
const png = () => new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'badge.png', { type: 'image/png' });

beforeEach(() => toast.mockReset());
afterEach(() => vi.unstubAllGlobals());

describe('VerifiedBadgeSection', () => {
  it('with nothing asked for yet: the form, with a network to choose, a photo to add and what is kept for how long', async () => {
    stubMember(NONE);
    renderWithProviders(<VerifiedBadgeSection />);
    const network = (await screen.findByLabelText('Network')) as HTMLSelectElement;
    expect(network.value).toBe('');
    expect(within(network).getByRole('option', { name: 'Evri' })).toBeTruthy();
    const photo = screen.getByLabelText('Photo of your proof') as HTMLInputElement;
    expect(photo.type).toBe('file');
    expect(photo.accept).toBe('image/jpeg,image/png,image/webp');
    expect(screen.getByText('Only moderators see it, on their review screen. It is never published.')).toBeTruthy();
    expect(screen.getByText(/hidden details, such as where/)).toBeTruthy();
    expect(screen.getByText('It is deleted as soon as a moderator decides, or when you cancel your request.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(screen.getByRole('button', { name: 'Send for checking' })).toBeTruthy();
  });

  it('tells a member without a verified email that they need one, with no form', async () => {
    stubMember(NONE, undefined, testUser({ emailVerified: false }));
    renderWithProviders(<VerifiedBadgeSection />);
    expect(await screen.findByText(/You need a verified email address to ask for the badge/)).toBeTruthy();
    expect(screen.queryByLabelText('Network')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send for checking' })).toBeNull();
  });

  it('sends the network and the photo as a data URL, toasts the server’s words and shows the request waiting', async () => {
    const calls = stubMember(NONE, () => ({ status: 201, body: { ...PENDING, message: VERIFY_MSG.requested } }));
    renderWithProviders(<VerifiedBadgeSection />);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Network'), 'evri');
    await user.upload(screen.getByLabelText('Photo of your proof'), png());
    await user.click(screen.getByRole('button', { name: 'Send for checking' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: VERIFY_MSG.requested, variant: 'success' }));
    expect(writes(calls)).toEqual([{ method: 'POST', path: '/api/profile/courier/verification', body: { network: 'evri', proof: 'data:image/png;base64,iVBORw0KGgo=' } }]);
    // The answer is the new status: the request waiting, the form gone.
    expect((await screen.findByText('Waiting for a moderator:')).parentElement!.textContent).toMatch(/^Waiting for a moderator: Evri, sent 3 hours ago$/);
    expect(screen.queryByLabelText('Network')).toBeNull();
  });

  it('checks the network, and the photo’s presence, type and size, before anything is sent', async () => {
    const calls = stubMember(NONE);
    renderWithProviders(<VerifiedBadgeSection />);
    const user = userEvent.setup({ applyAccept: false });
    const send = await screen.findByRole('button', { name: 'Send for checking' });
    await user.click(send);
    expect(await screen.findByText('Choose the network your proof is for')).toBeTruthy();
    expect(screen.getByText(VERIFY_MSG.proofMissing)).toBeTruthy();
    expect(screen.getByLabelText('Network').getAttribute('aria-invalid')).toBe('true');

    const photo = screen.getByLabelText('Photo of your proof');
    await user.selectOptions(screen.getByLabelText('Network'), 'dpd');
    await user.upload(photo, new File(['GIF89a'], 'badge.gif', { type: 'image/gif' }));
    expect(await screen.findByText(VERIFY_MSG.proofType)).toBeTruthy();
    await user.click(send);
    expect(photo.getAttribute('aria-invalid')).toBe('true');

    const big = png();
    Object.defineProperty(big, 'size', { value: VERIFY_PROOF_MAX_MB * 1024 * 1024 + 1 });
    await user.upload(photo, big);
    expect(await screen.findByText(VERIFY_MSG.proofTooLarge)).toBeTruthy();
    await user.click(send);
    expect(screen.getByText(VERIFY_MSG.proofTooLarge)).toBeTruthy();

    // Exactly at the limit is allowed.
    const limit = png();
    Object.defineProperty(limit, 'size', { value: VERIFY_PROOF_MAX_MB * 1024 * 1024 });
    await user.upload(photo, limit);
    expect(screen.queryByText(VERIFY_MSG.proofTooLarge)).toBeNull();
    expect(writes(calls)).toEqual([]);
  });

  it('shows the server’s refusal of the photo on it and in a toast', async () => {
    stubMember(NONE, () => ({ status: 413, body: { message: VERIFY_MSG.proofTooLarge } }));
    renderWithProviders(<VerifiedBadgeSection />);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Network'), 'evri');
    await user.upload(screen.getByLabelText('Photo of your proof'), png());
    await user.click(screen.getByRole('button', { name: 'Send for checking' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Could not send your request', description: VERIFY_MSG.proofTooLarge, variant: 'destructive' }));
    expect(screen.getByText(VERIFY_MSG.proofTooLarge)).toBeTruthy();
    expect(screen.getByLabelText('Photo of your proof').getAttribute('aria-invalid')).toBe('true');
  });

  it('with a request waiting: says so, and cancels it with a toast', async () => {
    let status = PENDING;
    const calls = stubMember(
      () => status,
      () => {
        status = NONE;
        return { body: { message: VERIFY_MSG.cancelled } };
      },
    );
    renderWithProviders(<VerifiedBadgeSection />);
    expect((await screen.findByText('Waiting for a moderator:')).parentElement!.textContent).toContain('Evri, sent 3 hours ago');
    expect(screen.queryByLabelText('Network')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: VERIFY_MSG.cancelled, variant: 'success' }));
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: '/api/profile/courier/verification' }]);
    // Read again: nothing waiting, the form back.
    expect(await screen.findByLabelText('Network')).toBeTruthy();
  });

  it('with the badge: shows it with its month, and removes it after a confirmation', async () => {
    const calls = stubMember(BADGE, () => ({ body: { message: VERIFY_MSG.badgeRemoved } }));
    renderWithProviders(<VerifiedBadgeSection />);
    expect(await screen.findByText('Verified Evri courier, since November 2026')).toBeTruthy();
    expect(screen.queryByLabelText('Network')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove badge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove your badge?' });
    expect(writes(calls)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove badge' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: VERIFY_MSG.badgeRemoved, variant: 'success' }));
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: '/api/profile/courier/badge' }]);
  });

  it('after a refusal: shows the network and the moderator’s reason, and the form to try again', async () => {
    stubMember(REFUSED);
    renderWithProviders(<VerifiedBadgeSection />);
    expect(await screen.findByText(/Your request for the DPD badge was refused/)).toBeTruthy();
    expect(screen.getByText('Reason: The photo does not show your name')).toBeTruthy();
    expect(screen.getByLabelText('Network')).toBeTruthy();
  });

  it('does not show an old approval as a refusal', async () => {
    stubMember({ ...NONE, lastDecision: { network: 'evri', status: 'approved', decidedAt: '2026-11-15T12:00:00.000Z', reason: null } });
    renderWithProviders(<VerifiedBadgeSection />);
    expect(await screen.findByLabelText('Network')).toBeTruthy();
    expect(screen.queryByText(/refused/)).toBeNull();
  });
});
