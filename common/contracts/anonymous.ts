import { z } from 'zod';
import { ANONYMOUS_MSG, REVEAL_REASON_MAX, REVEAL_REASON_MIN } from '../rules/anonymous.ts';
import { endpoint } from './endpoint.ts';
import { ZTargetParams } from './forum.ts';

// Issue 32, a protected voice (ADR 0022; docs/API.md "Anonymous posts"): what the editor asks before
// offering "Post anonymously", an admin's reveal, and blocking an anonymous author without learning who.

/**
 * GET /api/forum/anonymous-voice: whether the caller may write anonymously (trust level 2), and the
 * parts their label can show: their verified badge's network, their courier profile's home area.
 */
export const ZAnonymousVoice = z.object({
  allowed: z.boolean(),
  /** Why not, when not allowed (ANONYMOUS_MSG.trustTooLow). */
  message: z.string().nullable(),
  /** The network of their verified courier badge ("evri"); null without one. */
  network: z.string().nullable(),
  /** Their courier profile's home area ("LS"); null when not set. */
  area: z.string().nullable(),
});
export type TAnonymousVoice = z.infer<typeof ZAnonymousVoice>;

export const getAnonymousVoice = endpoint({
  method: 'GET',
  path: '/api/forum/anonymous-voice',
  responses: { 200: ZAnonymousVoice },
  errors: [401, 403],
});

/** An admin's written reason for revealing who wrote an anonymous post or reply. */
export const ZRevealRequest = z.object({
  reason: z
    .string({ error: ANONYMOUS_MSG.revealReason })
    .trim()
    .min(REVEAL_REASON_MIN, ANONYMOUS_MSG.revealReason)
    .max(REVEAL_REASON_MAX, ANONYMOUS_MSG.revealReason),
});
export type TRevealRequest = z.infer<typeof ZRevealRequest>;

/** The account behind it (null once deleted); the reveal is in the audit log as post.reveal_author. */
export const ZRevealAnswer = z.object({
  author: z.object({ id: z.number(), username: z.string() }).nullable(),
});
export type TRevealAnswer = z.infer<typeof ZRevealAnswer>;

/** Admins only, with a reason (audited). 400 when it was not written anonymously. */
export const revealPostAuthor = endpoint({
  method: 'POST',
  path: '/api/admin/posts/:id/reveal',
  params: ZTargetParams,
  body: ZRevealRequest,
  responses: { 200: ZRevealAnswer },
  errors: [400, 401, 403, 404],
});

export const revealCommentAuthor = endpoint({
  method: 'POST',
  path: '/api/admin/comments/:id/reveal',
  params: ZTargetParams,
  body: ZRevealRequest,
  responses: { 200: ZRevealAnswer },
  errors: [400, 401, 403, 404],
});

/**
 * POST /api/blocks/anonymous: block whoever wrote an anonymous post or reply. The account is blocked (it
 * stops reaching the caller), but the answer and the block list name only the content it came from.
 */
export const ZAnonymousBlockRequest = z
  .object({
    postId: z.number({ error: 'postId must be a number' }).int().positive().max(2_147_483_647).optional(),
    commentId: z.number({ error: 'commentId must be a number' }).int().positive().max(2_147_483_647).optional(),
  })
  .refine((v) => (v.postId === undefined) !== (v.commentId === undefined), { message: 'Name the post or the reply (one of postId, commentId)' });
export type TAnonymousBlockRequest = z.infer<typeof ZAnonymousBlockRequest>;

/** A block made from anonymous content, as its blocker's list shows it: never the account. */
export const ZAnonymousBlock = z.object({
  id: z.number(),
  /** ANONYMOUS_BLOCK_NAME. */
  name: z.string(),
  /** The label of the content it was made from ("A verified Evri courier in LS"). */
  anonymousAs: z.string(),
  /** The post or reply it was made from (one of them; null once gone): the client collapses that one. */
  postId: z.number().nullable(),
  commentId: z.number().nullable(),
  blockedAt: z.string(),
});
export type TAnonymousBlock = z.infer<typeof ZAnonymousBlock>;

export const createAnonymousBlock = endpoint({
  method: 'POST',
  path: '/api/blocks/anonymous',
  body: ZAnonymousBlockRequest,
  responses: { 201: ZAnonymousBlock },
  errors: [400, 401, 404],
});

export const listAnonymousBlocks = endpoint({
  method: 'GET',
  path: '/api/blocks/anonymous',
  responses: { 200: z.array(ZAnonymousBlock) },
  errors: [401],
});

/** Lifts a block made from anonymous content; 204 whether or not there was one. */
export const deleteAnonymousBlock = endpoint({
  method: 'DELETE',
  path: '/api/blocks/anonymous/:id',
  params: ZTargetParams,
  responses: { 204: null },
  errors: [400, 401],
});
