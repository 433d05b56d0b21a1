import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getAnalyticsReport } from '@endpoints/analytics';
import { ApiError, call } from '@/lib/api-client';
import { shouldRetryQuery } from '@/lib/query-client';
import { adminKeys } from './keys';

export type AnalyticsPeriod = { from: string; to: string };

/** GET /api/admin/analytics for a period of Europe/London days (both ends included). */
export const getAdminAnalyticsQueryOptions = (period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: adminKeys.analytics(period),
    queryFn: ({ signal }) => call(getAnalyticsReport, { query: period }, { signal }),
    // Changing the period keeps the last report on screen until the new one arrives.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    // A refused period (400) stays refused: show its message at once.
    retry: (failures, err) => !(err instanceof ApiError && err.status === 400) && shouldRetryQuery(failures, err),
  });
