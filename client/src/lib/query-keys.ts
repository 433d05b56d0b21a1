import type { QueryKey } from '@tanstack/react-query';
import { listAdSlots } from '@endpoints/ads';
import { listBulletins } from '@endpoints/bulletins';
import { listCategories, listPosts } from '@endpoints/forum';
import { getLabelFollows, listTags } from '@endpoints/labels';
import { getMaintenanceStatus } from '@endpoints/maintenance';

// Query keys that more than one feature touches. Features never import each other, so a key one
// feature reads and another refreshes (an admin change shown on the forum) lives here, below both;
// every other key lives in its feature's api/keys.ts. A key starts with the path of the endpoint it
// caches: the default query function fetches key[0], and prefix refreshes rely on it.

export const sharedKeys = {
  /** Every post list, search results included (the header's Forum link refreshes them, spec §2). */
  posts: [listPosts.path] as const,
  categories: [listCategories.path] as const,
  maintenance: [getMaintenanceStatus.path] as const,
  /** The bulletin queries, one per reader. */
  bulletins: [listBulletins.path] as const,
  /** The ad slot queries, one per location and device. */
  adSlots: [listAdSlots.path] as const,
  /** Every tag (issue 32): the editor's picker, the tag pages and the admin list read it; an admin's change refreshes it. */
  tags: [listTags.path] as const,
  /** The tags and areas the member follows: their settings and the tag and area pages read and change it. */
  labelFollows: [getLabelFollows.path] as const,
};

/** Queries whose data may hold posts or comments: every one of the forum API. */
export const isForumQuery = (q: { queryKey: QueryKey }) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/forum/');
