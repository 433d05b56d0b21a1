import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { TUser } from '@common/contracts/auth';
import type { TChatAccess } from '@common/contracts/chat';
import { renderWithProviders } from '@/test/render';
import { testUser } from '@/test/users';
import { ChatAccessGate } from './chat-access';

// Spec §4 Chat access on /inbox: from the signed-in user (GET /api/auth/user), as the server checks it.
// Issue 18: a chat-suspended member sees the suspension (with the admin's reason), not a request to
// verify their email, and keeps their inbox.

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const suspendedAccess = (suspensionReason: string | null): TChatAccess => ({
  allowed: false,
  reason: 'suspended',
  suspendedAt: '2026-11-20T10:00:00.000Z',
  suspensionReason,
});

const signedIn = (user: TUser, access?: TChatAccess) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/auth/user') return Response.json(user);
      if (url === '/api/chat/access' && access) return Response.json(access);
      return Response.json({});
    }),
  );
const gate = () => renderWithProviders(<ChatAccessGate>the inbox</ChatAccessGate>, { route: '/inbox' });
const calls = () => vi.mocked(fetch).mock.calls.map(([url]) => url);

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('ChatAccessGate', () => {
  it('a verified member with chat: the inbox, no toast, no access call', async () => {
    signedIn(testUser());
    gate();
    expect(await screen.findByText('the inbox')).toBeTruthy();
    expect(toast).not.toHaveBeenCalled();
    expect(calls()).toEqual(['/api/auth/user']);
  });

  it('chat suspended with a reason: the suspension card with the reason, and the inbox still there; nothing about verifying', async () => {
    signedIn(testUser({ chatSuspended: true }), suspendedAccess('Spamming other couriers'));
    gate();
    const card = await screen.findByRole('region', { name: 'Chat Feature Suspended' });
    expect(card.textContent).toContain('Your chat feature has been suspended by an administrator.');
    expect(await screen.findByText('Spamming other couriers')).toBeTruthy();
    expect(card.textContent).toContain('Reason: Spamming other couriers');
    expect(card.textContent).toContain('You can still read your past conversations');
    expect(screen.getByText('the inbox')).toBeTruthy();
    expect(screen.queryByText(/verify/i)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Verify my email' })).toBeNull();
    // The card says it: no toast beside it.
    expect(toast).not.toHaveBeenCalled();
  });

  it('chat suspended without a reason: the card, no reason line', async () => {
    signedIn(testUser({ chatSuspended: true }), suspendedAccess(null));
    gate();
    expect(await screen.findByRole('heading', { name: 'Chat Feature Suspended' })).toBeTruthy();
    await vi.waitFor(() => expect(calls()).toContain('/api/chat/access'));
    expect(screen.queryByText(/Reason:/)).toBeNull();
    expect(screen.getByText('the inbox')).toBeTruthy();
  });

  it('email not verified: the card with the way to verify, instead of the inbox', async () => {
    signedIn(testUser({ emailVerified: false }));
    gate();
    expect(await screen.findByRole('link', { name: 'Verify my email' })).toBeTruthy();
    expect(screen.getByText('Please verify your email address')).toBeTruthy();
    expect(screen.queryByText('the inbox')).toBeNull();
    expect(screen.queryByText(/suspended/i)).toBeNull();
  });
});
