import { queryOptions } from '@tanstack/react-query';
import type { TCategory } from '@common/contracts/forum';
import { api } from '@/lib/api-client';
import { categoriesPath } from './endpoints';
import { forumKeys } from './keys';

export const getCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: forumKeys.categories,
    queryFn: ({ signal }) => api.get<TCategory[]>(categoriesPath, { signal }),
  });
