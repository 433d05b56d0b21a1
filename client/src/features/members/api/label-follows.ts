import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLabelFollows } from '@common/contracts/labels';
import { followArea, followTag, getLabelFollows, listTags, unfollowArea, unfollowTag } from '@endpoints/labels';
import { call } from '@/lib/api-client';
import { memberKeys } from './keys';

// Issue 32: the tags and postcode areas a verified member follows, as their settings list them
// (docs/API.md "Tags and areas"). Each change answers {following, message}; the list is changed in
// the cache at once and read again after, since the tag and area pages show it too.

export const getLabelFollowsQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.labelFollows,
    queryFn: ({ signal }) => call(getLabelFollows, {}, { signal }),
  });

/** Every tag, for the names of the followed ones (the follows list holds their slugs). */
export const getTagNamesQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.tags,
    queryFn: ({ signal }) => call(listTags, {}, { signal }),
    select: (data) => new Map(data.tags.map((t) => [t.slug, t.name])),
    staleTime: 60_000,
  });

export type LabelFollowChange = { kind: 'tag' | 'area'; key: string; follow: boolean };

function send({ kind, key, follow }: LabelFollowChange) {
  if (kind === 'tag') return call(follow ? followTag : unfollowTag, { params: { slug: key } });
  return call(follow ? followArea : unfollowArea, { params: { code: key } });
}

/** Follows or unfollows a tag or an area; toasts are the caller's. */
export function useChangeLabelFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer, { kind, key }) => {
      const field = kind === 'tag' ? 'tags' : 'areas';
      queryClient.setQueryData<TLabelFollows>(memberKeys.labelFollows, (old) => {
        if (!old) return old;
        const rest = old[field].filter((k) => k !== key);
        return { ...old, [field]: answer.following ? [...rest, key] : rest };
      });
      void queryClient.invalidateQueries({ queryKey: memberKeys.labelFollows });
    },
  });
}
