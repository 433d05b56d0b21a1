import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAnonymousBlock } from '@common/contracts/anonymous';
import type { TBlockedMember } from '@common/contracts/blocks';
import { CACHE_MS } from '@common/rules/site';
import { createAnonymousBlock, deleteAnonymousBlock, listAnonymousBlocks } from '@endpoints/anonymous';
import { createMemberBlock, deleteMemberBlock, listMemberBlocks } from '@endpoints/blocks';
import { getPublicProfile } from '@endpoints/members';
import { call } from '@/lib/api-client';
import { useUser } from '@/lib/auth';

// Member blocking on the client (issue 18; docs/API.md "Blocks"): the signed-in member's block list,
// read once and shared by every place that collapses a blocked author's post or comment, offers
// Block/Unblock, or lists the blocks in settings. Below the features (forum, members and chat all use
// it, and may not import each other). Issue 32 (ADR 0022) adds the blocks made from anonymous content:
// a list of their own, which names the post or reply each came from and never the account.

/** Per member, so a list read by one account is never shown to the next on this device. */
export const blocksQueryKey = (userId: number) => [listMemberBlocks.path, userId] as const;
export const anonymousBlocksQueryKey = (userId: number) => [listAnonymousBlocks.path, userId] as const;

const NONE: readonly TBlockedMember[] = [];
const NO_ANONYMOUS: readonly TAnonymousBlock[] = [];

/** The signed-in member's block list (a guest's, id 0, is never asked). */
export const getBlocksQueryOptions = (userId: number | undefined) =>
  queryOptions({
    queryKey: blocksQueryKey(userId ?? 0),
    queryFn: ({ signal }) => call(listMemberBlocks, {}, { signal }),
    enabled: userId !== undefined,
    staleTime: CACHE_MS.defaultStale,
  });

/** The signed-in member's blocks made from anonymous content (a guest's, id 0, is never asked). */
export const getAnonymousBlocksQueryOptions = (userId: number | undefined) =>
  queryOptions({
    queryKey: anonymousBlocksQueryKey(userId ?? 0),
    queryFn: ({ signal }) => call(listAnonymousBlocks, {}, { signal }),
    enabled: userId !== undefined,
    staleTime: CACHE_MS.defaultStale,
  });

/** An anonymous post or reply, as a block made from it names it. */
export type AnonymousBlockTarget = { postId: number; commentId?: never } | { commentId: number; postId?: never };

/** A post's own target when it was written anonymously (issue 32), else none. */
export const anonymousPostTarget = (post: { id: number; anonymousAs?: string }): AnonymousBlockTarget | undefined =>
  post.anonymousAs !== undefined ? { postId: post.id } : undefined;

const madeFrom = (target: AnonymousBlockTarget) => (b: TAnonymousBlock) =>
  target.postId !== undefined ? b.postId === target.postId : b.commentId === target.commentId;

/** Who the collapsed line says was blocked, for anonymous content: never a name (it would reveal one). */
export const ANONYMOUS_BLOCKED_WHO = 'this anonymous author';

/**
 * The members the signed-in member blocked (GET /api/blocks), and the blocks they made from anonymous
 * content (GET /api/blocks/anonymous); nothing is asked for a guest. While they load nobody counts as
 * blocked, as on the server-rendered page, so hydration matches.
 */
export function useBlocks() {
  const { user } = useUser();
  const userId = user?.id;
  const q = useQuery(getBlocksQueryOptions(userId));
  const aq = useQuery(getAnonymousBlocksQueryOptions(userId));
  // Only ever a list: a stray answer (an old server, a test's catch-all stub) blocks nobody.
  const blocked = userId !== undefined && Array.isArray(q.data) ? q.data : NONE;
  const anonymous = userId !== undefined && Array.isArray(aq.data) ? aq.data : NO_ANONYMOUS;
  const names = new Set(blocked.map((b) => b.username.toLowerCase()));
  /** Usernames are unique whatever their case (the authors of posts and comments come by name). */
  const isBlockedName = (username: string | null | undefined) => !!username && names.has(username.toLowerCase());
  /** The block made from this anonymous post or reply, if the reader made one. */
  const anonymousBlockOf = (target: AnonymousBlockTarget): TAnonymousBlock | undefined => anonymous.find(madeFrom(target));
  return {
    query: q,
    blocked,
    isBlockedName,
    anonymousQuery: aq,
    anonymous,
    anonymousBlockOf,
    /**
     * Whom the reader blocked of a post's or reply's writers, as its collapsed line names them; null when
     * it is not hidden. Anonymous content (`anonymous`, issue 32) only by the block made from it, never by
     * a name: it has none, and a match through the account would tell the blocker who wrote it.
     */
    blockedWho: (author: { username: string } | null | undefined, anonymous?: AnonymousBlockTarget): string | null =>
      anonymous ? (anonymousBlockOf(anonymous) ? ANONYMOUS_BLOCKED_WHO : null) : author && isBlockedName(author.username) ? author.username : null,
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

/** POST /api/blocks/anonymous: blocks whoever wrote an anonymous post or reply, then the list has it at once. */
export function useBlockAnonymous() {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: (target: AnonymousBlockTarget) => call(createAnonymousBlock, { body: target }),
    onSuccess: (block) => {
      queryClient.setQueryData<TAnonymousBlock[]>(anonymousBlocksQueryKey(user?.id ?? 0), (old = []) =>
        old.some((b) => b.id === block.id) ? old : [...old, block],
      );
    },
  });
}

/** DELETE /api/blocks/anonymous/:id, then the list drops it at once. */
export function useUnblockAnonymous() {
  const queryClient = useQueryClient();
  const { user } = useUser();
  return useMutation({
    mutationFn: (block: Pick<TAnonymousBlock, 'id'>) => call(deleteAnonymousBlock, { params: { id: block.id } }),
    onSuccess: (_none, block) => {
      queryClient.setQueryData<TAnonymousBlock[]>(anonymousBlocksQueryKey(user?.id ?? 0), (old = []) => old.filter((b) => b.id !== block.id));
    },
  });
}
