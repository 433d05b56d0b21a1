import { z } from 'zod';
import {
  VERIFY_MSG,
  VERIFY_REASON_MAX,
  COURIER_ENGAGEMENTS,
  COURIER_MSG,
  COURIER_NETWORK_SLUGS,
  COURIER_NETWORKS_MAX,
  COURIER_VEHICLES,
  isPostcodeArea,
  PROFILE_VISIBILITIES,
  YEARS_ON_ROAD_MAX,
} from '../rules/courier.ts';
import { endpoint } from './endpoint.ts';

// The courier profile (issue 32 item 1; docs/API.md "Courier profile"): the member's own, read and
// saved whole, and the facts others see of it (in a public profile, a directory card, beside a post's author).

export const ZProfileVisibility = z.enum(PROFILE_VISIBILITIES, { error: COURIER_MSG.visibilityInvalid });
export const ZCourierNetwork = z.enum(COURIER_NETWORK_SLUGS, { error: COURIER_MSG.networkInvalid });
export const ZCourierVehicle = z.enum(COURIER_VEHICLES, { error: COURIER_MSG.vehicleInvalid });
export const ZCourierEngagement = z.enum(COURIER_ENGAGEMENTS, { error: COURIER_MSG.engagementInvalid });
/** Upper-cased and trimmed; only a UK postcode area's letters ("LS", "M"). */
export const ZPostcodeArea = z
  .string({ error: COURIER_MSG.areaInvalid })
  .trim()
  .toUpperCase()
  .refine(isPostcodeArea, COURIER_MSG.areaInvalid);

/** The member's own courier profile: every field with who sees it. A field left out is unset / `members`. */
export const ZCourierProfile = z.object({
  networks: z
    .array(ZCourierNetwork, { error: COURIER_MSG.networkInvalid })
    .max(COURIER_NETWORKS_MAX, COURIER_MSG.networksMax)
    .refine((a) => new Set(a).size === a.length, COURIER_MSG.networksRepeated)
    .default([]),
  networksVisibility: ZProfileVisibility.default('members'),
  vehicle: ZCourierVehicle.nullable().default(null),
  vehicleVisibility: ZProfileVisibility.default('members'),
  area: ZPostcodeArea.nullable().default(null),
  areaVisibility: ZProfileVisibility.default('members'),
  yearsOnRoad: z
    .number({ error: COURIER_MSG.yearsInvalid })
    .int(COURIER_MSG.yearsInvalid)
    .min(0, COURIER_MSG.yearsInvalid)
    .max(YEARS_ON_ROAD_MAX, COURIER_MSG.yearsInvalid)
    .nullable()
    .default(null),
  yearsVisibility: ZProfileVisibility.default('members'),
  engagement: ZCourierEngagement.nullable().default(null),
  engagementVisibility: ZProfileVisibility.default('members'),
});
export type TCourierProfile = z.infer<typeof ZCourierProfile>;
export type TCourierProfileInput = z.input<typeof ZCourierProfile>;

/** What one reader may see of a member's courier profile: only the fields set and shown to them. */
export const ZCourierFacts = z.object({
  networks: z.array(z.string()).optional(),
  vehicle: z.string().optional(),
  area: z.string().optional(),
  yearsOnRoad: z.number().optional(),
  engagement: z.string().optional(),
});

export const getCourierProfile = endpoint({
  method: 'GET',
  path: '/api/profile/courier',
  responses: { 200: ZCourierProfile },
  errors: [401],
});

/** Replaces the whole courier profile (what is left out is cleared). */
export const updateCourierProfile = endpoint({
  method: 'PUT',
  path: '/api/profile/courier',
  body: ZCourierProfile,
  responses: { 200: ZCourierProfile },
  errors: [400, 401],
});

// ---- The verified courier badge (issue 32 item 2; docs/API.md "Verified courier badge") ----

/** The badge as everyone sees it: the network and when it was given. */
export const ZVerifiedBadge = z.object({ network: z.string(), since: z.string() });
export type TVerifiedBadge = z.infer<typeof ZVerifiedBadge>;

