import { z } from 'zod';
import { REVIEW_MODES } from '../rules/trust.ts';
import {
  HELD_REASONS,
  HELD_STATUSES,
  REJECT_REASON_MAX,
  REJECT_REASON_MIN,
  REVIEW_FIRST_ITEMS_MAX,
  REVIEW_MSG,
  WATCHED_ACTIONS,
  WATCHED_MSG,
  WATCHED_PHRASE_MAX,
} from '../rules/review.ts';
import { endpoint } from './endpoint.ts';
import { ZHeldItem } from './forum.ts';
import { ZAdminIdParams, ZAdminMessage } from './moderation.ts';

// The review queue and the watched words (issue 28, items 3 and 4; docs/API.md "Review queue and
// watched words"). Moderators (and admins) work the queue beside the reports; the watched words and
// the review setting are admins'. Every decision and change is audited. Limits and wording:
// common/rules/review.ts.

// ——— The author's own held items ———

export const ZOwnHeldList = z.object({ items: z.array(ZHeldItem) });
export type TOwnHeldList = z.infer<typeof ZOwnHeldList>;

/** A member's own posts and comments awaiting approval, newest first (nobody else sees them). */
export const listOwnHeld = endpoint({
  method: 'GET',
  path: '/api/forum/held',
  responses: { 200: ZOwnHeldList },
  errors: [401, 403],
});

// ——— The queue (moderators) ———

export const ZHeldStatus = z.enum(HELD_STATUSES, { error: REVIEW_MSG.statusInvalid });
export type THeldStatus = z.infer<typeof ZHeldStatus>;

export const ZReviewQuery = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), ZHeldStatus.default('pending')),
  page: z
    .preprocess((v) => (v === '' ? undefined : v), z.coerce.number({ error: REVIEW_MSG.pageInvalid }).int(REVIEW_MSG.pageInvalid).max(100_000, REVIEW_MSG.pageInvalid).default(1))
    .transform((p) => Math.max(1, p)),
});
export type TReviewQuery = z.infer<typeof ZReviewQuery>;

