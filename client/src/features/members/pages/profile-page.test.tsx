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
});