/** The member's own view: their badge, their request waiting, and the last decision on one. */
export const ZVerificationStatus = z.object({
  badge: ZVerifiedBadge.nullable(),
  pending: z.object({ network: z.string(), createdAt: z.string() }).nullable(),
  lastDecision: z.object({ network: z.string(), status: z.enum(['approved', 'refused']), decidedAt: z.string(), reason: z.string().nullable() }).nullable(),
});
export type TVerificationStatus = z.infer<typeof ZVerificationStatus>;

/** The proof is a photo as a data URL (`data:image/jpeg;base64,…`); the server re-encodes it and drops its metadata. */
export const ZVerificationRequest = z.object({
  network: ZCourierNetwork,
  proof: z.string({ error: VERIFY_MSG.proofMissing }).min(1, VERIFY_MSG.proofMissing),
});
export type TVerificationRequest = z.infer<typeof ZVerificationRequest>;

export const ZVerificationReason = z.object({
  reason: z.string({ error: VERIFY_MSG.reasonRequired }).trim().min(1, VERIFY_MSG.reasonRequired).max(VERIFY_REASON_MAX, VERIFY_MSG.reasonMax),
});

/** A request waiting in the moderators' queue (never the proof itself: that is its own call). */
export const ZPendingVerification = z.object({
  id: z.number(),
  network: z.string(),
  createdAt: z.string(),
  member: z.object({ id: z.number(), username: z.string(), avatar: z.string(), joinedDate: z.string(), trustLevel: z.number() }),
});
export const ZPendingVerifications = z.object({ requests: z.array(ZPendingVerification) });
export type TPendingVerification = z.infer<typeof ZPendingVerification>;

const ZIdParams = z.object({
  id: z
    .string()
    .max(32)
    .transform((s) => (/^[1-9]\d{0,8}$/.test(s) ? Number(s) : 0)),
});
const ZMessageOnly = z.object({ message: z.string() });

export const getVerification = endpoint({ method: 'GET', path: '/api/profile/courier/verification', responses: { 200: ZVerificationStatus }, errors: [401] });
/** Verified members; one request waiting at a time, 3 a day. */
export const requestVerification = endpoint({
  method: 'POST',
  path: '/api/profile/courier/verification',
  body: ZVerificationRequest,
  responses: { 201: ZVerificationStatus.extend({ message: z.string() }) },
  errors: [400, 401, 403, 409, 413, 429],
});
/** Cancels the request waiting (its proof is deleted). */
export const cancelVerification = endpoint({ method: 'DELETE', path: '/api/profile/courier/verification', responses: { 200: ZMessageOnly }, errors: [401, 404] });
/** The member takes their own badge off. */
export const removeOwnBadge = endpoint({ method: 'DELETE', path: '/api/profile/courier/badge', responses: { 200: ZMessageOnly }, errors: [401, 404] });

// Moderators and admins.
export const listVerifications = endpoint({ method: 'GET', path: '/api/admin/courier-verifications', responses: { 200: ZPendingVerifications }, errors: [401, 403] });
/** The proof photo (image/webp, never cached), for the review screen only. */
export const getVerificationProof = endpoint({
  method: 'GET',
  path: '/api/admin/courier-verifications/:id/proof',
  params: ZIdParams,
  responses: { 200: null },
  errors: [400, 401, 403, 404],
});
export const approveVerification = endpoint({
  method: 'POST',
  path: '/api/admin/courier-verifications/:id/approve',
  params: ZIdParams,
  responses: { 200: ZMessageOnly },
  errors: [400, 401, 403, 404, 409],
});
export const refuseVerification = endpoint({
  method: 'POST',
  path: '/api/admin/courier-verifications/:id/refuse',
  params: ZIdParams,
  body: ZVerificationReason,
  responses: { 200: ZMessageOnly },
  errors: [400, 401, 403, 404, 409],
});
export const withdrawBadge = endpoint({
  method: 'POST',
  path: '/api/admin/members/:id/courier-badge/withdraw',
  params: ZIdParams,
  body: ZVerificationReason,
  responses: { 200: ZMessageOnly },
  errors: [400, 401, 403, 404],
});
