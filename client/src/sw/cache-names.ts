// The service worker's runtime caches, named in one place for the worker (sw.ts) and the page, which
// empties a member's caches when their session ends (client/src/lib/service-worker.ts).

/** Caches of pages (HTML) carry the build's id after this prefix: each worker keeps its own build's pages. */
export const PAGE_CACHE_PREFIX = {
  /** Guest copies of the pages that answer offline (policy.ts OFFLINE_PAGES): nobody's private data. */
  offlinePages: 'kerbside-offline-pages-',
  /** The post pages (/forum/posts/:slug) a member opened, as a guest sees them. */
  postPages: 'kerbside-post-pages-',
} as const;

export const API_CACHE = {
  /** The API's answers for the posts a member opened (GET /api/forum/posts/:idOrSlug), as a guest reads them. */
  postReads: 'kerbside-guest-post-reads',
  /** Further pages of their comments (GET /api/forum/posts/:id/comments), as a guest reads them. */
  postComments: 'kerbside-guest-post-comments',
} as const;

/**
 * The API caches of builds before issue 28, which kept the answers as the member read them (their
 * email is not in those, but their votes and rights are): emptied at activation and with a member's reads.
 */
export const LEGACY_MEMBER_CACHES = ['kerbside-post-reads', 'kerbside-post-comments'] as const;

/** Photos (/uploads/<id>/<file>) this device showed, so a post kept for offline shows its photos too. */
export const PHOTOS_CACHE = 'kerbside-photos';

/**
 * Empty; its being there says a member's answer passed the worker since the last wipe, so a later
 * "nobody is signed in" (GET /api/auth/user, 401) is a member's session ending, not a guest's visit.
 */
export const MEMBER_SEEN_CACHE = 'kerbside-member-seen';

/**
 * A cache of what one member did on this device: the posts they opened (kept in a guest's form, so
 * nothing of theirs is in them, but which posts they read is theirs) and the photos they saw. Emptied
 * when a session starts or ends, so the next person on the device never sees it.
 */
export function isMemberCache(name: string): boolean {
  // Photos too: a chat photo is one member's conversation, and its address is its only lock.
  return (
    name.startsWith(PAGE_CACHE_PREFIX.postPages) ||
    name === API_CACHE.postReads ||
    name === API_CACHE.postComments ||
    name === PHOTOS_CACHE ||
    name === MEMBER_SEEN_CACHE ||
    (LEGACY_MEMBER_CACHES as readonly string[]).includes(name)
  );
}
