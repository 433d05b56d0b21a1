import { z } from 'zod';
import { REPORT_ACTIONS, REPORT_QUEUE_MSG, REPORT_STATUSES } from '../rules/reports.ts';
import { endpoint } from './endpoint.ts';
import { ZReportTargetType } from './reports.ts';
import { ZPhoto } from './uploads.ts';

// Admin moderation: posts, the reports queue and categories (docs/API.md "Admin: moderation and
// categories"). Every call is admins only; every change is written to the audit log.

export const MODERATION_MSG = {
  categoryNotFound: 'Category not found',
  moveToNotFound: 'The category to move posts to does not exist',
  moveToSelf: 'Choose another category to move the posts to',
  categoryNotEmpty: "Move or delete this category's posts first",
  lastCategory: 'The forum needs at least one category',
  slugTaken: 'A category with this slug already exists',
  nameRequired: 'Name is required',
  nameMax: 'Name must be at most 50 characters',
  slugInvalid: 'Slug may only contain lower-case letters, numbers and hyphens',
  descriptionMax: 'Description must be at most 300 characters',
  colorInvalid: 'Colour must be a hex colour like #2563eb',
  orderInvalid: 'The order must list every category exactly once',
  nothingToUpdate: 'Nothing to update',
  postNotFound: 'Post not found',
  reportNotFound: 'Report not found',
  reportClosed: 'This report has already been closed',
  cannotDeleteMember: 'Members are suspended or deleted from the Members screen',
  cannotDeleteMessage: "A chat message is not deleted: remove its photo, or suspend the sender's chat",
  resolutionMax: 'Resolution must be at most 1000 characters',
} as const;

const id = (message: string) => z.coerce.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);

/** `:id` in /api/admin/…/:id; anything that is not an id matches nothing (404 like any missing row). */
export const ZAdminIdParams = z.object({
  id: z
    .string()
    .max(32)
    .transform((s) => (/^[1-9]\d{0,8}$/.test(s) ? Number(s) : 0)),
});

export const ZAdminMessage = z.object({ message: z.string() });

// ——— Posts ———

/** A post as the admin posts tool lists it. */
export const ZAdminPost = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  isPinned: z.boolean(),
  isLocked: z.boolean(),
  commentCount: z.number(),
  createdAt: z.string(),
  category: z.object({ id: z.number(), name: z.string(), slug: z.string(), color: z.string() }),
  author: z.object({ username: z.string() }).nullable(),
  /** Issue 32: written anonymously, the label shown instead of the author (who is then null). */
  anonymousAs: z.string().optional(),
});
export type TAdminPost = z.infer<typeof ZAdminPost>;

/** GET /api/admin/posts?q: a title, a slug or a pasted post address; absent → the newest posts. */
export const ZAdminPostsQuery = z.object({
  q: z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.string().max(300, 'Search must be at most 300 characters').optional()),
});
export const ZAdminPostList = z.object({ posts: z.array(ZAdminPost) });
export type TAdminPostList = z.infer<typeof ZAdminPostList>;

/** POST /api/admin/posts/:id/move. */
export const ZMovePostRequest = z.object({ categoryId: id(MODERATION_MSG.categoryNotFound) });
export type TMovePostRequest = z.infer<typeof ZMovePostRequest>;

/** The admin posts tool: live posts whose title contains q, or whose slug, address or id is q; newest first. */
export const listAdminPosts = endpoint({
  method: 'GET',
  path: '/api/admin/posts',
  query: ZAdminPostsQuery,
  responses: { 200: ZAdminPostList },
  errors: [400, 401, 403],
});

/** Moves a post to another category (audited). */
export const movePost = endpoint({
  method: 'POST',
  path: '/api/admin/posts/:id/move',
  params: ZAdminIdParams,
  body: ZMovePostRequest,
  responses: { 200: ZAdminPost },
  errors: [400, 401, 403, 404],
});

// ——— Reports queue ———

export const ZReportStatus = z.enum(REPORT_STATUSES, { error: REPORT_QUEUE_MSG.statusInvalid });
export type TReportStatus = z.infer<typeof ZReportStatus>;

export const ZAdminReportsQuery = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), ZReportStatus.default('open')),
  page: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: REPORT_QUEUE_MSG.pageInvalid }).int(REPORT_QUEUE_MSG.pageInvalid).max(100_000).default(1),
  ).transform((p) => Math.max(1, p)),
});
export type TAdminReportsQuery = z.infer<typeof ZAdminReportsQuery>;

/**
 * What was reported, as the queue shows it. `exists` is false once the post, comment or member is gone
 * (deleted by its author or an admin); `href` is where an admin can look at it (null for a chat
 * message: the queue item carries its conversation instead).
 */
