import { z } from 'zod';
import { PAGE_SIZE, PAGE_SIZE_MAX } from '../rules/site.ts';
import {
  CLIENT_ID_PATTERN,
  COMMENT_MAX,
  COMMENTS_PAGE,
  FORUM_MSG,
  LIST_MSG,
  LIST_SORTS,
  POST_CONTENT_MAX,
  POST_CONTENT_MIN,
  POST_TITLE_MAX,
  POST_TITLE_MIN,
  SORTS,
  TOP_PERIODS,
  VOTE_TYPES,
} from '../rules/forum.ts';
import { HELD_KINDS, HELD_STATUSES } from '../rules/review.ts';
import { endpoint } from './endpoint.ts';
import { ZPoll, ZPollRequest, ZPollVoteRequest } from './polls.ts';
import { ZCourierFacts, ZPostcodeArea, ZVerifiedBadge } from './courier.ts';
import {
  ALERT_CONTENT_MAX,
  ALERT_HOURS,
  ALERT_HOURS_DEFAULT,
  ALERT_KINDS,
  ALERT_PLACE_MAX,
  AREAS_PER_POST_MAX,
  LABEL_MSG,
  TAG_SLUG_MAX,
  TAGS_PER_POST_MAX,
} from '../rules/labels.ts';

// Forum contracts (spec §3 Post/Category, §7; docs/API.md "Posts and comments"): the post list and
// page, writing posts and comments, and the categories. Limits and messages are in common/rules/forum.ts.

/** Spec §3 Category, plus the number of (not deleted) posts in it. */
export const ZCategory = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  color: z.string(),
  postCount: z.number(),
  /** Issue 33: a Q&A category, where a post's author or a moderator accepts one reply as the answer. */
  isQa: z.boolean(),
  /** Issue 32 (ADR 0022): members at trust level 2 may post and reply here anonymously. */
  allowAnonymous: z.boolean(),
});
export type TCategory = z.infer<typeof ZCategory>;

/** The category as embedded in a post (spec §3 lists exactly these fields). */
export const ZPostCategory = ZCategory.pick({ id: true, name: true, slug: true, color: true, description: true });
export type TPostCategory = z.infer<typeof ZPostCategory>;

export const ZPostAuthor = z.object({
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string(),
  statusText: z.string(),
  /** Issue 32: the courier profile's fields its member shows everyone; absent when none. */
  courier: ZCourierFacts.optional(),
  /** Issue 32: the verified courier badge ("Verified Evri courier"); absent when none. */
  verified: ZVerifiedBadge.optional(),
});
export type TPostAuthor = z.infer<typeof ZPostAuthor>;

export const ZVoteType = z.enum(VOTE_TYPES);
export type TVoteType = z.infer<typeof ZVoteType>;

/** Issue 32: a tag as a post shows it (its page is /tags/{slug}). */
export const ZPostTag = z.object({ slug: z.string(), name: z.string() });
export type TPostTag = z.infer<typeof ZPostTag>;

export const ZPostAlert = z.object({ kind: z.enum(ALERT_KINDS), place: z.string(), expiresAt: z.string() });
export type TPostAlert = z.infer<typeof ZPostAlert>;

/** Spec §3 Post. `author` is null once the author deleted their account (shown as 'Anonymous'). */
export const ZPost = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** Markdown source. In lists it is the excerpt-sized text (see the list endpoint); the post page has it all. */
  content: z.string(),
  createdAt: z.string(), // ISO 8601
  viewCount: z.number(),
  commentCount: z.number(),
  upvotes: z.number(),
  downvotes: z.number(),
  shareCount: z.number(),
  isPinned: z.boolean(),
  isLocked: z.boolean(),
  /** The signed-in reader's vote on the post; null for guests and for no vote. */
  userVote: ZVoteType.nullable(),
  category: ZPostCategory,
  author: ZPostAuthor.nullable(),
  /**
   * Issue 32 (ADR 0022): written anonymously: the label shown instead of the author ("A verified Evri courier
   * in LS"); `author` is then null. Absent otherwise.
   */
  anonymousAs: z.string().optional(),
  /** Issue 18, signed-in readers only (absent for guests): the reader saved the post (bookmarks). */
  bookmarked: z.boolean().optional(),
  /**
   * Issue 18, in GET /api/forum/posts for signed-in readers only: written by someone else after the
   * reader's previous visit ended (false on their first visit).
   */
  isNew: z.boolean().optional(),
  /**
   * Issue 30, in lists sorted by latest activity (sortBy=active) only: when the post's newest visible reply
   * was written (ISO 8601); absent when it has none, so its place is its creation.
   */
  lastReplyAt: z.string().optional(),
  /** Issue 33, posts in a Q&A category only: a reply is accepted as the answer. */
  solved: z.boolean().optional(),
  /** Issue 32: its tags (at most 3) and the postcode areas it is about (at most 3, "LS"). */
  tags: z.array(ZPostTag),
  areas: z.array(z.string()),
  /** Issue 32, a local alert only: its kind, place name ('' when none) and when it stops showing on the area's page. */
  alert: ZPostAlert.optional(),
  /** Issue 33: it carries a poll (the post page has it whole, `poll`). Absent otherwise. */
  hasPoll: z.literal(true).optional(),
});
export type TPost = z.infer<typeof ZPost>;

