import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { REACTION_EMOJI } from '../reactions.ts';
import { VOTE_TYPES, ZReactionSummary, ZVoteType } from './forum.ts';

// Votes, reactions and shares (spec §3 Reaction summary and Share event, §4 Vote, §7, §9; docs/API.md
// "Votes, reactions, shares"). Server and client validate with the same schemas.

export const ENGAGEMENT_MSG = {
  /** Spec §5, word for word: what a guest is told when voting. */
  voteLoginRequired: 'Login required: Please log in to vote on posts and comments',
  voteType: 'Vote type must be upvote or downvote',
  unknownReaction: 'Unknown reaction',
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  shareLimited: 'Too many shares from your connection. Please wait a minute and try again.',
} as const;

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

// ---- Shares (spec §3 Share event) ----

export const SHARE_PLATFORMS = ['native', 'facebook', 'x', 'linkedin', 'whatsapp', 'email', 'copy'] as const;
export const SHARE_METHODS = ['native', 'web', 'clipboard'] as const;
/** Spec §9: mobile below 768 px wide, tablet below 1024, desktop otherwise. */
export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop'] as const;

export const SHARE_UTM_MAX = 100;
export const SHARE_REFERRER_MAX = 2000;
export const SHARE_ERROR_MAX = 500;

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
