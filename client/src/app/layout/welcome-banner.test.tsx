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

function renderBanner(onOther = () => {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, member);
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

  it('is dismissed by its close button', async () => {
    renderBanner();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss welcome message' }));
    expect(screen.queryByText('Welcome to Kerbside, Sam!')).toBeNull();
  });
});
