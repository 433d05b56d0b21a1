import { z } from 'zod';
import {
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