/** Spec §3 List response. */
export const ZPostList = z.object({
  posts: z.array(ZPost),
  totalCount: z.number(),
  hasMore: z.boolean(),
  /** With sortBy=top: the period the list covers (the one asked for, or the default chosen). */
  period: z.enum(TOP_PERIODS).optional(),
});
export type TPostList = z.infer<typeof ZPostList>;

export const ZSort = z.enum(SORTS, { error: `Sort must be one of ${SORTS.join(', ')}` });
/** The post list's sorts: the search's and 'top' (issue 18). */
export const ZListSort = z.enum(LIST_SORTS, { error: `Sort must be one of ${LIST_SORTS.join(', ')}` });

// Query strings arrive as strings; an empty value (`?category=`) means the parameter is absent.
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const intParam = (message: string) => z.coerce.number({ error: message }).int(message).max(1_000_000, message);

/** GET /api/forum/posts query. Page below 1 is page 1 (spec §5); limit is clamped to 1…PAGE_SIZE_MAX. */
export const ZListPostsQuery = z.object({
  page: z.preprocess(emptyToUndefined, intParam('Page must be a whole number').default(1)).transform((p) => Math.max(1, p)),
  limit: z
    .preprocess(emptyToUndefined, intParam('Limit must be a whole number').default(PAGE_SIZE))
    .transform((l) => Math.min(PAGE_SIZE_MAX, Math.max(1, l))),
  sortBy: z.preprocess(emptyToUndefined, ZListSort.default('newest')),
  /** With sortBy=top: how far back (absent: the server's choice, see common/rules/forum.ts topPeriodSince); ignored by other sorts. */
  period: z.preprocess(emptyToUndefined, z.enum(TOP_PERIODS, { error: LIST_MSG.period }).optional()),
  /** 'true': only posts without comments (issue 18); combines with category and every sort. */
  unanswered: z
    .preprocess(emptyToUndefined, z.enum(['true', 'false'], { error: LIST_MSG.unanswered }).default('false'))
    .transform((v) => v === 'true'),
  /** Issue 33: 'true' only posts with an accepted answer, 'false' only Q&A posts without one; absent, every post. */
  solved: z
    .preprocess(emptyToUndefined, z.enum(['true', 'false'], { error: LIST_MSG.solved }).optional())
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** A category slug or numeric id. */
  category: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(100).optional()),
  /** Issue 32: only posts with this tag (its slug; an unknown one is 404) or about this postcode area. */
  tag: z.preprocess(emptyToUndefined, z.string().trim().toLowerCase().max(TAG_SLUG_MAX, LABEL_MSG.tagNotFound).optional()),
  area: z.preprocess(emptyToUndefined, ZPostcodeArea.optional()),
  /** 'false': pinned posts are ordered like the others (the landing's newest posts), not on top. */
  pinnedFirst: z
    .preprocess(emptyToUndefined, z.enum(['true', 'false'], { message: 'pinnedFirst must be true or false' }).default('true'))
    .transform((v) => v === 'true'),
});
export type TListPostsQuery = z.infer<typeof ZListPostsQuery>;

export const ZCategoryList = z.array(ZCategory);

// ——— Post page, writing posts and comments (docs/API.md "Posts and comments") ———

/**
 * `:id` of /api/forum/{posts,comments}/:id/…. Anything that is not a plausible id (letters, zero, more
 * digits than an int4 holds) becomes 0, which matches no row, so the route answers 404 like for any
 * other missing post or comment rather than a 400 or a database range error.
 */
