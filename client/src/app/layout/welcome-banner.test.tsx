import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from '@/lib/router';
import type { TUser } from '@common/contracts/auth';
import { USER_QUERY_KEY } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import { testUser } from '@/test/users';
import { WelcomeBanner } from './welcome-banner';

const member: TUser = testUser({ id: 1, email: 'sam@example.test', avatar: 'van', createdAt: new Date().toISOString() });

function renderBanner(onOther = () => {}, user: TUser = member) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, user);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <WelcomeBanner />
        <button type="button" onClick={onOther}>Something else</button>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('WelcomeBanner', () => {
  it('greets a member, goes on the first interaction anywhere, lets that click land, and stays gone', async () => {
    const other = vi.fn();
    const { unmount } = renderBanner(other);
    expect(screen.getByText('Welcome to Kerbside, Sam!')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Something else' }));
    expect(other).toHaveBeenCalledOnce();
    expect(screen.queryByText('Welcome to Kerbside, Sam!')).toBeNull();
    expect(localStorage.getItem('welcomeBannerDismissed')).toBe('true');
    unmount();
    renderBanner();
    expect(screen.queryByText('Welcome to Kerbside, Sam!')).toBeNull();
  });

  // Issue 30: the demo admin read "Welcome to Kerbside, Kerbside!" and its long-standing members were greeted as new.
  it('greets a member named like the site without repeating the name', () => {
    const DAY = 86_400_000;
    renderBanner(undefined, testUser({ firstName: 'Kerbside', lastName: 'Team', createdAt: new Date(Date.now() - 2 * DAY).toISOString() }));
    expect(screen.getByRole('region', { name: 'Welcome' }).textContent).toMatch(/^Welcome to Kerbside! /);
  });

  it('welcomes back a member who joined weeks ago, rather than greeting them as new', () => {
    const DAY = 86_400_000;
    renderBanner(undefined, testUser({ firstName: 'Dave', createdAt: new Date(Date.now() - 200 * DAY).toISOString() }));
    expect(screen.getByText('Welcome back, Dave!')).toBeTruthy();
    expect(screen.queryByText(/Welcome to Kerbside/)).toBeNull();
  });

  it('is dismissed by its close button', async () => {
    renderBanner();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss welcome message' }));
    expect(screen.queryByText('Welcome to Kerbside, Sam!')).toBeNull();
  });
});
