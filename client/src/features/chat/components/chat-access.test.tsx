import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { TUser } from '@common/contracts/auth';
import { renderWithProviders } from '@/test/render';
import { testUser } from '@/test/users';
import { ChatAccessGate } from './chat-access';

// Spec §4 Chat access on /inbox: from the signed-in user (GET /api/auth/user), as the server checks it.

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const signedIn = (user: TUser) => vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/api/auth/user' ? Response.json(user) : Response.json({}))));
const gate = () => renderWithProviders(<ChatAccessGate>the inbox</ChatAccessGate>, { route: '/inbox' });

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('ChatAccessGate', () => {
  it('a verified member with chat: the inbox, no toast, no access call', async () => {
    signedIn(testUser());
    gate();
    expect(await screen.findByText('the inbox')).toBeTruthy();
    expect(toast).not.toHaveBeenCalled();
    expect(vi.mocked(fetch).mock.calls.map(([url]) => url)).toEqual(['/api/auth/user']);
  });

  it('chat suspended: the card and the toast', async () => {
    signedIn(testUser({ chatSuspended: true }));
    gate();
    expect(await screen.findByRole('heading', { name: 'Chat Requires Verification' })).toBeTruthy();
    expect(screen.queryByText('the inbox')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Verify my email' })).toBeNull();
    // The toast is an effect: it runs after the card has painted.
    await vi.waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Chat Feature Suspended', description: 'Your chat feature has been suspended by an administrator.' })),
    );
  });

  it('email not verified: the card with the way to verify', async () => {
    signedIn(testUser({ emailVerified: false }));
    gate();
    expect(await screen.findByRole('link', { name: 'Verify my email' })).toBeTruthy();
    expect(screen.getByText('Please verify your email address')).toBeTruthy();
  });
});
