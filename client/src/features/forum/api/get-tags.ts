import { queryOptions } from '@tanstack/react-query';
import { listTags } from '@endpoints/labels';
import { call } from '@/lib/api-client';
import { forumKeys } from './keys';

/** GET /api/tags (issue 32): every tag, networks then topics, each by name: the editor's picker. */
export const getTagsQueryOptions = () =>
  queryOptions({
    queryKey: forumKeys.tags,
    queryFn: ({ signal }) => call(listTags, {}, { signal }),
    select: (data) => data.tags,
    // Admins change them rarely; an editor opened twice in a minute asks once.
    staleTime: 60_000,
  });
