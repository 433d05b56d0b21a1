import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { TUser } from '@common/contracts/auth';
import { MAINTENANCE_MSG } from '@common/rules/maintenance';
import { testUser } from '@/test/users';
import { apiFetch, onWritesPaused } from './api-client';
import { USER_QUERY_KEY } from './auth';
import { createQueryClient } from './query-client';
import { sharedKeys } from './query-keys';
import { useReadOnly } from './read-only';

// Issue 18: during maintenance a member's write controls rest, with the reason; an admin's do not,
// as the server lets an admin's writes through.

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubApi(maintenanceMode: boolean, user: TUser | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/maintenance/status') return json({ maintenanceMode, message: 'Back by 22:00' });
      if (url === '/api/auth/user') return user ? json(user) : json({ message: 'Not logged in' }, 401);
      return json({ message: 'Not found' }, 404);
    }),
  );
}

function readOnly() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { ...renderHook(() => useReadOnly(), { wrapper }), client };
}

afterEach(() => vi.unstubAllGlobals());

describe('useReadOnly', () => {
  it("gives a member (and a guest) the reason while maintenance is on", async () => {
    stubApi(true, testUser());
    const { result } = readOnly();
    await waitFor(() => expect(result.current).toBe(MAINTENANCE_MSG.readOnly('Kerbside')));
    expect(result.current).toBe('Kerbside is read-only during maintenance.');

    stubApi(true, null);
    const guest = readOnly();
    await waitFor(() => expect(guest.result.current).toBe('Kerbside is read-only during maintenance.'));
  });

  it('is null for an admin during maintenance, and for everyone when it is off', async () => {
    stubApi(true, testUser({ isAdmin: true }));
    const admin = readOnly();
    await waitFor(() => expect(admin.client.getQueryData(USER_QUERY_KEY)).toBeTruthy());
    await waitFor(() => expect(admin.client.getQueryData(sharedKeys.maintenance)).toBeTruthy());
    expect(admin.result.current).toBeNull();

    stubApi(false, testUser());
    const member = readOnly();
    await waitFor(() => expect(member.client.getQueryData(sharedKeys.maintenance)).toBeTruthy());
    expect(member.result.current).toBeNull();
  });
});

describe('onWritesPaused', () => {
  it('hears a write refused for maintenance (its marked 503), not a read nor another failure', async () => {
    const heard = vi.fn();
    const stop = onWritesPaused(heard);
    const answer = vi.fn<() => Response>();
    vi.stubGlobal('fetch', vi.fn(async () => answer()));
    const paused = () => json({ message: 'Kerbside is under maintenance. Please try again shortly.', maintenance: true }, 503);

    answer.mockReturnValueOnce(paused());
    await expect(apiFetch('POST', '/api/forum/posts/1/comments', { content: 'x' })).rejects.toThrow();
    expect(heard).toHaveBeenCalledTimes(1);

    answer.mockReturnValueOnce(paused()).mockReturnValueOnce(json({ message: 'boom' }, 500)).mockReturnValueOnce(json({ message: 'Service unavailable' }, 503)).mockReturnValueOnce(new Response('<html>', { status: 503 }));
    await expect(apiFetch('GET', '/api/health')).rejects.toThrow();
    for (let i = 0; i < 3; i++) await expect(apiFetch('POST', '/api/forum/posts', {})).rejects.toThrow();
    expect(heard).toHaveBeenCalledTimes(1);

    stop();
    answer.mockReturnValueOnce(paused());
    await expect(apiFetch('POST', '/api/forum/posts', {})).rejects.toThrow();
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
