import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_QUERY_KEY } from '@/lib/auth';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';
import { testUser } from '@/test/users';
import { ProfilePage } from './profile-page';

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('data-theme');
});

describe('ProfilePage', () => {
  it('lets the member choose the theme of this device among their settings', async () => {
    // The page's other cards ask the API for their parts; none of them is what this test is about.
    stubApi(() => ({ status: 404, body: { message: 'Not found' } }));
    const { queryClient } = renderWithProviders(<ProfilePage />);
    queryClient.setQueryData(USER_QUERY_KEY, testUser());
    expect(await screen.findByRole('heading', { name: 'Sam Driver' })).toBeTruthy();
    const section = await screen.findByRole('region', { name: 'Appearance' });
    await userEvent.setup().click(within(section).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('keeps the courier profile one tap away, loading it only when opened', async () => {
    const calls = stubApi((c) =>
      c.path === '/api/profile/courier'
        ? { body: { networks: ['evri'], networksVisibility: 'everyone', vehicle: null, vehicleVisibility: 'members', area: 'LS', areaVisibility: 'members', yearsOnRoad: null, yearsVisibility: 'members', engagement: null, engagementVisibility: 'members' } }
        : { status: 404, body: { message: 'Not found' } },
    );
    const { queryClient } = renderWithProviders(<ProfilePage />);
    queryClient.setQueryData(USER_QUERY_KEY, testUser());
    const open = await screen.findByRole('button', { name: 'Courier profile' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(calls.some((c) => c.path === '/api/profile/courier')).toBe(false);
    await userEvent.setup().click(open);
    expect(((await screen.findByRole('checkbox', { name: 'Evri' })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Home postcode area') as HTMLSelectElement).value).toBe('LS');
  });

  it('keeps the verified courier badge one tap away, loading it only when opened', async () => {
    const calls = stubApi((c) =>
      c.path === '/api/profile/courier/verification'
        ? { body: { badge: { network: 'evri', since: '2026-11-15T12:00:00.000Z' }, pending: null, lastDecision: null } }
        : { status: 404, body: { message: 'Not found' } },
    );
    const { queryClient } = renderWithProviders(<ProfilePage />);
    queryClient.setQueryData(USER_QUERY_KEY, testUser());
    const open = await screen.findByRole('button', { name: 'Verified courier badge' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(calls.some((c) => c.path === '/api/profile/courier/verification')).toBe(false);
    await userEvent.setup().click(open);
    expect(await screen.findByText('Verified Evri courier, since November 2026')).toBeTruthy();
  });
});