/** A held item as the queue shows it: the item, its author, why it was held, and the decision. */
export const ZAdminHeldItem = ZHeldItem.extend({
  /** Null too when written anonymously (its `anonymousAs` says so): moderators judge the words, not the account. */
  author: z.object({ id: z.number(), username: z.string(), joinedAt: z.string(), trustLevel: z.number() }).nullable(),
  reason: z.enum(HELD_REASONS),
  /** The watched word that held it (the admin's phrase), if one did. */
  matched: z.string().nullable(),
  decidedBy: z.object({ username: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  /** Where the approved post or comment is now (null until approved, or once it is gone). */
  href: z.string().nullable(),
});
export type TAdminHeldItem = z.infer<typeof ZAdminHeldItem>;

export const ZAdminHeldList = z.object({
  items: z.array(ZAdminHeldItem),
  totalCount: z.number(),
  hasMore: z.boolean(),
  pendingCount: z.number(),
});
export type TAdminHeldList = z.infer<typeof ZAdminHeldList>;

export const ZRejectRequest = z.object({
  reason: z.string({ error: REVIEW_MSG.rejectReasonMin }).trim().min(REJECT_REASON_MIN, REVIEW_MSG.rejectReasonMin).max(REJECT_REASON_MAX, REVIEW_MSG.rejectReasonMax),
});
export type TRejectRequest = z.infer<typeof ZRejectRequest>;

export const ZReviewDecision = z.object({ message: z.string(), item: ZAdminHeldItem });
export type TReviewDecision = z.infer<typeof ZReviewDecision>;

/** The queue by status, oldest pending first (newest first for decided ones), 50 a page. */
export const listHeldItems = endpoint({
  method: 'GET',
  path: '/api/admin/review',
  query: ZReviewQuery,
  responses: { 200: ZAdminHeldList },
  errors: [400, 401, 403],
});

/**
 * Publishes a held item as its author wrote it, through the forum's own create path (followers and
 * mentions are told now), and tells the author. 409 once decided; 404 missing; 409 when its post is
 * gone or its author's account no longer active (reject it instead).
 */
export const approveHeldItem = endpoint({
  method: 'POST',
  path: '/api/admin/review/:id/approve',
  params: ZAdminIdParams,
  responses: { 200: ZReviewDecision },
  errors: [400, 401, 403, 404, 409],
});

/** Rejects a held item with a reason the author is told. 409 once decided. */
export const rejectHeldItem = endpoint({
  method: 'POST',
  path: '/api/admin/review/:id/reject',
  params: ZAdminIdParams,
  body: ZRejectRequest,
  responses: { 200: ZReviewDecision },
  errors: [400, 401, 403, 404, 409],
});

// ——— The review setting (admins) ———

export const ZReviewSettings = z.object({
  /** risky: a new member's first items are held when they carry a link or a watched word; all: every one. */
  mode: z.enum(REVIEW_MODES, { error: REVIEW_MSG.modeInvalid }),
  /** How many of a level-0 member's first posts and comments the queue may hold (0: none). */
  firstItems: z.number({ error: REVIEW_MSG.firstItemsInvalid }).int(REVIEW_MSG.firstItemsInvalid).min(0, REVIEW_MSG.firstItemsInvalid).max(REVIEW_FIRST_ITEMS_MAX, REVIEW_MSG.firstItemsInvalid),
});
export type TReviewSettings = z.infer<typeof ZReviewSettings>;

export const getReviewSettings = endpoint({
  method: 'GET',
  path: '/api/admin/review-settings',
  responses: { 200: ZReviewSettings },
  errors: [401, 403],
});

/** Audited (review.settings). */
export const updateReviewSettings = endpoint({
  method: 'PUT',
  path: '/api/admin/review-settings',
  body: ZReviewSettings,
  responses: { 200: ZReviewSettings },
  errors: [400, 401, 403],
});

// ——— Watched words (admins) ———

export const ZWatchedAction = z.enum(WATCHED_ACTIONS, { error: WATCHED_MSG.actionInvalid });

export const ZWatchedWord = z.object({
  id: z.number(),
  phrase: z.string(),
  action: ZWatchedAction,
  createdAt: z.string(),
  createdBy: z.object({ username: z.string() }).nullable(),
});
export type TWatchedWord = z.infer<typeof ZWatchedWord>;

export const ZWatchedWordList = z.object({ words: z.array(ZWatchedWord) });
export type TWatchedWordList = z.infer<typeof ZWatchedWordList>;

/** Spaces inside are made one; `*` is the only wildcard, every other sign is matched as itself. */
export const ZCreateWatchedWord = z.object({
  phrase: z
    .string({ error: WATCHED_MSG.phraseRequired })
    .trim()
    .min(1, WATCHED_MSG.phraseRequired)
    .max(WATCHED_PHRASE_MAX, WATCHED_MSG.phraseMax)
    .refine((p) => !/[\r\n\u2028\u2029]/.test(p), WATCHED_MSG.phraseLine),
  action: ZWatchedAction,
});
export type TCreateWatchedWord = z.infer<typeof ZCreateWatchedWord>;

/** Every watched word, by phrase. */
export const listWatchedWords = endpoint({
  method: 'GET',
  path: '/api/admin/watched-words',
  responses: { 200: ZWatchedWordList },
  errors: [401, 403],
});

/** Adds a word (audited); every process applies it before the next write. 409 when it is on the list. */
export const createWatchedWord = endpoint({
  method: 'POST',
  path: '/api/admin/watched-words',
  body: ZCreateWatchedWord,
  responses: { 201: ZWatchedWord },
  errors: [400, 401, 403, 409],
});

/** Removes a word (audited). */
export const deleteWatchedWord = endpoint({
  method: 'DELETE',
  path: '/api/admin/watched-words/:id',
  params: ZAdminIdParams,
  responses: { 200: ZAdminMessage },
  errors: [400, 401, 403, 404],
});
