import { z } from 'zod';
import { BULLETIN_MESSAGE_MAX, BULLETIN_MSG, BULLETIN_TITLE_MAX, BULLETIN_VISIBILITIES } from '../rules/bulletins.ts';
import { endpoint } from './endpoint.ts';

// Bulletins (spec §2 Forum list, §3 Bulletin, §7 GET /api/bulletins; docs/API.md "Bulletins"):
// site notices on the forum list for everyone (shown as Public) or members only. Limits and
// messages are in rules/bulletins.ts.

export const ZBulletinVisibility = z.enum(BULLETIN_VISIBILITIES, { error: BULLETIN_MSG.visibilityInvalid });

/** Spec §3 Bulletin. */
export const ZBulletin = z.object({
  id: z.number(),
  title: z.string(),
  message: z.string(),
  isActive: z.boolean(),
  visibilityType: ZBulletinVisibility,
  /** ISO 8601. */
  createdAt: z.string(),
});
export type TBulletin = z.infer<typeof ZBulletin>;

/** GET /api/bulletins: active ones the reader may see, newest first. */
export const ZBulletinList = z.array(ZBulletin);

/** The admin's view adds when it was last changed. */
export const ZAdminBulletin = ZBulletin.extend({ updatedAt: z.string() });
export type TAdminBulletin = z.infer<typeof ZAdminBulletin>;
export const ZAdminBulletinList = z.array(ZAdminBulletin);

const title = z
  .string({ error: BULLETIN_MSG.titleRequired })
  .trim()
  .min(1, BULLETIN_MSG.titleRequired)
  .max(BULLETIN_TITLE_MAX, BULLETIN_MSG.titleMax);
const message = z
  .string({ error: BULLETIN_MSG.messageRequired })
  .trim()
  .min(1, BULLETIN_MSG.messageRequired)
  .max(BULLETIN_MESSAGE_MAX, BULLETIN_MSG.messageMax);
const isActive = z.boolean({ error: 'isActive must be true or false' });

/** POST /api/admin/bulletins. */
export const ZBulletinCreateRequest = z.object({
  title,
  message,
  visibilityType: ZBulletinVisibility.default('everyone'),
  isActive: isActive.default(true),
});
export type TBulletinCreateRequest = z.input<typeof ZBulletinCreateRequest>;

/** PATCH /api/admin/bulletins/:id: any of the fields. */
export const ZBulletinUpdateRequest = z
  .object({ title: title.optional(), message: message.optional(), visibilityType: ZBulletinVisibility.optional(), isActive: isActive.optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: BULLETIN_MSG.nothingToUpdate });
export type TBulletinUpdateRequest = z.input<typeof ZBulletinUpdateRequest>;

/** `:id` of the admin routes; anything but a positive integer is an id that does not exist (404). */
export const ZIdParams = z.object({
  id: z
    .string()
    .max(32)
    .transform((s) => (/^[1-9]\d{0,8}$/.test(s) ? Number(s) : 0)),
});

// ---- Endpoints ----

/** The active bulletins the reader may see (members-only ones only for a member). */
export const listBulletins = endpoint({
  method: 'GET',
  path: '/api/bulletins',
  responses: { 200: ZBulletinList },
  errors: [],
});

/** Every bulletin, for the admin. */
export const listAdminBulletins = endpoint({
  method: 'GET',
  path: '/api/admin/bulletins',
  responses: { 200: ZAdminBulletinList },
  errors: [401, 403],
});

export const createBulletin = endpoint({
  method: 'POST',
  path: '/api/admin/bulletins',
  body: ZBulletinCreateRequest,
  responses: { 201: ZAdminBulletin },
  errors: [400, 401, 403],
});

export const updateBulletin = endpoint({
  method: 'PATCH',
  path: '/api/admin/bulletins/:id',
  params: ZIdParams,
  body: ZBulletinUpdateRequest,
  responses: { 200: ZAdminBulletin },
  errors: [400, 401, 403, 404],
});

export const deleteBulletin = endpoint({
  method: 'DELETE',
  path: '/api/admin/bulletins/:id',
  params: ZIdParams,
  responses: { 204: null },
  errors: [400, 401, 403, 404],
});
