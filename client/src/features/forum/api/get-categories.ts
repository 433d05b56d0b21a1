import { queryOptions } from '@tanstack/react-query';
import type { TCategory } from '@common/contracts/forum';
import { api } from '@/lib/api-client';

export const getCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/forum/categories'] as const,
    queryFn: ({ signal }) => api.get<TCategory[]>('/api/forum/categories', { signal }),
  });