export const ZTargetParams = z.object({
  id: z
    .string()
    .max(32)
    .transform((s) => (/^[1-9]\d{0,8}$/.test(s) ? Number(s) : 0)),
});

/** `:idOrSlug` of the post page: all digits is an id, anything else a slug. */
const ZIdOrSlugParams = z.object({ idOrSlug: z.string().max(200) });

const ZMessage = z.object({ message: z.string() });

/** Spec §3 Reaction summary: emoji → {count}, the top ten by count, most first. */
export const ZReactionSummary = z.record(z.string(), z.object({ count: z.number() }));
export type TReactionSummary = z.infer<typeof ZReactionSummary>;

/** Spec §3 user reactions: the reader's own emoji on the post, and on comments keyed by comment id. */
export const ZUserReactions = z.object({
  postReactions: z.array(z.string()),
  commentReactions: z.record(z.string(), z.array(z.string())),
});
export type TUserReactions = z.infer<typeof ZUserReactions>;

/**
 * A comment. Replies carry their parent's id; the list is flat, oldest first. A deleted comment is only
 * listed while it has replies, as a placeholder: isDeleted, empty content, no author. `parentId` may name a
 * comment that is not in the list (on an earlier page, or deleted without remaining replies).
 */
export const ZComment = z.object({
  id: z.number(),
  postId: z.number(),
  parentId: z.number().nullable(),
  content: z.string(),
  contentHtml: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  isDeleted: z.boolean(),
  /**
   * Issue 28: a deleted comment that members' flags hid while moderators review it (shown as "Hidden
   * while moderators review it", never "deleted"); sent only then, as true.
   */
  isHidden: z.boolean().optional(),
  upvotes: z.number(),
  downvotes: z.number(),
  userVote: ZVoteType.nullable(),
  author: ZPostAuthor.nullable(),
  /** Issue 32: as ZPost's. */
  anonymousAs: z.string().optional(),
  /** The reader may edit and delete it (its author, or an admin). */
  canEdit: z.boolean(),
  reactions: ZReactionSummary,
});
export type TComment = z.infer<typeof ZComment>;

/**
 * A post or comment held for a moderator (issue 28, the review queue): not a post or comment until
 * approved. Shown to its author only, marked "Awaiting approval"; `content` is the markdown as
 * written (the client shows it as its editor's preview does, links as text).
 */
export const ZHeldItem = z.object({
  id: z.number(),
  kind: z.enum(HELD_KINDS),
  status: z.enum(HELD_STATUSES),
  /** A post's title; null for a comment. */
  title: z.string().nullable(),
  content: z.string(),
  createdAt: z.string(),
  /** A post's category; null for a comment. */
  category: z.object({ id: z.number(), name: z.string(), slug: z.string(), color: z.string() }).nullable(),
  /** A comment's post; null for a post. */
  post: z.object({ id: z.number(), slug: z.string(), title: z.string() }).nullable(),
  /** The comment a held reply answers. */
  parentId: z.number().nullable(),
  /** A rejected item's reason, as the moderator gave it. */
  rejectReason: z.string().nullable(),
  /** Issue 32: written anonymously, the label it will be published under. */
  anonymousAs: z.string().optional(),
});
export type THeldItem = z.infer<typeof ZHeldItem>;

/** 202 of POST /api/forum/posts and …/comments: held for a moderator, not published. */
export const ZHeldAnswer = z.object({ held: z.literal(true), heldItem: ZHeldItem, message: z.string() });
export type THeldAnswer = z.infer<typeof ZHeldAnswer>;

/** Issue 33: the reply accepted as a Q&A post's answer, as the question shows it (a link to it in context). */
export const ZAcceptedAnswer = z.object({
  commentId: z.number(),
  author: ZPostAuthor.nullable(),
  /** Issue 32: as ZPost's. */
  anonymousAs: z.string().optional(),
  /** Its text, plain and cut short (the whole reply is in the thread). */
  excerpt: z.string(),
  createdAt: z.string(),
});
export type TAcceptedAnswer = z.infer<typeof ZAcceptedAnswer>;

