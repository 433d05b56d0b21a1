import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MeaningfulAction } from '@/lib/push-subscription';
import { Link, MemoryRouter } from '@/lib/router';
import { MemberDevice } from './member-device';
import { PageOfferSlot } from './page-offer-slot';

// The member's device in the background: the push subscription follows the server's key on start,
// and the push offer shows (outside the header, in the page's flow) only when a meaningful action
// asks for it; in the inbox it waits for the next page (issue 30: it covered the message box).

vi.mock('@/lib/idle', () => ({ whenIdle: (fn: () => void) => (fn(), () => {}) }));
vi.mock('@/features/forum/components/offline-writes-sync', () => ({ OfflineWritesSync: () => null }));
const hosts = vi.hoisted(() => [] as Array<(a: MeaningfulAction) => void>);
const push = vi.hoisted(() => ({
  onPushPromptWanted: vi.fn((host: (a: MeaningfulAction) => void) => {
    hosts.push(host);
    return () => void hosts.splice(hosts.indexOf(host), 1);
  }),
  refreshPushSubscription: vi.fn(async () => {}),
  enablePush: vi.fn(),
  rememberPushDeclined: vi.fn(),
}));
vi.mock('@/lib/push-subscription', () => push);

afterEach(() => vi.clearAllMocks());

/** A page as the app lays it out: the header with the member's device, then the content with the offers' slot. */
function Page({ path }: { path: string }) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <header>
        <MemberDevice userId={7} />
      </header>
      <main>
        <PageOfferSlot />
        <Link to="/forum">Forum</Link>
      </main>
    </MemoryRouter>
  );
}

describe('MemberDevice', () => {
  it('refreshes the subscription on start, and shows the offer only when asked; "Not now" closes it', async () => {
    const { unmount } = render(<Page path="/forum" />);
    await waitFor(() => expect(push.refreshPushSubscription).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('complementary')).toBeNull();
    act(() => hosts[0]('comment'));
    const offer = await screen.findByRole('complementary', { name: 'Get notified on this phone?' });
    expect(offer.closest('header')).toBeNull();
    // In the page's content, at its top: it covers nothing.
    expect(offer.closest('main')?.firstElementChild?.contains(offer)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(push.rememberPushDeclined).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
    unmount();
    expect(hosts).toHaveLength(0);
  });

  it('after a message sent in the inbox, waits for the next page outside it', async () => {
    render(<Page path="/inbox/5" />);
    await waitFor(() => expect(hosts).toHaveLength(1));
    act(() => hosts[0]('chat'));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('complementary')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Forum' }));
    expect(await screen.findByRole('complementary', { name: 'Get notified on this phone?' })).toBeTruthy();
  });
});
