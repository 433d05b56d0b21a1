import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { getCurrentUser } from '@endpoints/auth';
import { CACHE_MS } from '@common/rules/site';
import { stubApi } from '@/test/stub-api';
import { testUser } from '@/test/users';
import { USER_QUERY_KEY, useUser } from './auth';
import { createQueryClient } from './query-client';

// useUser: one observer of the user query per query client (issue 31), fetching as a useQuery each did.

function Reader({ name }: { name: string }) {
  const { user, isLoading } = useUser();
  return <p>{`${name}: ${isLoading ? 'loading' : (user?.username ?? 'guest')}`}</p>;
}

function renderReaders(names: string[], queryClient = createQueryClient()) {
  const ui = (shown: string[]) => (
    <QueryClientProvider client={queryClient}>
      {shown.map((name) => (
        <Reader key={name} name={name} />
      ))}
    </QueryClientProvider>
  );
  const result = render(ui(names));
  return { queryClient, show: (shown: string[]) => result.rerender(ui(shown)) };
}

const userCalls = (calls: { path: string }[]) => calls.filter((c) => c.path === getCurrentUser.path).length;

describe('useUser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks the server once for any number of readers, and a guest is null, not an error', async () => {
    const calls = stubApi(() => ({ status: 401, body: { message: 'Not signed in' } }));
    renderReaders(['a', 'b', 'c', 'd']);
    expect(screen.getByText('a: loading')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('d: guest')).toBeTruthy());
    expect(screen.getByText('a: guest')).toBeTruthy();
    expect(userCalls(calls)).toBe(1);
  });

  it('a reader that comes later asks again only once the user is stale', async () => {
    const me = testUser({ username: 'van_dan' });
    const calls = stubApi(() => ({ body: me }));
    const { show, queryClient } = renderReaders(['a']);
    await waitFor(() => expect(screen.getByText('a: van_dan')).toBeTruthy());
    show(['a', 'b']);
    expect(screen.getByText('b: van_dan')).toBeTruthy();
    expect(userCalls(calls)).toBe(1);

    // Older than the user's stale time: the next reader to come asks, as useQuery's refetch on mount did.
    const query = queryClient.getQueryCache().find({ queryKey: USER_QUERY_KEY })!;
    query.setState({ dataUpdatedAt: Date.now() - CACHE_MS.userStale - 1 });
    show(['a', 'b', 'c']);
    await waitFor(() => expect(userCalls(calls)).toBe(2));
    expect(screen.getByText('c: van_dan')).toBeTruthy();
  });

  it('a failed check is a guest, and the next reader tries again', async () => {
    let up = false;
    const calls = stubApi(() => (up ? { body: testUser({ username: 'back_again' }) } : { status: 503, body: { message: 'Down' } }));
    const { show } = renderReaders(['a']);
    await waitFor(() => expect(screen.getByText('a: guest')).toBeTruthy());
    up = true;
    show(['a', 'b']);
    await waitFor(() => expect(screen.getByText('b: back_again')).toBeTruthy());
    expect(screen.getByText('a: back_again')).toBeTruthy();
    expect(userCalls(calls)).toBe(2);
  });

  it('sign-out (the cache emptied, the user set to null): no reader is made to render, one that renders is a guest, nothing is asked again', async () => {
    const calls = stubApi(() => ({ body: testUser({ username: 'leaving' }) }));
    // A page that reads the user and a query of its own, as the post page does.
    const postReads = vi.fn(async () => 'the post');
    function Page() {
      const { user, isLoading } = useUser();
      const { data } = useQuery({ queryKey: ['post'], queryFn: postReads, staleTime: Infinity });
      return <p>{`page: ${isLoading ? 'loading' : (user?.username ?? 'guest')}, ${data ?? 'no post'}`}</p>;
    }
    const queryClient = createQueryClient();
    const ui = (extra: string[]) => (
      <QueryClientProvider client={queryClient}>
        <Page />
        {extra.map((name) => (
          <Reader key={name} name={name} />
        ))}
      </QueryClientProvider>
    );
    const { rerender } = render(ui(['a']));
    await waitFor(() => expect(screen.getByText('page: leaving, the post')).toBeTruthy());
    act(() => {
      queryClient.clear();
      queryClient.setQueryData(USER_QUERY_KEY, null);
    });
    // Rendering the page again would ask for every query the sign-out dropped, with the session still alive.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(postReads).toHaveBeenCalledTimes(1);
    expect(screen.getByText('page: leaving, the post')).toBeTruthy();
    rerender(ui(['a', 'b']));
    expect(screen.getByText(/^page: guest/)).toBeTruthy();
    expect(screen.getByText('b: guest')).toBeTruthy();
    // Once rendered, the readers follow the new query: signing in again on the same page reaches them.
    act(() => void queryClient.setQueryData(USER_QUERY_KEY, testUser({ username: 'next_driver' })));
    await waitFor(() => expect(screen.getByText('a: next_driver')).toBeTruthy());
    expect(screen.getByText(/^page: next_driver/)).toBeTruthy();
    expect(userCalls(calls)).toBe(1);
  });
});
