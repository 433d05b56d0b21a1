import { queryOptions } from '@tanstack/react-query';
import { getSiteConfig } from '@endpoints/site-config';
import { call } from './api-client';

/** GET /api/site-config: fetched only by what needs it (the tag manager and AdSense, after consent). */
export const siteConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['site-config'],
    queryFn: () => call(getSiteConfig),
    staleTime: Infinity,
  });
