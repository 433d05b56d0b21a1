import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPendingVerification } from '@common/contracts/courier';
import { VERIFY_MSG, VERIFY_REASON_MAX } from '@common/rules/courier';
import { USER_QUERY_KEY } from '@/lib/auth';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';
import { testUser } from '@/test/users';
import { CourierBadgeQueue } from './courier-badge-queue';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

// Issue 32 item 2: the moderators' "Courier badges" queue on /admin/moderation: each request with its
// member, network, time and proof photo, approved or refused with a reason; the list is read again.

const request = (id: number, username: string, over: Partial<TPendingVerification> = {}): TPendingVerification => ({
  id,
  network: 'evri',
  createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
  member: { id: id + 100, username, avatar: 'van', joinedDate: '2025-03-02T10:00:00.000Z', trustLevel: 1 },
  ...over,
});

const moderator = testUser({ id: 50, username: 'mod_mo', isModerator: true });

/** The queue's API: the list as it is now, and the decisions (answered by `decide`). */
function stubQueue(list: () => TPendingVerification[], decide: (c: ApiCall) => { status?: number; body: unknown } = () => ({ body: {} })) {
  return stubApi((c) => {
    if (c.path === '/api/auth/user') return { body: moderator };
    if (c.method === 'GET' && c.path === '/api/admin/courier-verifications') return { body: { requests: list() } };
    if (c.method === 'POST') return decide(c);
    return { status: 404, body: { message: 'Not found' } };
  });
}

const renderQueue = () => {
  const view = renderWithProviders(<CourierBadgeQueue />);
  view.queryClient.setQueryData(USER_QUERY_KEY, moderator);
  return view;
};

const lists = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/admin/courier-verifications').length;

beforeEach(() => toast.mockReset());
afterEach(() => vi.unstubAllGlobals());

describe('CourierBadgeQueue', () => {
  it('lists each request: the member (trust level, joined), the network, when sent, and the proof photo', async () => {
    stubQueue(() => [request(5, 'gaz_transit'), request(6, 'kim', { network: 'dpd', member: { id: 106, username: 'kim', avatar: 'car', joinedDate: '2026-01-02T10:00:00.000Z', trustLevel: 0 } })]);
    renderQueue();
    const gaz = await screen.findByRole('article', { name: 'Badge request by @gaz_transit' });
    expect(within(gaz).getByText('Evri')).toBeTruthy();
    expect(gaz.textContent).toContain('Sent 2 hours ago');
    expect(within(gaz).getByRole('link', { name: '@gaz_transit' }).getAttribute('href')).toBe('/profile/gaz_transit');
    expect(gaz.textContent).toContain('Basic (level 1) · joined');
    const img = within(gaz).getByRole('img', { name: 'Proof sent by @gaz_transit for Evri' }) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/api/admin/courier-verifications/5/proof');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.className).toContain('max-w-full');
    expect(within(gaz).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(gaz).getByRole('button', { name: 'Refuse…' })).toBeTruthy();

    const kim = screen.getByRole('article', { name: 'Badge request by @kim' });
    expect(within(kim).getByText('DPD')).toBeTruthy();
    expect(kim.textContent).toContain('New (level 0)');
    expect(within(kim).getByRole('img').getAttribute('src')).toBe('/api/admin/courier-verifications/6/proof');
  });

  it('says when nothing is waiting', async () => {
    stubQueue(() => []);
    renderQueue();
    expect(await screen.findByText('No badge requests waiting. All clear.')).toBeTruthy();
  });

  it('approves with the server’s words in a toast, and reads the list again', async () => {
    let waiting = [request(5, 'gaz_transit')];
    const calls = stubQueue(
      () => waiting,
      () => {
        waiting = [];
        return { body: { message: VERIFY_MSG.approved } };
      },
    );
    renderQueue();
    const item = await screen.findByRole('article', { name: 'Badge request by @gaz_transit' });
    await userEvent.click(within(item).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: VERIFY_MSG.approved, variant: 'success' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: '/api/admin/courier-verifications/5/approve' }]);
    expect(await screen.findByText('No badge requests waiting. All clear.')).toBeTruthy();
    expect(lists(calls)).toBe(2);
  });

  it('refuses only with a reason, which is sent; the server’s words in a toast', async () => {
    let waiting = [request(5, 'gaz_transit')];
    const calls = stubQueue(
      () => waiting,
      () => {
        waiting = [];
        return { body: { message: VERIFY_MSG.refused } };
      },
    );
    renderQueue();
    const user = userEvent.setup();
    const item = await screen.findByRole('article', { name: 'Badge request by @gaz_transit' });
    await user.click(within(item).getByRole('button', { name: 'Refuse…' }));
    const reason = within(item).getByLabelText('Reason (the member is told)') as HTMLTextAreaElement;
    expect(reason.maxLength).toBe(VERIFY_REASON_MAX);
    expect(within(item).getByText(VERIFY_MSG.reasonRequired)).toBeTruthy();
    const refuse = within(item).getByRole('button', { name: 'Refuse request' }) as HTMLButtonElement;
    expect(refuse.disabled).toBe(true);
    expect(within(item).queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.type(reason, 'The photo does not show the network');
    expect(refuse.disabled).toBe(false);
    await user.click(refuse);
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: VERIFY_MSG.refused, variant: 'success' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/admin/courier-verifications/5/refuse', body: { reason: 'The photo does not show the network' } },
    ]);
    expect(await screen.findByText('No badge requests waiting. All clear.')).toBeTruthy();
  });

  it('says a refused decision in a toast (decided already by another moderator)', async () => {
    stubQueue(
      () => [request(5, 'gaz_transit')],
      () => ({ status: 409, body: { message: VERIFY_MSG.decided } }),
    );
    renderQueue();
    const item = await screen.findByRole('article', { name: 'Badge request by @gaz_transit' });
    await userEvent.click(within(item).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Action failed', description: VERIFY_MSG.decided, variant: 'destructive' }));
  });

  it('offers no decision on the moderator’s own request', async () => {
    stubQueue(() => [request(5, 'mod_mo', { member: { id: moderator.id, username: 'mod_mo', avatar: 'van', joinedDate: '2025-03-02T10:00:00.000Z', trustLevel: 3 } })]);
    renderQueue();
    const item = await screen.findByRole('article', { name: 'Badge request by @mod_mo' });
    expect(within(item).getByText('This is your own request: another moderator decides it.')).toBeTruthy();
    expect(within(item).queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
