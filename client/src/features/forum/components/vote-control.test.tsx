import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_QUERY_KEY } from '@/lib/auth';
import { closeAuthDialog, useAuthDialog } from '@/lib/auth-dialog';
import { renderWithProviders } from '@/test/render';
import { VoteControl } from './vote-control';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const member = { id: 1, username: 'sam', firstName: 'Sam', lastName: 'D', email: 's@x.co', isAdmin: false, avatar: 'van' };

/** fetch that answers the auth check with `user` and hands vote calls to `vote`. */
function stubFetch(user: typeof member | null, vote: (url: string, init?: RequestInit) => Promise<Response>) {
  const votes = vi.fn(vote);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/user') return user ? new Response(JSON.stringify(user)) : new Response('{"message":"Not signed in"}', { status: 401 });
      if (url === '/api/maintenance/status') return new Response('{"maintenanceMode":false,"message":""}');
      return votes(url, init);
    }),
  );
  return votes;
}

async function renderVote(user: typeof member | null) {
  const r = renderWithProviders(<VoteControl targetType="post" id={7} upvotes={3} downvotes={1} userVote={null} />);
  await waitFor(() => expect(r.queryClient.getQueryData(USER_QUERY_KEY)).toEqual(user));
  return r;
}

/** The auth dialog's store, as the app's host reads it. */
const authDialogState = () => renderHook(() => useAuthDialog()).result.current;

const up = () => screen.getByRole('button', { name: /^Upvote/ });
const down = () => screen.getByRole('button', { name: /^Downvote/ });

beforeEach(() => toast.mockReset());
afterEach(() => vi.unstubAllGlobals());

describe('VoteControl', () => {
  it('tells guests to log in and sends nothing', async () => {
    const fetch = stubFetch(null, async () => new Response('{}'));
    await renderVote(null);
    await userEvent.setup().click(up());
    expect(toast).toHaveBeenCalledWith({
      title: 'Login required',
      description: 'Please log in to vote on posts and comments',
      action: { label: 'Sign In', onClick: expect.any(Function) },
    });
    expect(fetch).not.toHaveBeenCalled();
    // Issue 18: the toast's Sign In opens the dialog (which keeps the guest on this page).
    expect(authDialogState().open).toBe(false);
    act(() => (toast.mock.calls[0]![0] as { action: { onClick: () => void } }).action.onClick());
    expect(authDialogState()).toEqual({ open: true, tab: 'signin' });
    act(() => closeAuthDialog());
    expect(up().getAttribute('aria-pressed')).toBe('false');
  });

  it('shows the vote at once, then the server answer, and says Vote recorded', async () => {
    let answer!: (r: Response) => void;
    const fetch = stubFetch(member, () => new Promise<Response>((res) => (answer = res)));
    await renderVote(member);
    await userEvent.setup().click(up());
    expect(up().getAttribute('aria-pressed')).toBe('true');
    expect(up().textContent).toBe('4');
    expect(fetch.mock.calls[0][0]).toBe('/api/forum/posts/7/vote');
    expect(fetch.mock.calls[0][1]?.body).toBe('{"voteType":"upvote"}');
    answer(new Response(JSON.stringify({ upvotes: 10, downvotes: 1, userVote: 'upvote' })));
    await waitFor(() => expect(up().textContent).toBe('10'));
    expect(toast).toHaveBeenCalledWith({ title: 'Vote recorded', variant: 'success' });
  });

  it('puts the old counts back when the vote fails', async () => {
    stubFetch(member, async () => new Response('{"message":"boom"}', { status: 500 }));
    await renderVote(member);
    await userEvent.setup().click(down());
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Error', description: 'Failed to record vote', variant: 'destructive' }));
    expect(down().getAttribute('aria-pressed')).toBe('false');
    expect(down().textContent).toBe('1');
  });

  it('says Vote removed when the server removed it', async () => {
    stubFetch(member, async () => new Response(JSON.stringify({ upvotes: 3, downvotes: 1, userVote: null })));
    await renderVote(member);
    await userEvent.setup().click(up());
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Vote removed', variant: 'success' }));
    expect(up().getAttribute('aria-pressed')).toBe('false');
  });
});