export const ZReportTarget = z.object({
  type: ZReportTargetType,
  id: z.number(),
  exists: z.boolean(),
  href: z.string().nullable(),
  /** post: its title; comment or message: an excerpt of its text ('Photo' for a photo alone); user: @username. */
  label: z.string(),
  postTitle: z.string().nullable(),
  postSlug: z.string().nullable(),
  commentExcerpt: z.string().nullable(),
  username: z.string().nullable(),
  /** The author of the post, comment or message (or the member themselves). */
  authorUsername: z.string().nullable(),
  /** Their id (null: gone), for the queue's "Suspend chat" (issue 18). Always sent; optional for older fixtures. */
  authorId: z.number().nullable().optional(),
  /** Issue 32: written anonymously, the label shown instead of the author (who is then null). */
  anonymousAs: z.string().optional(),
  /**
   * Hidden by members' flags, waiting for a moderator (issue 28): resolving upholds the flags (it stays
   * removed), dismissing rejects them (it is restored). Always sent for posts and comments.
   */
  hidden: z.boolean().optional(),
  /** A removed (deleted or hidden) post's or comment's whole text as it was, for moderators; null otherwise. */
  removedContent: z.string().nullable().optional(),
});
export type TReportTarget = z.infer<typeof ZReportTarget>;

/** A message of a reported message's conversation, as the queue shows it; `reported` marks the one reported. */
export const ZReportContextMessage = z.object({
  id: z.number(),
  /** null when the sender's account was deleted. */
  senderUsername: z.string().nullable(),
  content: z.string(),
  photo: ZPhoto.nullable(),
  createdAt: z.string(),
  reported: z.boolean(),
});

export const ZAdminReport = z.object({
  id: z.number(),
  reason: z.string(),
  status: ZReportStatus,
  createdAt: z.string(),
  reporter: z.object({ id: z.number(), username: z.string() }).nullable(),
  target: ZReportTarget,
  /** Every report (any status) on the same target, this one included. */
  targetReportCount: z.number(),
  resolution: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.object({ username: z.string() }).nullable(),
  /** The photos the reported post, comment or message shows now (not removed ones): "Remove photo everywhere". */
  photos: z.array(ZPhoto),
  /**
   * A reported message only: it among the messages of its conversation around it (up to
   * REPORT_MESSAGE_CONTEXT before and after, oldest first). null for other targets.
   */
  conversation: z.object({ id: z.number(), messages: z.array(ZReportContextMessage) }).nullable(),
});
export type TAdminReport = z.infer<typeof ZAdminReport>;

export const ZAdminReportList = z.object({
  reports: z.array(ZAdminReport),
  totalCount: z.number(),
  hasMore: z.boolean(),
  /** Open reports, for the tab badge. */
  openCount: z.number(),
});
export type TAdminReportList = z.infer<typeof ZAdminReportList>;

const resolution = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v),
  z.string().max(1000, MODERATION_MSG.resolutionMax).optional(),
);

/** POST /api/admin/reports/:id/resolve. */
export const ZResolveReportRequest = z
  .object({
    resolution,
    action: z.enum(REPORT_ACTIONS, { error: REPORT_QUEUE_MSG.actionInvalid }).default('none'),
  })
  .default({ action: 'none' });
export type TResolveReportRequest = z.input<typeof ZResolveReportRequest>;

/** POST /api/admin/reports/:id/dismiss. */
export const ZDismissReportRequest = z.object({ resolution }).default({});
export type TDismissReportRequest = z.input<typeof ZDismissReportRequest>;

/** The reports queue: one status, 50 a page, with the open count for the tab badge. */
export const listReports = endpoint({
  method: 'GET',
  path: '/api/admin/reports',
  query: ZAdminReportsQuery,
  responses: { 200: ZAdminReportList },
  errors: [400, 401, 403],
});

/** Resolves an open report, optionally deleting the post or comment (409 once closed). */
export const resolveReport = endpoint({
  method: 'POST',
  path: '/api/admin/reports/:id/resolve',
  params: ZAdminIdParams,
  body: ZResolveReportRequest,
  responses: { 200: ZAdminMessage },
  errors: [400, 401, 403, 404, 409],
});

/** Dismisses an open report (409 once closed). */
export const dismissReport = endpoint({
  method: 'POST',
  path: '/api/admin/reports/:id/dismiss',
  params: ZAdminIdParams,
  body: ZDismissReportRequest,
  responses: { 200: ZAdminMessage },
  errors: [400, 401, 403, 404, 409],
});

// ——— Categories ———

