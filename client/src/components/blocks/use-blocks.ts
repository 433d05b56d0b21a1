import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBlockedMember } from '@common/contracts/blocks';
import { CACHE_MS } from '@common/rules/site';
import { createMemberBlock, deleteMemberBlock, listMemberBlocks } from '@endpoints/blocks';
import { getPublicProfile } from '@endpoints/members';
import { call } from '@/lib/api-client';
import { useUser } from '@/lib/auth';

// Member blocking on the client (issue 18; docs/API.md "Blocks"): the signed-in member's block list,
// read once and shared by every place that collapses a blocked author's post or comment, offers
// Block/Unblock, or lists the blocks in settings. Below the features (forum, members and chat all use
// it, and may not import each other).

/** Per member, so a list read by one account is never shown to the next on this device. */
export const blocksQueryKey = (userId: number) => [listMemberBlocks.path, userId] as const;

const NONE: readonly TBlockedMember[] = [];

/** The signed-in member's block list (a guest's, id 0, is never asked). */
export const getBlocksQueryOptions = (userId: number | undefined) =>
  queryOptions({
    queryKey: blocksQueryKey(userId ?? 0),
    queryFn: ({ signal }) => call(listMemberBlocks, {}, { signal }),
    enabled: userId !== undefined,
    staleTime: CACHE_MS.defaultStale,
  });

/**
 * The members the signed-in member blocked (GET /api/blocks); nothing is asked for a guest. While it
 * loads nobody counts as blocked, as on the server-rendered page, so hydration matches.
 */
export function useBlocks() {
  const { user } = useUser();
  const userId = user?.id;
  const q = useQuery(getBlocksQueryOptions(userId));
  // Only ever a list: a stray answer (an old server, a test's catch-all stub) blocks nobody.
  const blocked = userId !== undefined && Array.isArray(q.data) ? q.data : NONE;
  const names = new Set(blocked.map((b) => b.username.toLowerCase()));
  return {
    query: q,
    blocked,
    /** Usernames are unique whatever their case (the authors of posts and comments come by name). */
    isBlockedName: (username: string | null | undefined) => !!username && names.has(username.toLowerCase()),
  };
}

/** A member to block or unblock: their id when the page has it, else it is looked up by username. */
export type BlockTarget = { id?: number; username: string };

async function idOf(target: BlockTarget): Promise<number> {
  if (target.id !== undefined) return target.id;
  // Posts and comments name their author but carry no id: the profile (any signed-in member) has it.
  return (await call(getPublicProfile, { params: { username: target.username } })).id;
}

/** POST /api/blocks, then the list shows the block at once. */
export function useBlockMember() {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: async (target: BlockTarget) => call(createMemberBlock, { body: { userId: await idOf(target) } }),
    onSuccess: (member) => {
      queryClient.setQueryData<TBlockedMember[]>(blocksQueryKey(user?.id ?? 0), (old = []) => (old.some((b) => b.id === member.id) ? old : [...old, member]));
    },
  });
}

/** DELETE /api/blocks/:userId, then the list drops them at once. */
export function useUnblockMember() {
  const queryClient = useQueryClient();
  const { user } = useUser();
  const key = blocksQueryKey(user?.id ?? 0);
  const sameMember = (target: BlockTarget) => (b: TBlockedMember) =>
    target.id !== undefined ? b.id === target.id : b.username.toLowerCase() === target.username.toLowerCase();
  return useMutation({
    mutationFn: async (target: BlockTarget) => {
      // The list has their id when they are blocked; a stale page's name is looked up.
      const listed = queryClient.getQueryData<TBlockedMember[]>(key)?.find(sameMember(target));
      await call(deleteMemberBlock, { params: { userId: listed?.id ?? (await idOf(target)) } });
    },
    onSuccess: (_none, target) => {
      const same = sameMember(target);
      queryClient.setQueryData<TBlockedMember[]>(key, (old = []) => old.filter((b) => !same(b)));
    },
  });
}
