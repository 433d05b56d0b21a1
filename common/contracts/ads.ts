import { z } from 'zod';
import {
  AD_BODY_MAX,
  AD_DEVICES,
  AD_HTML_MAX_BYTES,
  AD_LOCATION_MAX,
  AD_MSG,
  AD_NAME_MAX,
  AD_POSITION_MAX,
  AD_SIZE_MAX,
  AD_TITLE_MAX,
  AD_TYPES,
  AD_URL_MAX,
  DEVICE_TARGETS,
  type TAdType,
  type TDeviceTarget,
} from '../rules/ads.ts';
import { endpoint } from './endpoint.ts';

// Ad slots (spec §2 Forum list, §3 Ad slot, §7 GET /api/ads/slots, §9 ad maxima; docs/API.md "Ad slots").
// The rules without zod (maxima, devices, limits, messages) are in rules/ads.ts, for the forum list's small bundle.

const LOCATION_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ZLocation = z
  .string({ error: AD_MSG.locationRequired })
  .trim()
  .min(1, AD_MSG.locationRequired)
  .max(AD_LOCATION_MAX, AD_MSG.locationFormat)
  .regex(LOCATION_RE, AD_MSG.locationFormat);

/** Spec §3 Ad slot, as members' browsers get it (plus the native card's fields). */
export const ZAdSlot = z.object({
  id: z.number(),
  location: z.string(),
  position: z.number(),
  isActive: z.boolean(),
  adType: z.enum(AD_TYPES),
  adSlotId: z.string().nullable(),
  customHtml: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  isResponsive: z.boolean(),
  deviceTarget: z.enum(DEVICE_TARGETS),
  title: z.string().nullable(),
  body: z.string().nullable(),
  linkUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type TAdSlot = z.infer<typeof ZAdSlot>;
export const ZAdSlotList = z.array(ZAdSlot);

/** GET /api/ads/slots?location=…[&device=mobile|desktop]. */
export const ZAdSlotsQuery = z.object({
  location: ZLocation,
  device: z.enum(AD_DEVICES, { error: AD_MSG.deviceInvalid }).optional(),
});
export type TAdSlotsQuery = z.infer<typeof ZAdSlotsQuery>;

/** The admin's view: every field, its name and dates. */
export const ZAdminAdSlot = ZAdSlot.extend({ name: z.string(), createdAt: z.string(), updatedAt: z.string() });
export type TAdminAdSlot = z.infer<typeof ZAdminAdSlot>;
export const ZAdminAdSlotList = z.array(ZAdminAdSlot);

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

function isHttpsUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'https:' && !!u.hostname;
  } catch {
    return false;
  }
}
const isSitePath = (s: string) => s.startsWith('/') && !s.startsWith('//') && !s.startsWith('/\\');

/** '' and null both mean "none" for the optional text fields. */
const optionalText = (max: number, maxMessage: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(max, maxMessage).nullable().optional(),
  );
const optionalSize = z.preprocess(
  (v) => (v === '' ? null : v),
  z.number({ error: AD_MSG.sizeInvalid }).int(AD_MSG.sizeInvalid).min(1, AD_MSG.sizeInvalid).max(AD_SIZE_MAX, AD_MSG.sizeInvalid).nullable().optional(),
);

const fields = {
  name: z.string().trim().max(AD_NAME_MAX, AD_MSG.nameMax),
  location: ZLocation,
  position: z.number({ error: AD_MSG.positionInvalid }).int(AD_MSG.positionInvalid).min(0, AD_MSG.positionInvalid).max(AD_POSITION_MAX, AD_MSG.positionInvalid),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  adType: z.enum(AD_TYPES, { error: AD_MSG.typeInvalid }),
  adSlotId: optionalText(40, AD_MSG.adSlotIdFormat),
  // Not trimmed: HTML is kept as the admin wrote it.
  customHtml: z.preprocess((v) => (v === '' ? null : v), z.string().nullable().optional()),
  title: optionalText(AD_TITLE_MAX, AD_MSG.titleMax),
  body: optionalText(AD_BODY_MAX, AD_MSG.bodyMax),
  linkUrl: optionalText(AD_URL_MAX, AD_MSG.linkHttps),
  imageUrl: optionalText(AD_URL_MAX, AD_MSG.imageUrl),
  width: optionalSize,
  height: optionalSize,
  isResponsive: z.boolean({ error: 'isResponsive must be true or false' }),
  deviceTarget: z.enum(DEVICE_TARGETS, { error: AD_MSG.deviceTargetInvalid }),
};

/** A whole ad slot as stored: what the rules between fields are checked on. */
export type TAdSlotFields = {
  adType: TAdType;
  adSlotId?: string | null;
  customHtml?: string | null;
  title?: string | null;
  linkUrl?: string | null;
  imageUrl?: string | null;
};

/**
 * The rules between fields (spec §3 adType): adsense needs its ad slot id; custom needs HTML of at
 * most 20 kB; native needs a title and an https link. Field → message; empty when the ad is whole.
 */
