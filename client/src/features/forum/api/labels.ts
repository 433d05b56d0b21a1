import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { followArea, followTag, getArea, getLabelFollows, getTag, listAreas, unfollowArea, unfollowTag } from '@endpoints/labels';
import { getPayIndex } from '@endpoints/pay';
import type { TLabelFollows } from '@common/contracts/labels';
import type { TPayRegion } from '@common/rules/trade';
import { call, errorMessage } from '@/lib/api-client';
import { toast } from '@/components/ui/toast';
import { forumKeys } from './keys';

// Tags and postcode areas as readers meet them (issue 32; docs/API.md "Tags and areas"): a tag's page,
// the areas with recent posts, an area's page, its region's pay, and following a tag or an area. The
// list of every tag is get-tags.ts (the editor's picker reads it too).

/** One tag; a 404 (an unknown tag) is the page's not-found, never retried. */
export const getTagQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: forumKeys.tag(slug),
    queryFn: ({ signal }) => call(getTag, { params: { slug } }, { signal }),
  });

export const getAreasQueryOptions = () =>
  queryOptions({
    queryKey: forumKeys.areas,
    queryFn: ({ signal }) => call(listAreas, {}, { signal }),
    select: (data) => data.areas,
  });

/** An area's page: the area, its live alerts and the members who show it to this reader. */
export const getAreaQueryOptions = (code: string) =>
  queryOptions({
    queryKey: forumKeys.area(code),
    queryFn: ({ signal }) => call(getArea, { params: { code: code.toUpperCase() } }, { signal }),
  });

/** The region's Pay Index figures (a daily snapshot: a minute's staleness is nothing). */
export const getRegionPayQueryOptions = (region: TPayRegion) =>
  queryOptions({
    queryKey: forumKeys.regionPay(region),
    queryFn: ({ signal }) => call(getPayIndex, { query: { region } }, { signal }),
    staleTime: 60_000,
  });

export const labelFollowsQueryOptions = () =>
  queryOptions({
    queryKey: forumKeys.labelFollows,
    queryFn: ({ signal }) => call(getLabelFollows, {}, { signal }),
  });

export type LabelKind = 'tag' | 'area';

const followCall = (kind: LabelKind, value: string, follow: boolean) =>
  kind === 'tag' ? call(follow ? followTag : unfollowTag, { params: { slug: value } }) : call(follow ? followArea : unfollowArea, { params: { code: value } });

/**
 * Whether a verified member follows a tag (by slug) or an area (by code), and the toggle: the change
 * shows at once, the server's words are the toast, and a refusal puts the old state back.
 */
export function useLabelFollow(kind: LabelKind, value: string) {
  const queryClient = useQueryClient();
  const key = forumKeys.labelFollows;
  const follows = useQuery(labelFollowsQueryOptions());
  const field = kind === 'tag' ? 'tags' : 'areas';
  const toggle = useMutation({
    mutationFn: (follow: boolean) => followCall(kind, value, follow),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<TLabelFollows>(key);
      if (before) {
        const list = before[field].filter((v) => v !== value);
        queryClient.setQueryData<TLabelFollows>(key, { ...before, [field]: follow ? [...list, value].sort() : list });
      }
      return { before };
    },
    onSuccess: ({ message }) => toast({ title: message, variant: 'success' }),
    onError: (err, _follow, context) => {
      queryClient.setQueryData(key, context?.before);
      toast({ title: kind === 'tag' ? 'Could not change your tag follow' : 'Could not change your area follow', description: errorMessage(err), variant: 'destructive' });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  return { following: follows.data?.[field].includes(value) ?? false, loaded: follows.data !== undefined, toggle };
}
