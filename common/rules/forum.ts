// The forum's limits, choices and wording (spec §3–§5, §9; docs/API.md "Posts and comments", "Votes,
// reactions, shares", "Search"), zod-free so the client imports them without the schemas. The schemas
// are in common/contracts/forum.ts, forum-engagement.ts and forum-search.ts.

// ——— Lists and search ———

/**
 * Spec §9's sorts (popular, newest, views; the default newest, spec §4), and 'active', issue 30's "Latest
 * activity": the newest visible reply first, or the post's creation without one, as Discourse's default list
 * bumps a thread when it gets a reply. An edit does not count: it brings nothing new to a reader following
 * the list, and would let anyone put an old thread back on top by fixing a comma.
 */
export const SORTS = ['popular', 'newest', 'views', 'active'] as const;
export type Sort = (typeof SORTS)[number];

/**
 * The post list's sorts (issue 18): the search's, and 'top', score (upvotes − downvotes) over a period,
 * ties newest first. Top is a list sort only: a search ranks by match, not by score.
 */
export const LIST_SORTS = [...SORTS, 'top'] as const;
export type ListSortBy = (typeof LIST_SORTS)[number];

/** Top's periods: posts created within the last day, week, month, year, or ever. */
export const TOP_PERIODS = ['day', 'week', 'month', 'year', 'all'] as const;
export type TopPeriod = (typeof TOP_PERIODS)[number];
export const TOP_PERIOD_MS: Record<Exclude<TopPeriod, 'all'>, number> = {
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 30 * 86_400_000,
  year: 365 * 86_400_000,
};
/**
 * Top without a period, as Discourse does: a member back after a while gets the shortest period that
 * covers the time since their previous visit (back after 3 days: the week's top), so they see the best
 * of what they missed; a guest, or a member without a previous visit, gets TOP_DEFAULT_PERIOD
 * (Discourse's top_page_default_timeframe).
 */
export const TOP_DEFAULT_PERIOD: TopPeriod = 'year';
export function topPeriodSince(previousVisitAt: Date | null, now: Date): TopPeriod {
  if (!previousVisitAt) return TOP_DEFAULT_PERIOD;
  const away = now.getTime() - previousVisitAt.getTime();
  return (['day', 'week', 'month', 'year'] as const).find((p) => away <= TOP_PERIOD_MS[p]) ?? 'all';
}
/**
 * A list narrowed by a period or to unanswered posts has no stored count; it is counted, up to this
 * many (500 pages of 20), so a count never walks more than this many index entries.
 */
export const LIST_COUNT_MAX = 10_000;

export const LIST_MSG = {
  period: `Period must be one of ${TOP_PERIODS.join(', ')}`,
  unanswered: 'unanswered must be true or false',
  solved: 'solved must be true or false',
} as const;

/** Spec §5: a search text needs at least this many characters after trimming. */
export const SEARCH_MIN = 2;
export const SEARCH_MAX = 200;
/**
 * The most posts one search reaches. A search text ranks only the newest SEARCH_MAX_RESULTS matching posts,
 * so a word that is in half the forum costs what a rarer one does; totalCount is then at most this
 * (docs/API.md "Search").
 */
export const SEARCH_MAX_RESULTS = 1000;

export const SEARCH_MSG = {
  tooShort: `Search must be at least ${SEARCH_MIN} characters`,
  tooLong: `Search must be at most ${SEARCH_MAX} characters`,
  unknownProfession: 'Unknown profession',
} as const;

// ——— Posts and comments ———

export const POST_TITLE_MIN = 5;
export const POST_TITLE_MAX = 150;
export const POST_CONTENT_MIN = 10;
export const POST_CONTENT_MAX = 20_000;
export const COMMENT_MAX = 10_000;
/** Comments on the post page and the most one GET …/comments returns. */
export const COMMENTS_PAGE = 200;
/**
 * A device's own id for a post or comment it may send more than once (offline writes, a lost answer):
 * the same author and id are the same write. nanoid's alphabet, long enough not to collide.
 */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export const FORUM_MSG = {
  titleMin: `Title must be at least ${POST_TITLE_MIN} characters`,
  titleMax: `Title must be at most ${POST_TITLE_MAX} characters`,
  contentMin: `Content must be at least ${POST_CONTENT_MIN} characters`,
  contentMax: `Content must be at most ${POST_CONTENT_MAX} characters`,
  chooseCategory: 'Please choose a category',
  commentEmpty: 'Comment cannot be empty',
  commentMax: `Comment must be at most ${COMMENT_MAX} characters`,
  nothingToUpdate: 'Nothing to update',
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  parentGone: 'The comment you are replying to no longer exists',
  locked: 'This discussion is locked. New comments are not allowed.',
  editOwnPost: 'You can only edit your own posts',
  deleteOwnPost: 'You can only delete your own posts',
  editOwnComment: 'You can only edit your own comments',
  deleteOwnComment: 'You can only delete your own comments',
  postDeleted: 'Post deleted',
  commentDeleted: 'Comment deleted',
  clientId: 'clientId must be 8 to 64 letters, digits, underscores or hyphens',
  clientIdOtherPost: 'This clientId was already used for a comment on another post',
  // Solved answers (issue 33).
  notQa: 'Answers can only be accepted in a Q&A category',
  acceptNotAllowed: 'Only the question’s author or a moderator can choose its answer',
  answerComment: 'commentId must be the id of a reply',
  answerAccepted: 'Answer accepted',
  answerCleared: 'Answer no longer marked',
} as const;

// ——— Votes, reactions, shares ———

export const VOTE_TYPES = ['upvote', 'downvote'] as const;

export const ENGAGEMENT_MSG = {
  /** Spec §5, word for word: what a guest is told when voting. */
  voteLoginRequired: 'Login required: Please log in to vote on posts and comments',
  voteType: 'Vote type must be upvote or downvote',
  unknownReaction: 'Unknown reaction',
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  shareLimited: 'Too many shares from your connection. Please wait a minute and try again.',
} as const;

export const SHARE_PLATFORMS = ['native', 'facebook', 'x', 'linkedin', 'whatsapp', 'email', 'copy'] as const;
export const SHARE_METHODS = ['native', 'web', 'clipboard'] as const;
/** Spec §9: mobile below 768 px wide, tablet below 1024, desktop otherwise. */
export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop'] as const;

export const SHARE_UTM_MAX = 100;
export const SHARE_REFERRER_MAX = 2000;
export const SHARE_ERROR_MAX = 500;
