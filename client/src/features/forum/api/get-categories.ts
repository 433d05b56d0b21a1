import { queryOptions } from '@tanstack/react-query';
import { listCategories } from '@endpoints/forum';
import { call } from '@/lib/api-client';
import { forumKeys } from './keys';

export const getCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: forumKeys.categories,
    queryFn: ({ signal }) => call(listCategories, {}, { signal }),
  });
