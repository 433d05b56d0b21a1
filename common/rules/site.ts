// Numbers of spec §9 the whole site shares (pages, polling, caching, toasts), for server and client.
export const PAGE_SIZE = 20;
export const PAGE_SIZE_MAX = 50;
export const BADGE_CAP = 99;

export const POLL_MS = {
  maintenance: 30_000,
  landingPosts: 30_000,
  bulletins: 60_000,
} as const;

export const CACHE_MS = {
  defaultStale: 5 * 60_000,
  defaultGc: 10 * 60_000,
  userStale: 60_000,
  userGc: 600_000,
  postsStale: 5 * 60_000,
  postsGc: 10 * 60_000,
  adSlots: 5 * 60_000,
} as const;

export const TOAST_MS = 5000;
export const TOAST_SWIPE_PX = 50;
export const POST_REGISTER_REDIRECT_MS = 200;
export const LANDING_PREVIEWS = 3;
export const LANDING_TITLE_MAX = 80;
export const SEO_EXCERPT_MAX = 160;

/** Spec §9: badges show 99+ above 99. */
export const badge = (n: number) => (n > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.max(0, n)));
