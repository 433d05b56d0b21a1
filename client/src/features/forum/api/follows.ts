import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { followCategory, getPostFollow, listCategoryFollows, setPostFollow, unfollowCategory } from '@endpoints/notification-preferences';
import type { TPostFollowLevel } from '@common/contracts/notification-preferences';
import { NOTIFY_PREFS_MSG } from '@common/rules/notification-preferences';
import { call, errorMessage } from '@/lib/api-client';
import { toast } from '@/components/ui/toast';
import { forumKeys } from './keys';

// Following and muting a post, following a category (docs/API.md "Follows"). Each change shows at
// once and is put back, with an error toast, if the server refuses it.

const LEVEL_TOAST: Record<TPostFollowLevel, string> = {
  follow: NOTIFY_PREFS_MSG.following,
  mute: NOTIFY_PREFS_MSG.muted,
  none: NOTIFY_PREFS_MSG.unfollowed,
};

export const postFollowQueryOptions = (postId: number) =>
  queryOptions({
    queryKey: forumKeys.postFollow(postId),
    queryFn: ({ signal }) => call(getPostFollow, { params: { id: postId } }, { signal }).then((r) => r.level),
  });

export function useSetPostFollow(postId: number) {
  const queryClient = useQueryClient();
  const key = forumKeys.postFollow(postId);
  return useMutation({
    mutationFn: (level: TPostFollowLevel) => call(setPostFollow, { params: { id: postId }, body: { level } }).then((r) => r.level),
    onMutate: async (level) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<TPostFollowLevel>(key);
      queryClient.setQueryData(key, level);
      return { before };
    },
    onSuccess: (level) => {
      queryClient.setQueryData(key, level);
      toast({ title: LEVEL_TOAST[level], variant: 'success' });
    },
    onError: (err, _level, context) => {
      queryClient.setQueryData(key, context?.before);
      toast({ title: 'Could not change how you follow this post', description: errorMessage(err), variant: 'destructive' });
    },
  });
}

export const categoryFollowsQueryOptions = () =>
  queryOptions({
    queryKey: forumKeys.categoryFollows,
    queryFn: ({ signal }) => call(listCategoryFollows, undefined, { signal }).then((r) => r.categoryIds),
  });

/** Whether the reader follows the category, and the toggle. */
export function useCategoryFollow(categoryId: number) {
  const queryClient = useQueryClient();
  const key = forumKeys.categoryFollows;
  const follows = useQuery(categoryFollowsQueryOptions());
  const toggle = useMutation({
    mutationFn: (follow: boolean) => call(follow ? followCategory : unfollowCategory, { params: { id: categoryId } }),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<number[]>(key);
      if (before) queryClient.setQueryData(key, follow ? [...new Set([...before, categoryId])] : before.filter((id) => id !== categoryId));
      return { before };
    },
    onSuccess: ({ following }) => {
      toast({ title: following ? NOTIFY_PREFS_MSG.categoryFollowed : NOTIFY_PREFS_MSG.categoryUnfollowed, variant: 'success' });
    },
    onError: (err, _follow, context) => {
      queryClient.setQueryData(key, context?.before);
      toast({ title: 'Could not change your category follow', description: errorMessage(err), variant: 'destructive' });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  return { following: follows.data?.includes(categoryId), loaded: follows.data !== undefined, toggle };
}
