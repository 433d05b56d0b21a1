import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPost } from '@common/contracts/forum';
import { USER_QUERY_KEY } from '@/lib/auth';
import { renderWithProviders } from '@/test/render';
import { testUser } from '@/test/users';
import { BookmarkButton } from './bookmark-button';
import { NewMarker } from './new-marker';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

/** fetch that answers the auth check with `user` and hands bookmark calls to `bookmark`. */
function stubFetch(user: ReturnType<typeof testUser> | null, bookmark: (url: string, init?: RequestInit) => Promise<Response>) {
  const calls = vi.fn(bookmark);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/user') return user ? new Response(JSON.stringify(user)) : new Response('{"message":"Not signed in"}', { status: 401 });
      if (url === '/api/maintenance/status') return new Response('{"maintenanceMode":false,"message":""}');
      return calls(url, init);
    }),
  );
  return calls;
}

async function renderButton(user: ReturnType<typeof testUser> | null, bookmarked?: boolean) {
  const r = renderWithProviders(<BookmarkButton postId={7} bookmarked={bookmarked} />);
  await waitFor(() => expect(r.queryClient.getQueryData(USER_QUERY_KEY)).toEqual(user));
  return r;
}

const button = () => screen.getByRole('button', { name: /^Save/ });

beforeEach(() => toast.mockReset());
afterEach(() => vi.unstubAllGlobals());

describe('BookmarkButton', () => {
  it('tells a guest to log in and sends nothing', async () => {
    const calls = stubFetch(null, async () => new Response('{}'));
    await renderButton(null);
    await userEvent.setup().click(button());
    expect(toast).toHaveBeenCalledWith({
      title: 'Login required',
      description: 'Please log in to save posts',
      action: { label: 'Sign In', onClick: expect.any(Function) },
    });
    expect(calls).not.toHaveBeenCalled();
    expect(button().getAttribute('aria-pressed')).toBe('false');
  });

  it('saves at once, PUTs the bookmark and patches the cached list', async () => {
    let answer!: (r: Response) => void;
    const calls = stubFetch(testUser(), () => new Promise<Response>((res) => (answer = res)));
    const r = await renderButton(testUser(), false);
    const listKey = ['/api/forum/posts', { page: 1 }];
    r.queryClient.setQueryData(listKey, { posts: [{ id: 7, slug: 's', bookmarked: false }], totalCount: 1, hasMore: false });
    await userEvent.setup().click(button());
    expect(button().getAttribute('aria-pressed')).toBe('true');
    expect(button().textContent).toBe('Saved');
    expect(calls.mock.calls[0][0]).toBe('/api/forum/posts/7/bookmark');
    expect(calls.mock.calls[0][1]?.method).toBe('PUT');
    answer(new Response('{"bookmarked":true}'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Saved to your bookmarks', variant: 'success' }));
    expect((r.queryClient.getQueryData(listKey) as { posts: TPost[] }).posts[0].bookmarked).toBe(true);
  });

  it('unsaves with DELETE', async () => {
    const calls = stubFetch(testUser(), async () => new Response('{"bookmarked":false}'));
    await renderButton(testUser(), true);
    expect(button().getAttribute('aria-pressed')).toBe('true');
    await userEvent.setup().click(button());
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Removed from your bookmarks', variant: 'success' }));
    expect(calls.mock.calls[0][1]?.method).toBe('DELETE');
    expect(button().getAttribute('aria-pressed')).toBe('false');
  });

  it('puts the old state back when the server refuses', async () => {
    stubFetch(testUser(), async () => new Response('{"message":"Post not found"}', { status: 404 }));
    await renderButton(testUser(), false);
    await userEvent.setup().click(button());
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Could not change your bookmark', description: 'Post not found', variant: 'destructive' }),
    );
    expect(button().getAttribute('aria-pressed')).toBe('false');
  });
});

describe('NewMarker', () => {
  it('reads "New since your last visit" to a screen reader', () => {
    renderWithProviders(<NewMarker />);
    expect(screen.getByText('New').textContent).toBe('New since your last visit');
  });
});
