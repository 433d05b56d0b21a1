import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { REACTION_EMOJI } from '../reactions.ts';
import {
  DEVICE_TYPES,
  ENGAGEMENT_MSG,
  SHARE_ERROR_MAX,
  SHARE_METHODS,
  SHARE_PLATFORMS,
  SHARE_REFERRER_MAX,
  SHARE_UTM_MAX,
  VOTE_TYPES,
} from '../rules/forum.ts';
import { ZReactionSummary, ZTargetParams, ZUserReactions, ZVoteType } from './forum.ts';

// Votes, reactions and shares (spec §3 Reaction summary and Share event, §4 Vote, §7, §9; docs/API.md
// "Votes, reactions, shares"). Server and client validate with the same schemas; limits and messages
// are in common/rules/forum.ts.

// ---- Votes (spec §4) ----

export const ZVoteRequest = z.object({
  voteType: z.enum(VOTE_TYPES, { error: ENGAGEMENT_MSG.voteType }),
});
export type TVoteRequest = z.infer<typeof ZVoteRequest>;

/** The counts after the vote, and the voter's vote now (null once the same vote again removed it). */
export const ZVoteResponse = z.object({
  upvotes: z.number(),
  downvotes: z.number(),
  userVote: ZVoteType.nullable(),
});
export type TVoteResponse = z.infer<typeof ZVoteResponse>;

/** Toggle or switch the member's vote on a post; answers the fresh counts and the vote now. */
export const votePost = endpoint({
  method: 'POST',
  path: '/api/forum/posts/:id/vote',
  params: ZTargetParams,
  body: ZVoteRequest,
  responses: { 200: ZVoteResponse },
  errors: [400, 401, 404, 429],
});

/** The same on a comment. */
export const voteComment = endpoint({
  method: 'POST',
  path: '/api/forum/comments/:id/vote',
  params: ZTargetParams,
  body: ZVoteRequest,
  responses: { 200: ZVoteResponse },
  errors: [400, 401, 404, 429],
});

// ---- Reactions (spec §3, §9) ----

// Spec §3 Reaction summary and user reactions live in forum.ts (the post page embeds them); the
// reaction calls answer with the same shapes.
export { ZReactionSummary, ZUserReactions, type TReactionSummary, type TUserReactions } from './forum.ts';

export const ZReactionRequest = z.object({
  emoji: z.enum(REACTION_EMOJI, { error: ENGAGEMENT_MSG.unknownReaction }),
});
export type TReactionRequest = z.infer<typeof ZReactionRequest>;

/** After a toggle: whether it was added (false: removed), the target's summary, and the member's reactions on it. */
export const ZReactionToggleResponse = z.object({
  added: z.boolean(),
  reactions: ZReactionSummary,
  userReactions: z.array(z.string()),
});
export type TReactionToggleResponse = z.infer<typeof ZReactionToggleResponse>;

/** A post's reaction summary; anyone may read it. */
export const getPostReactions = endpoint({
  method: 'GET',
  path: '/api/forum/posts/:id/reactions',
  params: ZTargetParams,
  responses: { 200: ZReactionSummary },
  errors: [400, 404],
});

/** A comment's reaction summary; anyone may read it. */
export const getCommentReactions = endpoint({
  method: 'GET',
  path: '/api/forum/comments/:id/reactions',
  params: ZTargetParams,
  responses: { 200: ZReactionSummary },
  errors: [400, 404],
});

/** A member adds an emoji to a post, or removes it when already there; answers the summary and their own. */
export const reactToPost = endpoint({
  method: 'POST',
  path: '/api/forum/posts/:id/reactions',
  params: ZTargetParams,
  body: ZReactionRequest,
  responses: { 200: ZReactionToggleResponse },
  errors: [400, 401, 404, 429],
});

/** The same on a comment. */
export const reactToComment = endpoint({
  method: 'POST',
  path: '/api/forum/comments/:id/reactions',
  params: ZTargetParams,
  body: ZReactionRequest,
  responses: { 200: ZReactionToggleResponse },
  errors: [400, 401, 404, 429],
});

/** The member's own reactions on a post and its comments. */
export const getUserReactions = endpoint({
  method: 'GET',
  path: '/api/forum/posts/:id/user-reactions',
  params: ZTargetParams,
  responses: { 200: ZUserReactions },
  errors: [400, 401, 404],
});

// ---- Shares (spec §3 Share event) ----

// Optional text: absent, null and '' all mean "not given" (stored as NULL).
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : undefined));

export const ZShareEvent = z.object({
  postId: z
    .number({ error: 'Post id must be a number' })
    .int('Post id must be a whole number')
    .positive('Post id must be a whole number')
    .max(2_147_483_647, 'Post id is too large'),
  platform: z.enum(SHARE_PLATFORMS, { error: `Platform must be one of ${SHARE_PLATFORMS.join(', ')}` }),
  shareMethod: z.enum(SHARE_METHODS, { error: `Share method must be one of ${SHARE_METHODS.join(', ')}` }),
  utmSource: optionalText('UTM source', SHARE_UTM_MAX),
  utmMedium: optionalText('UTM medium', SHARE_UTM_MAX),
  utmCampaign: optionalText('UTM campaign', SHARE_UTM_MAX),
  utmContent: optionalText('UTM content', SHARE_UTM_MAX),
  referrerUrl: optionalText('Referrer URL', SHARE_REFERRER_MAX),
  deviceType: z.enum(DEVICE_TYPES, { error: `Device type must be one of ${DEVICE_TYPES.join(', ')}` }),
  success: z.boolean({ error: 'Success must be true or false' }),
  errorMessage: optionalText('Error message', SHARE_ERROR_MAX),
});
export type TShareEvent = z.input<typeof ZShareEvent>;
export type TShareEventParsed = z.output<typeof ZShareEvent>;

export const ZShareResponse = z.object({ shareCount: z.number() });
export type TShareResponse = z.infer<typeof ZShareResponse>;

/** Records a share attempt (anyone); a successful one adds to the post's share count. */
export const sharePost = endpoint({
  method: 'POST',
  path: '/api/forum/posts/share',
  body: ZShareEvent,
  responses: { 201: ZShareResponse },
  errors: [400, 404, 429],
});