export function adSlotProblems(ad: TAdSlotFields): Record<string, string> {
  const problems: Record<string, string> = {};
  if (ad.adType === 'adsense') {
    if (!ad.adSlotId) problems.adSlotId = AD_MSG.adSlotIdRequired;
    else if (!/^\d{1,20}$/.test(ad.adSlotId)) problems.adSlotId = AD_MSG.adSlotIdFormat;
  }
  if (ad.adType === 'custom' && !ad.customHtml?.trim()) problems.customHtml = AD_MSG.customHtmlRequired;
  if (ad.customHtml && utf8Bytes(ad.customHtml) > AD_HTML_MAX_BYTES) problems.customHtml = AD_MSG.customHtmlMax;
  if (ad.adType === 'native') {
    if (!ad.title) problems.title = AD_MSG.titleRequired;
    if (!ad.linkUrl) problems.linkUrl = AD_MSG.linkRequired;
  }
  if (ad.linkUrl && !isHttpsUrl(ad.linkUrl)) problems.linkUrl = AD_MSG.linkHttps;
  if (ad.imageUrl && !isHttpsUrl(ad.imageUrl) && !isSitePath(ad.imageUrl)) problems.imageUrl = AD_MSG.imageUrl;
  return problems;
}

function checkWhole(ad: TAdSlotFields, ctx: z.RefinementCtx) {
  for (const [field, message] of Object.entries(adSlotProblems(ad))) ctx.addIssue({ code: 'custom', message, path: [field] });
}

/** POST /api/admin/ads: every field of spec §3 (and the native card's). */
export const ZAdSlotCreateRequest = z
  .object({
    ...fields,
    name: fields.name.default(''),
    position: fields.position.default(0),
    isActive: fields.isActive.default(true),
    isResponsive: fields.isResponsive.default(true),
    deviceTarget: fields.deviceTarget.default('any'),
  })
  .superRefine(checkWhole);
/** What a client sends (the preprocessing of the schema hides it from z.input). */
export type TAdSlotCreateRequest = {
  name?: string;
  location: string;
  position?: number;
  isActive?: boolean;
  adType: TAdType;
  adSlotId?: string | null;
  customHtml?: string | null;
  title?: string | null;
  body?: string | null;
  linkUrl?: string | null;
  imageUrl?: string | null;
  width?: number | null;
  height?: number | null;
  isResponsive?: boolean;
  deviceTarget?: TDeviceTarget;
};
export type TAdSlotCreate = z.output<typeof ZAdSlotCreateRequest>;

/**
 * PATCH /api/admin/ads/:id: any of the fields; null clears an optional one. The rules between
 * fields are checked on the slot as it would be after the change (by the server).
 */
export const ZAdSlotUpdateRequest = z
  .object({
    name: fields.name.optional(),
    location: fields.location.optional(),
    position: fields.position.optional(),
    isActive: fields.isActive.optional(),
    adType: fields.adType.optional(),
    adSlotId: fields.adSlotId,
    customHtml: fields.customHtml,
    title: fields.title,
    body: fields.body,
    linkUrl: fields.linkUrl,
    imageUrl: fields.imageUrl,
    width: fields.width,
    height: fields.height,
    isResponsive: fields.isResponsive.optional(),
    deviceTarget: fields.deviceTarget.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: AD_MSG.nothingToUpdate });
export type TAdSlotUpdateRequest = Partial<TAdSlotCreateRequest>;
export type TAdSlotUpdate = z.output<typeof ZAdSlotUpdateRequest>;

/** `:id` of the admin routes; anything but a positive integer is an id that does not exist (404). */
export const ZAdIdParams = z.object({
  id: z
    .string()
    .max(32)
    .transform((s) => (/^[1-9]\d{0,8}$/.test(s) ? Number(s) : 0)),
});

// ---- Endpoints ----

/** The active ads of a location for a device, as the pages that show ads ask for them. */
export const listAdSlots = endpoint({
  method: 'GET',
  path: '/api/ads/slots',
  query: ZAdSlotsQuery,
  responses: { 200: ZAdSlotList },
  errors: [400],
});

/** Every ad slot, for the admin. */
export const listAdminAdSlots = endpoint({
  method: 'GET',
  path: '/api/admin/ads',
  responses: { 200: ZAdminAdSlotList },
  errors: [401, 403],
});

export const createAdSlot = endpoint({
  method: 'POST',
  path: '/api/admin/ads',
  body: ZAdSlotCreateRequest,
  responses: { 201: ZAdminAdSlot },
  errors: [400, 401, 403],
});

export const updateAdSlot = endpoint({
  method: 'PATCH',
  path: '/api/admin/ads/:id',
  params: ZAdIdParams,
  body: ZAdSlotUpdateRequest,
  responses: { 200: ZAdminAdSlot },
  errors: [400, 401, 403, 404],
});

export const deleteAdSlot = endpoint({
  method: 'DELETE',
  path: '/api/admin/ads/:id',
  params: ZAdIdParams,
  responses: { 204: null },
  errors: [400, 401, 403, 404],
});
