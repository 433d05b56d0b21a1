// The courier profile (issue 32 item 1): the networks a member works for, their vehicle, home postcode
// area, years on the road and how they are engaged, each optional and each with who may see it. The
// lists are the trade's (rules/trade.ts), which the Pay Index reads too, so a profile and a pay report
// name the same things. No zod here: the client imports it as it is (the schemas: contracts/courier.ts).
import { PAY_ENGAGEMENT_LABELS, PAY_ENGAGEMENTS, PAY_NETWORKS, POSTCODE_AREA_REGION, VEHICLE_LABELS, VEHICLES, type TPayEngagement, type Vehicle } from './trade.ts';
import { londonFormat } from '../london-day.ts';

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

/** The same fields as others read them on a profile. */
export const COURIER_FACT_LABELS: Record<TCourierField, string> = {
  networks: 'Networks',
  vehicle: 'Vehicle',
  area: 'Postcode area',
  yearsOnRoad: 'On the road',
  engagement: 'Works as',
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

// ---- The verified courier badge (issue 32 item 2) ----

/** The proof: one photo (a badge, an app screen, a payslip), at most this large as sent. */
export const VERIFY_PROOF_MAX_MB = 8;
export const VERIFY_PROOF_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Requests a member may send in a rolling day (a refused one counts). */
export const VERIFY_REQUESTS_PER_DAY = 3;
export const VERIFY_REASON_MAX = 300;

const MONTH = londonFormat('en-GB', { month: 'long', year: 'numeric' });
/** "Verified Evri courier" */
export const verifiedBadgeText = (network: string) => `Verified ${courierNetworkName(network)} courier`;
/** "since November 2026" */
export const verifiedSinceText = (since: string) => `since ${MONTH(new Date(since))}`;

export const VERIFY_MSG = {
  proofMissing: 'Add a photo of your courier badge, app screen or payslip',
  proofType: 'The proof must be a photo: JPEG, PNG or WebP',
  proofTooLarge: `The photo must be at most ${VERIFY_PROOF_MAX_MB} MB`,
  pending: 'You already have a request waiting for a moderator',
  alreadyVerified: 'You already have the badge for this network',
  tooMany: `You can send at most ${VERIFY_REQUESTS_PER_DAY} requests a day: try again tomorrow`,
  requested: 'Thank you: a moderator will check your proof. It is deleted as soon as they decide.',
  cancelled: 'Request cancelled and your proof deleted',
  nothingPending: 'You have no request waiting',
  badgeRemoved: 'Your badge has been removed',
  noBadge: 'This member has no verified courier badge',
  notFound: 'Request not found',
  decided: 'This request has already been decided',
  ownRequest: 'Another moderator decides your own request',
  reasonRequired: 'Give a reason, so the member knows what to do',
  reasonMax: `A reason is at most ${VERIFY_REASON_MAX} characters`,
  approved: 'Badge given and the proof deleted',
  refused: 'Request refused and the proof deleted',
  withdrawn: 'Badge withdrawn',
} as const;
