import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFY_DEFAULTS, NOTIFY_KIND_LABEL, NOTIFY_PREFS_MSG } from '@common/rules/notification-preferences';
import { renderWithProviders } from '@/test/render';
import { NotificationPreferencesPage } from './notification-preferences-page';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));
// This device's push switch has its own tests; here it is only placed at the top.
vi.mock('@/components/push-device-control', () => ({ PushDeviceControl: () => <p data-testid="push-device-control">push device</p> }));

type Call = { method: string; url: string; body?: unknown };

/** A server holding the member's switches; `refuse` makes the next PUT fail with 500. */
function stubServer() {
  const state = { prefs: structuredClone(NOTIFY_DEFAULTS) as Record<string, Record<string, boolean>>, refuse: false };
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as { preferences: Record<string, Record<string, boolean>> }) : undefined;
      calls.push({ method, url, body });
      if (url !== '/api/notification-preferences') return Response.json({ message: 'Not found' }, { status: 404 });
      if (method === 'PUT') {
        if (state.refuse) return Response.json({ message: 'Something went wrong' }, { status: 500 });
        for (const [kind, channels] of Object.entries(body!.preferences)) state.prefs[kind] = { ...state.prefs[kind], ...channels };
      }
      return Response.json({ preferences: state.prefs });
    }),
  );
  return { state, calls };
}

const switchOf = (name: string) => screen.getByRole('switch', { name });

beforeEach(() => toast.mockReset());
afterEach(() => vi.unstubAllGlobals());

describe('NotificationPreferencesPage', () => {
  it('shows the heading, this device first, then a switch for each channel each kind has, labelled', async () => {
    stubServer();
    renderWithProviders(<NotificationPreferencesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Notification preferences' })).toBeTruthy();
    expect(screen.getByTestId('push-device-control')).toBeTruthy();
    await screen.findByRole('table');
    expect(screen.getAllByRole('switch')).toHaveLength(18);
    expect(switchOf('Chat messages: On site').getAttribute('aria-checked')).toBe('true');
    expect(switchOf('Followed posts, categories, tags and areas: Email').getAttribute('aria-checked')).toBe('false');
    expect(switchOf('Weekly digest: Email').getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByRole('switch', { name: 'Announcements: On site' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Weekly digest: Push' })).toBeNull();
    const row = screen.getByRole('rowheader', { name: /Replies/ });
    expect(within(row).getByText('A comment on your post, a reply to your comment, or your reply accepted as an answer')).toBeTruthy();
    expect(switchOf('Replies: Push').getAttribute('aria-describedby')).toBeTruthy();
  });

  it("issue 32: a 'Local alerts' row, on site and on the phone by default, not by email; a flip is saved", async () => {
    const { calls } = stubServer();
    renderWithProviders(<NotificationPreferencesPage />);
    await screen.findByRole('table');
    const row = screen.getByRole('rowheader', { name: /Local alerts/ });
    expect(within(row).getByText(NOTIFY_KIND_LABEL.alerts.hint)).toBeTruthy();
    expect(['On site', 'Push', 'Email'].map((c) => switchOf(`Local alerts: ${c}`).getAttribute('aria-checked'))).toEqual(['true', 'true', 'false']);
    await userEvent.click(switchOf('Local alerts: Email'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ preferences: { alerts: { email: true } } }]));
    expect(switchOf('Local alerts: Email').getAttribute('aria-checked')).toBe('true');
  });

  it('a flip is saved at once (that switch only) with the saved toast, and reached by keyboard', async () => {
    const { state, calls } = stubServer();
    renderWithProviders(<NotificationPreferencesPage />);
    await screen.findByRole('table');
    await userEvent.click(switchOf('Replies: Push'));
    expect(switchOf('Replies: Push').getAttribute('aria-checked')).toBe('false');
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: NOTIFY_PREFS_MSG.saved })));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/notification-preferences', body: { preferences: { replies: { push: false } } } },
    ]);
    expect(state.prefs.replies).toEqual({ site: true, push: false, email: true });

    switchOf('Weekly digest: Email').focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(state.prefs.digest).toEqual({ email: true }));
    expect(switchOf('Weekly digest: Email').getAttribute('aria-checked')).toBe('true');
  });

  it('a failed save puts the switch back and says so', async () => {
    const { state } = stubServer();
    renderWithProviders(<NotificationPreferencesPage />);
    await screen.findByRole('table');
    state.refuse = true;
    await userEvent.click(switchOf('Mentions: Email'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Could not save your notification preferences', variant: 'destructive' })));
    await waitFor(() => expect(switchOf('Mentions: Email').getAttribute('aria-checked')).toBe('true'));
    expect(state.prefs.mentions.email).toBe(true);
  });

  it('an unverified member is told to verify their address first', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ message: 'Email verification required' }, { status: 403 })));
    renderWithProviders(<NotificationPreferencesPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Verify your email address first: notifications go only to members with a verified address.');
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
