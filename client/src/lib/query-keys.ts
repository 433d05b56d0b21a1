import type { QueryKey } from '@tanstack/react-query';

// Query keys that more than one feature touches. Features never import each other, so a key one
// feature reads and another refreshes (an admin change shown on the forum) lives here, below both;
// every other key lives in its feature's api/keys.ts. A key starts with the path of the endpoint it
// caches: the default query function fetches key[0], and prefix refreshes rely on it.

export const sharedKeys = {
  /** Every post list, search results included (the header's Forum link refreshes them, spec §2). */
  posts: ['/api/forum/posts'] as const,
  categories: ['/api/forum/categories'] as const,
  maintenance: ['/api/maintenance/status'] as const,
  /** The bulletin queries, one per reader. */
  bulletins: ['/api/bulletins'] as const,
  /** The ad slot queries, one per location and device. */
  adSlots: ['/api/ads/slots'] as const,
};

/** Queries whose data may hold posts or comments: every one of the forum API. */
export const isForumQuery = (q: { queryKey: QueryKey }) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/forum/');
