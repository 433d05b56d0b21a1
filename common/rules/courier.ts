// The courier profile (issue 32 item 1): the networks a member works for, their vehicle, home postcode
// area, years on the road and how they are engaged, each optional and each with who may see it. The
// lists are the Pay Index's (rules/pay.ts) and the estimator's vehicles, so a profile and a pay report
// name the same things. No zod here: the client imports it as it is (the schemas: contracts/courier.ts).
import { VEHICLE_LABELS, VEHICLES, type Vehicle } from '../pay-estimator.ts';
import { PAY_ENGAGEMENT_LABELS, PAY_ENGAGEMENTS, PAY_NETWORKS, POSTCODE_AREA_REGION, type TPayEngagement } from './pay.ts';

/**
 * Who sees a field: everyone (guests too, and beside the member's posts), members (signed-in members
 * with a verified email: the profile, the directory and its filters), nobody (the member alone; never
 * shown, never matched by a directory filter).
 */
export const PROFILE_VISIBILITIES = ['everyone', 'members', 'nobody'] as const;
export type TProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];
export const PROFILE_VISIBILITY_LABELS: Record<TProfileVisibility, string> = {
  everyone: 'Everyone',
  members: 'Members only',
  nobody: 'Only me',
};
/** A field's visibility until its member chooses: members, not the open web. */
export const DEFAULT_PROFILE_VISIBILITY: TProfileVisibility = 'members';

export const COURIER_FIELDS = ['networks', 'vehicle', 'area', 'yearsOnRoad', 'engagement'] as const;
export type TCourierField = (typeof COURIER_FIELDS)[number];
export const COURIER_FIELD_LABELS: Record<TCourierField, string> = {
  networks: 'Networks you work for',
  vehicle: 'Vehicle',
  area: 'Home postcode area',
  yearsOnRoad: 'Years on the road',
  engagement: 'How you are engaged',
};

/** The networks a profile may name: the Pay Index's, without its catch-alls ("An agency", "Own customers", "Other"). */
export const COURIER_NETWORKS = PAY_NETWORKS.filter((n) => !['agency', 'own-customers', 'other'].includes(n.slug));
export type TCourierNetwork = (typeof COURIER_NETWORKS)[number]['slug'];
export const COURIER_NETWORK_SLUGS = COURIER_NETWORKS.map((n) => n.slug) as [TCourierNetwork, ...TCourierNetwork[]];
export const COURIER_NETWORKS_MAX = 6;
export const courierNetworkName = (slug: string) => COURIER_NETWORKS.find((n) => n.slug === slug)?.name ?? slug;

export const COURIER_VEHICLES = VEHICLES;
export const courierVehicleLabel = (v: string) => VEHICLE_LABELS[v as Vehicle] ?? v;

export const COURIER_ENGAGEMENTS = PAY_ENGAGEMENTS;
export const courierEngagementLabel = (e: string) => PAY_ENGAGEMENT_LABELS[e as TPayEngagement] ?? e;

/** Every UK postcode area (with GY, JE and IM), A–Z: the letters of an outward code only, never a postcode. */
export const POSTCODE_AREAS = Object.keys(POSTCODE_AREA_REGION).sort();
export const isPostcodeArea = (s: string) => Object.hasOwn(POSTCODE_AREA_REGION, s);

export const YEARS_ON_ROAD_MAX = 60;

export const COURIER_MSG = {
  networkInvalid: 'Choose networks from the list',
  networksMax: `Choose at most ${COURIER_NETWORKS_MAX} networks`,
  networksRepeated: 'Name each network once',
  vehicleInvalid: 'Choose a vehicle from the list',
  areaInvalid: 'Choose a UK postcode area: its letters only, such as LS or M',
  yearsInvalid: `Enter your years on the road as a whole number from 0 to ${YEARS_ON_ROAD_MAX}`,
  engagementInvalid: 'Choose how you are engaged: self-employed, owner driver, agency or employed',
  visibilityInvalid: 'Choose who sees it: everyone, members only or only you',
  saved: 'Courier profile saved',
} as const;

/** The facts one reader may see, absent where unset or hidden from them. */
export type TCourierFacts = {
  networks?: string[];
  vehicle?: string;
  area?: string;
  yearsOnRoad?: number;
  engagement?: string;
};

/** "Evri, DPD · Van (petrol or diesel) · LS · 6 years on the road · Owner driver": the facts as one line. */
export function courierFactsLine(f: TCourierFacts): string {
  const parts: string[] = [];
  if (f.networks?.length) parts.push(f.networks.map(courierNetworkName).join(', '));
  if (f.vehicle) parts.push(courierVehicleLabel(f.vehicle));
  if (f.area) parts.push(f.area);
  if (f.yearsOnRoad !== undefined) parts.push(f.yearsOnRoad === 1 ? '1 year on the road' : `${f.yearsOnRoad} years on the road`);
  if (f.engagement) parts.push(courierEngagementLabel(f.engagement));
  return parts.join(' · ');
}