/** GET /api/forum/posts/:idOrSlug: the whole post (full markdown in `content`) with its first comments. */
export const ZPostDetail = ZPost.extend({
  contentHtml: z.string(),
  editedAt: z.string().nullable(),
  /** The reader may edit and delete the post (its author, or an admin). */
  canEdit: z.boolean(),
  /** The reader is an admin: pin, lock, delete. */
  canModerate: z.boolean(),
  reactions: ZReactionSummary,
  userReactions: ZUserReactions,
  comments: z.array(ZComment),
  hasMoreComments: z.boolean(),
  /** The reader's own comments on this post awaiting approval (issue 28); absent for everyone else. */
  heldComments: z.array(ZHeldItem).optional(),
  /** Issue 33, posts in a Q&A category only: the accepted answer, or null. */
  acceptedAnswer: ZAcceptedAnswer.nullable().optional(),
  /** Issue 33: the reader may accept or clear the answer (the post's author or a moderator, in a Q&A category). */
  canAcceptAnswer: z.boolean().optional(),
  /** Issue 33: its poll, as this reader may see it; absent without one. */
  poll: ZPoll.optional(),
});
export type TPostDetail = z.infer<typeof ZPostDetail>;

export const ZCommentList = z.object({ comments: z.array(ZComment), hasMore: z.boolean() });
export type TCommentList = z.infer<typeof ZCommentList>;

const title = z
  .string({ error: FORUM_MSG.titleMin })
  .trim()
  .min(POST_TITLE_MIN, FORUM_MSG.titleMin)
  .max(POST_TITLE_MAX, FORUM_MSG.titleMax);
const postContent = z
  .string({ error: FORUM_MSG.contentMin })
  .trim()
  .min(POST_CONTENT_MIN, FORUM_MSG.contentMin)
  .max(POST_CONTENT_MAX, FORUM_MSG.contentMax);
/** A number, or a numeric string as a <select> gives it. */
const categoryId = z.coerce
  .number({ error: FORUM_MSG.chooseCategory })
  .int(FORUM_MSG.chooseCategory)
  .min(1, FORUM_MSG.chooseCategory)
  .max(2_147_483_647, FORUM_MSG.chooseCategory);

/** Sent again with the same id (offline writes), a post or comment is answered, not stored twice. */
const clientId = z.string({ error: FORUM_MSG.clientId }).regex(CLIENT_ID_PATTERN, FORUM_MSG.clientId).optional();

const unique = (a: string[]) => new Set(a).size === a.length;
/** Issue 32: tags by slug (the server knows which exist: an unknown one is 400 `Choose tags from the list`). */
const postTags = z
  .array(z.string({ error: LABEL_MSG.tagUnknown }).trim().toLowerCase().max(TAG_SLUG_MAX, LABEL_MSG.tagUnknown), { error: LABEL_MSG.tagUnknown })
  .max(TAGS_PER_POST_MAX, LABEL_MSG.tagsMax)
  .refine(unique, LABEL_MSG.repeated);
const postAreas = z
  .array(ZPostcodeArea, { error: LABEL_MSG.areaNotFound })
  .max(AREAS_PER_POST_MAX, LABEL_MSG.areasMax)
  .refine(unique, LABEL_MSG.repeated);
const alertPlace = z.string({ error: LABEL_MSG.alertPlace }).trim().max(ALERT_PLACE_MAX, LABEL_MSG.alertPlace);
/** Issue 32: a local alert: its kind, an optional place name, how many hours it shows (default 24). */
export const ZAlertRequest = z.object({
  kind: z.enum(ALERT_KINDS, { error: LABEL_MSG.alertKind }),
  place: alertPlace.default(''),
  hours: z
    .number({ error: LABEL_MSG.alertHours })
    .refine((h) => (ALERT_HOURS as readonly number[]).includes(h), LABEL_MSG.alertHours)
    .default(ALERT_HOURS_DEFAULT),
});

/**
 * Issue 32 (ADR 0022): write anonymously, showing the chosen parts of the label: the network of one's
 * verified courier badge, the home area of one's courier profile.
 */
export const ZAnonymousRequest = z.object(
  {
    network: z.boolean({ error: 'network must be true or false' }).default(false),
    area: z.boolean({ error: 'area must be true or false' }).default(false),
  },
  { error: 'anonymous must be an object' },
);
export type TAnonymousRequest = z.infer<typeof ZAnonymousRequest>;

export const ZCreatePostRequest = z
  .object({
    title,
    content: postContent,
    categoryId,
    clientId,
    tags: postTags.default([]),
    areas: postAreas.default([]),
    alert: ZAlertRequest.optional(),
    anonymous: ZAnonymousRequest.optional(),
    /** Issue 33: one poll; the post's title is its question. */
    poll: ZPollRequest.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.alert) return;
    if (v.areas.length !== 1) ctx.addIssue({ code: 'custom', path: ['areas'], message: LABEL_MSG.alertArea });
    if (v.content.length > ALERT_CONTENT_MAX) ctx.addIssue({ code: 'custom', path: ['content'], message: LABEL_MSG.alertContent });
  });
