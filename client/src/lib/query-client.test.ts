import { afterEach, describe, expect, it, vi } from 'vitest';
import { CACHE_MS } from '@common/constants';
import { ApiError } from './api-client';
import { getUserQueryOptions } from './auth';
import { createQueryClient, getQueryFn, shouldRetryQuery } from './query-client';

const apiError = (status: number) => new ApiError(status, '', '{}', {});

afterEach(() => vi.unstubAllGlobals());

describe('shouldRetryQuery', () => {
  it.each([401, 403, 404])('never retries %i', (status) => {
    expect(shouldRetryQuery(0, apiError(status))).toBe(false);
  });

  it.each([500, 502, 429, 400])('retries %i up to 3 times', (status) => {
    expect(shouldRetryQuery(0, apiError(status))).toBe(true);
    expect(shouldRetryQuery(2, apiError(status))).toBe(true);
    expect(shouldRetryQuery(3, apiError(status))).toBe(false);
  });

  it('retries network failures up to 3 times', () => {
    expect(shouldRetryQuery(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryQuery(3, new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('createQueryClient', () => {
  it('has the spec §9 defaults', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(5 * 60_000);
    expect(queries?.gcTime).toBe(10 * 60_000);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.retry).toBe(shouldRetryQuery);
    expect(mutations?.retry).toBe(false);
  });

  it('turns a 401 on a default query into null and a 500 into an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/auth/user' ? new Response('{"message":"Unauthorized"}', { status: 401 }) : new Response('boom', { status: 500 }),
      ),
    );
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/auth/user'] })).resolves.toBeNull();
    await expect(client.fetchQuery({ queryKey: ['/api/broken'], retry: false })).rejects.toThrow('500: boom');
  });
});

describe('getQueryFn', () => {
  it('throws on 401 when asked to', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 401, statusText: 'Unauthorized' })));
    const fn = getQueryFn({ on401: 'throw' });
    const ctx = { queryKey: ['/api/x'], signal: new AbortController().signal } as unknown as Parameters<typeof fn>[0];
    await expect(fn(ctx)).rejects.toThrow('401: Unauthorized');
  });

  it('builds the URL from the key and sends cookies', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response('[]', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const fn = getQueryFn({ on401: 'returnNull' });
    const ctx = { queryKey: ['/api/forum/posts', { page: 2 }], signal: new AbortController().signal } as unknown as Parameters<typeof fn>[0];
    await expect(fn(ctx)).resolves.toEqual([]);
    expect(fetch.mock.calls[0][0]).toBe('/api/forum/posts?page=2');
    expect(fetch.mock.calls[0][1]?.credentials).toBe('include');
  });
});

describe('getUserQueryOptions', () => {
  it('is not retried, fresh 60 s, kept 600 s, not refetched on focus', () => {
    const o = getUserQueryOptions();
    expect(o.queryKey).toEqual(['/api/auth/user']);
    expect(o.retry).toBe(false);
    expect(o.staleTime).toBe(CACHE_MS.userStale);
    expect(o.staleTime).toBe(60_000);
    expect(o.gcTime).toBe(600_000);
    expect(o.refetchOnWindowFocus).toBe(false);
  });
});