/** A category as the admin screen lists it: the public shape plus its place in the order. */
export const ZAdminCategory = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  color: z.string(),
  position: z.number(),
  postCount: z.number(),
  isQa: z.boolean(),
  /** Issue 32: members at trust level 2 may post and reply here anonymously. */
  allowAnonymous: z.boolean(),
});
export type TAdminCategory = z.infer<typeof ZAdminCategory>;
export const ZAdminCategoryList = z.array(ZAdminCategory);

const name = z.string({ error: MODERATION_MSG.nameRequired }).trim().min(1, MODERATION_MSG.nameRequired).max(50, MODERATION_MSG.nameMax);
const slug = z
  .string({ error: MODERATION_MSG.slugInvalid })
  .trim()
  .toLowerCase()
  .max(60, MODERATION_MSG.slugInvalid)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, MODERATION_MSG.slugInvalid)
  // All digits would read as a category id in ?category=.
  .refine((s) => !/^\d+$/.test(s), MODERATION_MSG.slugInvalid);
const description = z.string({ error: MODERATION_MSG.descriptionMax }).trim().max(300, MODERATION_MSG.descriptionMax);
const color = z
  .string({ error: MODERATION_MSG.colorInvalid })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, MODERATION_MSG.colorInvalid)
  .transform((c) => c.toLowerCase());

/** POST /api/admin/categories; the slug defaults to one made from the name. */
export const ZCreateCategoryRequest = z.object({
  name,
  slug: z.preprocess((v) => (v === '' ? undefined : v), slug.optional()),
  description: description.default(''),
  color,
  /** Issue 33: a Q&A category. */
  isQa: z.boolean({ error: 'isQa must be true or false' }).default(false),
  /** Issue 32: anonymous posts and replies allowed. */
  allowAnonymous: z.boolean({ error: 'allowAnonymous must be true or false' }).default(false),
});
export type TCreateCategoryRequest = { name: string; slug?: string; description?: string; color: string; isQa?: boolean; allowAnonymous?: boolean };

/** PATCH /api/admin/categories/:id: any of the fields. */
export const ZUpdateCategoryRequest = z
  .object({ name: name.optional(), slug: slug.optional(), description: description.optional(), color: color.optional(), isQa: z.boolean({ error: 'isQa must be true or false' }).optional(), allowAnonymous: z.boolean({ error: 'allowAnonymous must be true or false' }).optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), MODERATION_MSG.nothingToUpdate);
export type TUpdateCategoryRequest = Partial<TCreateCategoryRequest>;

/** PUT /api/admin/categories/order: every category id, first to last. */
export const ZCategoryOrderRequest = z.object({
  ids: z.array(id(MODERATION_MSG.orderInvalid), { error: MODERATION_MSG.orderInvalid }).min(1, MODERATION_MSG.orderInvalid).max(500, MODERATION_MSG.orderInvalid),
});
export type TCategoryOrderRequest = z.infer<typeof ZCategoryOrderRequest>;

/** DELETE /api/admin/categories/:id: with moveTo, its posts go there first. */
export const ZDeleteCategoryRequest = z.object({ moveTo: id(MODERATION_MSG.moveToNotFound).optional() }).nullish();
export type TDeleteCategoryRequest = z.infer<typeof ZDeleteCategoryRequest>;

/** Every category in display order, with its position and post count. */
export const listAdminCategories = endpoint({
  method: 'GET',
  path: '/api/admin/categories',
  responses: { 200: ZAdminCategoryList },
  errors: [401, 403],
});

/** Adds a category, last in the order. */
export const createCategory = endpoint({
  method: 'POST',
  path: '/api/admin/categories',
  body: ZCreateCategoryRequest,
  responses: { 201: ZAdminCategory },
  errors: [400, 401, 403, 409],
});

/** Puts every category in the given order; answers the list. */
export const orderCategories = endpoint({
  method: 'PUT',
  path: '/api/admin/categories/order',
  body: ZCategoryOrderRequest,
  responses: { 200: ZAdminCategoryList },
  errors: [400, 401, 403],
});

/** Changes a category's name, slug, description or colour. */
export const updateCategory = endpoint({
  method: 'PATCH',
  path: '/api/admin/categories/:id',
  params: ZAdminIdParams,
  body: ZUpdateCategoryRequest,
  responses: { 200: ZAdminCategory },
  errors: [400, 401, 403, 404, 409],
});

/** Deletes a category, moving its posts to `moveTo` first; 409 while it holds posts and no moveTo. */
export const deleteCategory = endpoint({
  method: 'DELETE',
  path: '/api/admin/categories/:id',
  params: ZAdminIdParams,
  body: ZDeleteCategoryRequest,
  responses: { 200: ZAdminMessage },
  errors: [400, 401, 403, 404, 409],
});