export type TCreatePostRequest = z.infer<typeof ZCreatePostRequest>;
export type TCreatePostInput = z.input<typeof ZCreatePostRequest>;

/**
 * Any of these; the slug stays as it was so links keep working. An alert keeps its one area (a change
 * naming another is refused) and its expiry; its kind and place may be corrected.
 */
export const ZUpdatePostRequest = z
  .object({
    title: title.optional(),
    content: postContent.optional(),
    categoryId: categoryId.optional(),
    tags: postTags.optional(),
    areas: postAreas.optional(),
    alert: z.object({ kind: ZAlertRequest.shape.kind.optional(), place: alertPlace.optional() }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: FORUM_MSG.nothingToUpdate });
export type TUpdatePostRequest = z.infer<typeof ZUpdatePostRequest>;

export const ZPinRequest = z.object({ pinned: z.boolean({ error: 'pinned must be true or false' }) });
export const ZLockRequest = z.object({ locked: z.boolean({ error: 'locked must be true or false' }) });
/** PUT /api/forum/posts/:id/answer: the reply to accept. */
export const ZAcceptAnswerRequest = z.object({
  commentId: z.number({ error: FORUM_MSG.answerComment }).int(FORUM_MSG.answerComment).min(1, FORUM_MSG.answerComment).max(2_147_483_647, FORUM_MSG.answerComment),
});

const commentContent = z.string({ error: FORUM_MSG.commentEmpty }).trim().min(1, FORUM_MSG.commentEmpty).max(COMMENT_MAX, FORUM_MSG.commentMax);

export const ZCreateCommentRequest = z.object({
  content: commentContent,
  /** The comment this one replies to (of the same post); absent or null for a top-level comment. */
  parentId: z.number({ error: FORUM_MSG.parentGone }).int(FORUM_MSG.parentGone).min(1, FORUM_MSG.parentGone).max(2_147_483_647, FORUM_MSG.parentGone).nullish(),
  clientId,
  /** Issue 32: as a post's (the post's category must allow it). */
  anonymous: ZAnonymousRequest.optional(),
});
export type TCreateCommentRequest = z.infer<typeof ZCreateCommentRequest>;

export const ZUpdateCommentRequest = z.object({ content: commentContent });
export type TUpdateCommentRequest = z.infer<typeof ZUpdateCommentRequest>;

/** GET /api/forum/posts/:id/comments: the comments after comment `after` (oldest first), `limit` 1…200. */
export const ZListCommentsQuery = z.object({
  after: z.preprocess(emptyToUndefined, intParam('after must be a comment id').min(1, 'after must be a comment id').optional()),
  limit: z
    .preprocess(emptyToUndefined, intParam('Limit must be a whole number').default(COMMENTS_PAGE))
    .transform((l) => Math.min(COMMENTS_PAGE, Math.max(1, l))),
});
export type TListCommentsQuery = z.infer<typeof ZListCommentsQuery>;

// ——— Endpoints ———

/** Spec §7: a page of posts, pinned first, then by the chosen sort; guests may read (a member also gets userVote). */
export const listPosts = endpoint({
  method: 'GET',
  path: '/api/forum/posts',
  query: ZListPostsQuery,
  responses: { 200: ZPostList },
  errors: [400, 404],
});

/** The post page: the whole post with its first comments; counts the reader's view. */
export const getPost = endpoint({
  method: 'GET',
  path: '/api/forum/posts/:idOrSlug',
  params: ZIdOrSlugParams,
  responses: { 200: ZPostDetail },
  errors: [400, 404],
});

/**
 * A verified member writes a post; answers its page. 429 when posting too fast. Sent again with the
 * same clientId, the post already stored is answered (201, nothing changes). 202 with the held item
 * when it waits for a moderator (issue 28: a new member's first posts with a link, a watched word);
 * sent again, the same held item (202). 400 names a blocked watched word.
 */
export const createPost = endpoint({
  method: 'POST',
  path: '/api/forum/posts',
  body: ZCreatePostRequest,
  responses: { 201: ZPostDetail, 202: ZHeldAnswer },
  errors: [400, 401, 403, 429],
});

/** Its author or an admin changes the title, text or category; answers the post page. */
export const updatePost = endpoint({
  method: 'PATCH',
  path: '/api/forum/posts/:id',
  params: ZTargetParams,
  body: ZUpdatePostRequest,
  responses: { 200: ZPostDetail },
  errors: [400, 401, 403, 404],
});

/** Its author or an admin deletes the post (soft). */
export const deletePost = endpoint({
  method: 'DELETE',
  path: '/api/forum/posts/:id',
  params: ZTargetParams,
  responses: { 200: ZMessage },
  errors: [400, 401, 403, 404],
});

/** An admin pins or unpins a post (audited); answers the post page. */
export const pinPost = endpoint({
  method: 'PUT',
  path: '/api/forum/posts/:id/pin',
  params: ZTargetParams,
  body: ZPinRequest,
  responses: { 200: ZPostDetail },
  errors: [400, 401, 403, 404],
});

/** An admin locks or unlocks a post's comments (audited); answers the post page. */
export const lockPost = endpoint({
  method: 'PUT',
  path: '/api/forum/posts/:id/lock',
  params: ZTargetParams,
  body: ZLockRequest,
  responses: { 200: ZPostDetail },
  errors: [400, 401, 403, 404],
});

/**
 * Issue 33: the post's author or a moderator accepts one of its replies as the answer (a Q&A category only;
 * a moderator's choice on another's post is audited); answers the post page. Accepting another replaces it.
 */
export const acceptAnswer = endpoint({
  method: 'PUT',
  path: '/api/forum/posts/:id/answer',
  params: ZTargetParams,
  body: ZAcceptAnswerRequest,
  responses: { 200: ZPostDetail },
  errors: [400, 401, 403, 404],
});

/** Issue 33: the accepted answer is no longer marked (same people as acceptAnswer); answers the post page. */
export const clearAnswer = endpoint({
  method: 'DELETE',
  path: '/api/forum/posts/:id/answer',
  params: ZTargetParams,
  responses: { 200: ZPostDetail },
  errors: [400, 401, 403, 404],
});

/** A further page of a post's comments, after comment `after`; guests may read. */
export const listComments = endpoint({
  method: 'GET',
  path: '/api/forum/posts/:id/comments',
  params: ZTargetParams,
  query: ZListCommentsQuery,
  responses: { 200: ZCommentList },
  errors: [400, 404],
});

/**
 * A verified member comments on a post or replies to a comment (403 on a locked post). Sent again with
 * the same clientId, the comment already stored is answered (201, nothing changes); 409 when that
 * clientId is a comment on another post. 202 with the held item when it waits for a moderator (issue
 * 28), as for a post.
 */
export const createComment = endpoint({
  method: 'POST',
  path: '/api/forum/posts/:id/comments',
  params: ZTargetParams,
  body: ZCreateCommentRequest,
  responses: { 201: ZComment, 202: ZHeldAnswer },
  errors: [400, 401, 403, 404, 409, 429],
});

/** Its author or an admin changes a comment's text. */
export const updateComment = endpoint({
  method: 'PATCH',
  path: '/api/forum/comments/:id',
  params: ZTargetParams,
  body: ZUpdateCommentRequest,
  responses: { 200: ZComment },
  errors: [400, 401, 403, 404],
});

/** Its author or an admin deletes a comment (soft: a placeholder stays while it has replies). */
export const deleteComment = endpoint({
  method: 'DELETE',
  path: '/api/forum/comments/:id',
  params: ZTargetParams,
  responses: { 200: ZMessage },
  errors: [400, 401, 403, 404],
});

/** Every category in display order, with its post count; guests may read. */
export const listCategories = endpoint({
  method: 'GET',
  path: '/api/forum/categories',
  responses: { 200: ZCategoryList },
  errors: [],
});

// ——— Polls (issue 33 part 1) ———

/** A verified member at the Basic trust level or above votes, changes or (with an empty list) withdraws their vote. */
export const votePoll = endpoint({
  method: 'PUT',
  path: '/api/forum/posts/:id/poll/vote',
  params: ZTargetParams,
  body: ZPollVoteRequest,
  responses: { 200: ZPoll },
  errors: [400, 401, 403, 404, 409, 429],
});

/** Its author or a moderator closes it now (audited for a moderator closing another's). */
export const closePoll = endpoint({
  method: 'POST',
  path: '/api/forum/posts/:id/poll/close',
  params: ZTargetParams,
  responses: { 200: ZPoll },
  errors: [400, 401, 403, 404, 409],
});
