// The service worker's runtime caches, named in one place for the worker (sw.ts) and the page, which
// empties a member's caches when their session ends (client/src/lib/service-worker.ts).

/** Caches of pages (HTML) carry the build's id after this prefix: each worker keeps its own build's pages. */
export const PAGE_CACHE_PREFIX = {
  /** Guest copies of the pages that answer offline (policy.ts OFFLINE_PAGES): nobody's private data. */
  offlinePages: 'kerbside-offline-pages-',
  /** The post pages (/forum/posts/:slug) a member opened. */
  postPages: 'kerbside-post-pages-',
} as const;

export const API_CACHE = {
  /** The API's answers for the posts a member opened (GET /api/forum/posts/:idOrSlug). */
  postReads: 'kerbside-post-reads',
  /** Further pages of their comments (GET /api/forum/posts/:id/comments). */
  postComments: 'kerbside-post-comments',
} as const;

/** Photos (/uploads/<id>/<file>) this device showed, so a post kept for offline shows its photos too. */
export const PHOTOS_CACHE = 'kerbside-photos';

/**
 * A cache holding what one member read as that member (their votes and reactions, whether they may
 * edit): emptied when a session starts or ends, so the next person on the device never sees it.
 */
export function isMemberCache(name: string): boolean {
  // Photos too: a chat photo is one member's conversation, and its address is its only lock.
  return name.startsWith(PAGE_CACHE_PREFIX.postPages) || name === API_CACHE.postReads || name === API_CACHE.postComments || name === PHOTOS_CACHE;
}

