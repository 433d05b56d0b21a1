import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { MemoryRouter, useLocation, type Location } from '@/lib/router';
import { USER_QUERY_KEY } from '@/lib/auth';
import { testUser } from '@/test/users';
import { LoginForm } from './login-form';

// Issue 18: signing in from the dialog over a post dropped the reader on '/'.

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function renderAt(path: string, stayOnPage: boolean) {
  const user = testUser();
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ user, message: 'Login successful' }), { status: 200 })));
  const queryClient = createQueryClient();
  const seen: { current: Location | null } = { current: null };
  function Probe() {
    seen.current = useLocation();
    return null;
  }
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <LoginForm idPrefix="t" stayOnPage={stayOnPage} onVerificationRequired={() => {}} />
        <Probe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { queryClient, location: () => seen.current!, user };
}

async function signIn() {
  const u = userEvent.setup();
  await u.type(screen.getByLabelText('Email'), 'sam@example.com');
  await u.type(screen.getByLabelText('Password'), 'Van@Route123');
  await u.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginForm after signing in', () => {
  it('stays on the page (path, query and fragment) when it is the dialog', async () => {
    const { queryClient, location, user } = renderAt('/forum/posts/m25-roadworks?x=1#comments', true);
    const before = location().key;
    await signIn();
    await waitFor(() => expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(user));
    expect(`${location().pathname}${location().search}${location().hash}`).toBe('/forum/posts/m25-roadworks?x=1#comments');
    expect(location().key).toBe(before); // not even a replace: the page does not move
  });

  it('goes to the remembered page, or home, when it is a page of its own', async () => {
    const { queryClient, location } = renderAt('/forum/posts/m25-roadworks', false);
    await signIn();
    await waitFor(() => expect(queryClient.getQueryData(USER_QUERY_KEY)).toBeTruthy());
    await waitFor(() => expect(location().pathname).toBe('/'));
  });
});
