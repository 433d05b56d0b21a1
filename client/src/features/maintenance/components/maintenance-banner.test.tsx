import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { TUser } from '@common/contracts/auth';
import { apiFetch } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { testUser } from '@/test/users';
import { DEFAULT_MAINTENANCE_MESSAGE, MaintenanceBanner } from './maintenance-banner';

// Issue 18: the banner says the site is read-only, with the admin's text under it.

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubApi(status: { maintenanceMode: boolean; message: string }, user: TUser | null = testUser()) {
  const answers = { status };
  const fetch = vi.fn(async (url: string) => {
    if (url === '/api/maintenance/status') return json(answers.status);
    if (url === '/api/auth/user') return user ? json(user) : json({ message: 'Not logged in' }, 401);
    return json({ message: 'Kerbside is under maintenance. Please try again shortly.', maintenance: true }, 503);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, answers };
}

afterEach(() => vi.unstubAllGlobals());

describe('MaintenanceBanner', () => {
  it("says Kerbside is read-only, with the admin's message (or the standard text) under it", async () => {
    stubApi({ maintenanceMode: true, message: 'Upgrading the database, back by 22:00.' });
    renderWithProviders(<MaintenanceBanner />);
    const banner = screen.getByRole('status');
    await waitFor(() => expect(banner.textContent).toBe('Kerbside is read-only during maintenance.Upgrading the database, back by 22:00.'));

    vi.unstubAllGlobals();
    stubApi({ maintenanceMode: true, message: '' });
    renderWithProviders(<MaintenanceBanner />);
    await waitFor(() => expect(screen.getAllByRole('status')[1]!.textContent).toBe(`Kerbside is read-only during maintenance.${DEFAULT_MAINTENANCE_MESSAGE}`));
  });

  it('tells an admin their writes still go through', async () => {
    stubApi({ maintenanceMode: true, message: 'Back soon' }, testUser({ isAdmin: true }));
    renderWithProviders(<MaintenanceBanner />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Admins can still post and change settings.'));
  });

  it('shows nothing while off, and reads the status at once when a write is refused for maintenance', async () => {
    const { fetch, answers } = stubApi({ maintenanceMode: false, message: '' });
    renderWithProviders(<MaintenanceBanner />);
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/maintenance/status', expect.anything()));
    expect(screen.getByRole('status').textContent).toBe('');

    // Switched on since the last poll: the refused write brings the banner without waiting 30 s.
    answers.status = { maintenanceMode: true, message: 'Back soon' };
    await expect(apiFetch('POST', '/api/forum/posts/1/comments', { content: 'hello' })).rejects.toThrow();
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Kerbside is read-only during maintenance.'));
  });
});
