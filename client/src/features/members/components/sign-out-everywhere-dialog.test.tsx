import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { SignOutEverywhereDialog } from './sign-out-everywhere-dialog';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

function stubFetch(answer: () => Response) {
  const calls: Array<{ url: string; method?: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method });
      return answer();
    }),
  );
  return calls;
}

beforeEach(() => toast.mockReset());
afterEach(() => vi.unstubAllGlobals());

describe('SignOutEverywhereDialog', () => {
  it('asks first; Cancel sends nothing; confirming signs out the other devices and says so', async () => {
    const message = 'You have been signed out on every other device. This one stays signed in.';
    const calls = stubFetch(() => Response.json({ message }));
    renderWithProviders(<SignOutEverywhereDialog />);

    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('dialog', { name: 'Sign out everywhere?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out other devices' }));
    await waitFor(() => expect(calls).toEqual([{ url: '/api/profile/sessions/end-others', method: 'POST' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast).toHaveBeenCalledWith({ title: 'Signed out everywhere else', description: message, variant: 'success' });
  });

  it('a failure keeps the dialog open and shows the server’s word', async () => {
    stubFetch(() => Response.json({ message: 'Too many requests. Please wait a minute.' }, { status: 429 }));
    renderWithProviders(<SignOutEverywhereDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out other devices' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Could not sign out your other devices',
        description: 'Too many requests. Please wait a minute.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Sign out everywhere?' })).toBeTruthy();
  });
});
