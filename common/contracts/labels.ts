import { z } from 'zod';
import { LABEL_MSG, TAG_DESCRIPTION_MAX, TAG_KINDS, TAG_NAME_MAX, TAG_SLUG_MAX, TAG_SLUG_PATTERN } from '../rules/labels.ts';
import { ZDirectoryUser } from './members.ts';
import { ZPost } from './forum.ts';
import { endpoint } from './endpoint.ts';

// Tags, postcode areas and following them (issue 32 items 4–6; docs/API.md "Tags and areas"). A tag's
// or an area's posts are the forum list's (GET /api/forum/posts?tag=evri, ?area=LS).

export const ZTag = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  kind: z.enum(TAG_KINDS),
  description: z.string(),
  /** Its live posts. */
  postCount: z.number(),
});
export type TTag = z.infer<typeof ZTag>;

export const ZTagList = z.object({ tags: z.array(ZTag) });
export type TTagList = z.infer<typeof ZTagList>;

/** A tag's or an area's address part: an unknown one is a 404; one longer than any could be, a 400 (as a post's). */
export const ZTagParams = z.object({ slug: z.string().max(100) });
export const ZAreaParams = z.object({ code: z.string().max(100) });

export const ZArea = z.object({
  /** "LS" */
  code: z.string(),
  /** The Pay Index's region the area is in (its figures are /api/pay-index?region=…). */
  region: z.object({ slug: z.string(), name: z.string() }),
  /** Its live posts. */
  postCount: z.number(),
  /** Posts about it in the last 30 days (AREA_RECENT_DAYS), and when the newest was written (null: none). */
  recentPosts: z.number(),
  lastPostAt: z.string().nullable(),
});
export type TArea = z.infer<typeof ZArea>;

export const ZAreaList = z.object({ areas: z.array(ZArea) });
export type TAreaList = z.infer<typeof ZAreaList>;

/**
 * An area's page: the area, its live alerts (newest first; each shows until it expires) and members who
 * show that they live there (to a guest only those who show it to everyone; to a verified member those
 * who show it to members too), at most 12.
 */
export const ZAreaPage = z.object({
  area: ZArea,
  alerts: z.array(ZPost),
  members: z.array(ZDirectoryUser),
});
export type TAreaPage = z.infer<typeof ZAreaPage>;

export const ZLabelFollows = z.object({ tags: z.array(z.string()), areas: z.array(z.string()) });
export type TLabelFollows = z.infer<typeof ZLabelFollows>;
export const ZFollowing = z.object({ following: z.boolean(), message: z.string() });

const tagSlug = z
  .string({ error: LABEL_MSG.tagSlug })
  .trim()
  .toLowerCase()
  .max(TAG_SLUG_MAX, LABEL_MSG.tagSlug)
  .regex(TAG_SLUG_PATTERN, LABEL_MSG.tagSlug);
const tagName = z.string({ error: LABEL_MSG.tagName }).trim().min(1, LABEL_MSG.tagName).max(TAG_NAME_MAX, LABEL_MSG.tagName);
const tagDescription = z.string({ error: LABEL_MSG.tagDescription }).trim().max(TAG_DESCRIPTION_MAX, LABEL_MSG.tagDescription);
const tagKind = z.enum(TAG_KINDS, { error: LABEL_MSG.tagKind });

export const ZCreateTagRequest = z.object({ slug: tagSlug, name: tagName, kind: tagKind, description: tagDescription.default('') });
export type TCreateTagRequest = z.input<typeof ZCreateTagRequest>;
export const ZUpdateTagRequest = z
  .object({ slug: tagSlug.optional(), name: tagName.optional(), kind: tagKind.optional(), description: tagDescription.optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });
export type TUpdateTagRequest = z.input<typeof ZUpdateTagRequest>;
export const ZTagIdParams = z.object({
  id: z
    .string()
    .max(32)
    .transform((s) => (/^[1-9]\d{0,8}$/.test(s) ? Number(s) : 0)),
});

// ---- Endpoints ----

/** Every tag, networks then topics, each by name. Anyone. */
export const listTags = endpoint({ method: 'GET', path: '/api/tags', responses: { 200: ZTagList }, errors: [] });

/** One tag; 404 `Tag not found`. Anyone. */
export const getTag = endpoint({ method: 'GET', path: '/api/tags/:slug', params: ZTagParams, responses: { 200: ZTag }, errors: [400, 404] });

/** The postcode areas with posts about them in the last 30 days, most recent activity first. Anyone. */
export const listAreas = endpoint({ method: 'GET', path: '/api/areas', responses: { 200: ZAreaList }, errors: [] });

/** An area's page (any UK postcode area, with posts or not); 404 `Postcode area not found`. Anyone. */
export const getArea = endpoint({ method: 'GET', path: '/api/areas/:code', params: ZAreaParams, responses: { 200: ZAreaPage }, errors: [400, 404] });

/** The tags (slugs) and areas the member follows. Verified members. */
export const getLabelFollows = endpoint({ method: 'GET', path: '/api/follows/labels', responses: { 200: ZLabelFollows }, errors: [401, 403] });

export const followTag = endpoint({ method: 'PUT', path: '/api/tags/:slug/follow', params: ZTagParams, responses: { 200: ZFollowing }, errors: [400, 401, 403, 404] });
export const unfollowTag = endpoint({ method: 'DELETE', path: '/api/tags/:slug/follow', params: ZTagParams, responses: { 200: ZFollowing }, errors: [400, 401, 403, 404] });
export const followArea = endpoint({ method: 'PUT', path: '/api/areas/:code/follow', params: ZAreaParams, responses: { 200: ZFollowing }, errors: [400, 401, 403, 404] });
export const unfollowArea = endpoint({ method: 'DELETE', path: '/api/areas/:code/follow', params: ZAreaParams, responses: { 200: ZFollowing }, errors: [400, 401, 403, 404] });

/** Admins manage the tags (audited). A removed tag leaves every post that carried it. */
export const createTag = endpoint({ method: 'POST', path: '/api/admin/tags', body: ZCreateTagRequest, responses: { 201: ZTag }, errors: [400, 401, 403, 409] });
export const updateTag = endpoint({
  method: 'PATCH',
  path: '/api/admin/tags/:id',
  params: ZTagIdParams,
  body: ZUpdateTagRequest,
  responses: { 200: ZTag },
  errors: [400, 401, 403, 404, 409],
});
export const deleteTag = endpoint({
  method: 'DELETE',
  path: '/api/admin/tags/:id',
  params: ZTagIdParams,
  responses: { 200: z.object({ message: z.string() }) },
  errors: [400, 401, 403, 404],
});
