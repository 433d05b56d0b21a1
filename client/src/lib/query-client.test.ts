import { afterEach, describe, expect, it, vi } from 'vitest';
import { CACHE_MS } from '@common/rules/site';
import { ApiError } from './api-client';
import { getUserQueryOptions } from './auth';
import { createQueryClient, shouldRetryQuery } from './query-client';

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
