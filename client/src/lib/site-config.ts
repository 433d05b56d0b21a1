import { queryOptions } from '@tanstack/react-query';
import type { TSiteConfig } from '@common/contracts/site-config';
import { api } from './api-client';

/** GET /api/site-config: fetched only by what needs it (the tag manager and AdSense, after consent). */
export const siteConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['site-config'],
    queryFn: () => api.get<TSiteConfig>('/api/site-config'),
    staleTime: Infinity,
  });
