import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MeaningfulAction } from '@/lib/push-subscription';
import { MemberDevice } from './member-device';

// The member's device in the background: the push subscription follows the server's key on start,
// and the push offer shows (outside the header) only when a meaningful action asks for it.

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

describe('MemberDevice', () => {
  it('refreshes the subscription on start, and shows the offer only when asked; "Not now" closes it', async () => {
    const { unmount } = render(
      <header>
        <MemberDevice userId={7} />
      </header>,
    );
    await waitFor(() => expect(push.refreshPushSubscription).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('complementary')).toBeNull();
    act(() => hosts[0]('comment'));
    const offer = await screen.findByRole('complementary', { name: 'Get notified on this phone?' });
    expect(offer.closest('header')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(push.rememberPushDeclined).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
    unmount();
    expect(hosts).toHaveLength(0);
  });
});
