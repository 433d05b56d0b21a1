import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { logoutByLink } from '@endpoints/auth';
import { USER_QUERY_KEY } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import { deviceMember, memberStorage, setDeviceMember } from '@/lib/storage';
import { testUser } from '@/test/users';
import { LogoutLink } from './logout-link';

// Issue 18, shared phones: the sign-out link forgets what the member kept on the device before it leaves.

describe('LogoutLink', () => {
  it('forgets the member’s drafts and unsent messages and drops the cache, then follows the link', async () => {
    const me = testUser({ id: 41 });
    setDeviceMember(me.id);
    memberStorage.set('draft:comment:4', '"half a reply"');
    memberStorage.set('chat-outbox', '[]');
    memberStorage.set('draft:comment:4', '"theirs"', 42);
    const queryClient = createQueryClient();
    queryClient.setQueryData(USER_QUERY_KEY, me);
    // jsdom does not navigate; the link's own default is all that is left.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <QueryClientProvider client={queryClient}>
        <LogoutLink>Log out</LogoutLink>
      </QueryClientProvider>,
    );
    const link = screen.getByRole('link', { name: 'Log out' });
    expect(link.getAttribute('href')).toBe(logoutByLink.path);
    fireEvent.click(link);
    expect(memberStorage.get('draft:comment:4', me.id)).toBeNull();
    expect(memberStorage.get('chat-outbox', me.id)).toBeNull();
    expect(memberStorage.get('draft:comment:4', 42)).toBe('"theirs"');
    // The member's cache is gone and the page is a guest's until it leaves: nothing asks for the user again.
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toBeNull();
    expect(queryClient.getQueryCache().getAll().map((q) => q.queryKey)).toEqual([USER_QUERY_KEY]);
    await waitFor(() => expect(deviceMember()).toBeNull());
    vi.restoreAllMocks();
  });
});
