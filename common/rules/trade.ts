// The trade's shared lists (issues 19 and 32): the networks couriers work for, how they are engaged, the
// vehicles they drive, the UK's regions and its postcode areas. The Pay Index, the estimator, the courier
// profile and the area pages all read them from here, so each names the same things. A small module on
// purpose: a page that only shows a network's name does not load the Pay Index's rules or the estimator.

/** The UK vehicle kinds the estimator costs and members report (the estimator's running costs are per kind). */
export const VEHICLES = ['bike', 'motorbike', 'car', 'van', 'ev'] as const;
export type Vehicle = (typeof VEHICLES)[number];
export const VEHICLE_LABELS: Record<Vehicle, string> = {
  bike: 'Bicycle or e-bike',
  motorbike: 'Motorbike or scooter',
  car: 'Car (petrol or diesel)',
  van: 'Van (petrol or diesel)',
  ev: 'Electric car or van',
};

/** The networks and clients members report pay for; the key is the slug of /pay/{network}. */
export const PAY_NETWORKS = [
  { slug: 'amazon-flex', name: 'Amazon Flex' },
  { slug: 'evri', name: 'Evri' },
  { slug: 'dpd', name: 'DPD' },
  { slug: 'yodel', name: 'Yodel' },
  { slug: 'royal-mail', name: 'Royal Mail' },
  { slug: 'parcelforce', name: 'Parcelforce' },
  { slug: 'ups', name: 'UPS' },
  { slug: 'fedex', name: 'FedEx' },
  { slug: 'dhl', name: 'DHL' },
  { slug: 'inpost', name: 'InPost' },
  { slug: 'uber-eats', name: 'Uber Eats' },
  { slug: 'deliveroo', name: 'Deliveroo' },
  { slug: 'just-eat', name: 'Just Eat' },
  { slug: 'stuart', name: 'Stuart' },
  { slug: 'gophr', name: 'Gophr' },
  { slug: 'citysprint', name: 'CitySprint' },
  { slug: 'agency', name: 'An agency' },
  { slug: 'own-customers', name: 'Own customers' },
  { slug: 'other', name: 'Other' },
] as const;
export type TPayNetwork = (typeof PAY_NETWORKS)[number]['slug'];
export const PAY_NETWORK_SLUGS = PAY_NETWORKS.map((n) => n.slug) as [TPayNetwork, ...TPayNetwork[]];
export const payNetworkName = (slug: string) => PAY_NETWORKS.find((n) => n.slug === slug)?.name;

export const PAY_ENGAGEMENTS = ['self_employed', 'owner_driver', 'agency', 'employed'] as const;
export type TPayEngagement = (typeof PAY_ENGAGEMENTS)[number];
export const PAY_ENGAGEMENT_LABELS: Record<TPayEngagement, string> = {
  self_employed: 'Self-employed',
  owner_driver: 'Owner driver',
  agency: 'Through an agency',
  employed: 'Employed',
};

/** The UK's twelve nations and regions (ITL 1), plus the Crown Dependencies that have postcodes. */
export const PAY_REGIONS = [
  { slug: 'london', name: 'London' },
  { slug: 'south-east', name: 'South East' },
  { slug: 'east', name: 'East of England' },
  { slug: 'south-west', name: 'South West' },
  { slug: 'west-midlands', name: 'West Midlands' },
  { slug: 'east-midlands', name: 'East Midlands' },
  { slug: 'yorkshire', name: 'Yorkshire and the Humber' },
  { slug: 'north-west', name: 'North West' },
  { slug: 'north-east', name: 'North East' },
  { slug: 'wales', name: 'Wales' },
  { slug: 'scotland', name: 'Scotland' },
  { slug: 'northern-ireland', name: 'Northern Ireland' },
  { slug: 'islands', name: 'Channel Islands and Isle of Man' },
] as const;
export type TPayRegion = (typeof PAY_REGIONS)[number]['slug'];
export const PAY_REGION_SLUGS = PAY_REGIONS.map((r) => r.slug) as [TPayRegion, ...TPayRegion[]];
export const payRegionName = (slug: string) => PAY_REGIONS.find((r) => r.slug === slug)?.name;

/**
 * Every UK postcode area (and GY, JE, IM) → its region. An area that straddles a boundary goes to
 * the region most of its districts are in (KT and TW to London, SY to the West Midlands, DA to the
 * South East): the index reports regions, and one area is never split.
 */
const AREAS_BY_REGION: Record<TPayRegion, readonly string[]> = {
  london: ['E', 'EC', 'N', 'NW', 'SE', 'SW', 'W', 'WC', 'BR', 'CR', 'EN', 'HA', 'IG', 'KT', 'RM', 'SM', 'TW', 'UB'],
  'south-east': ['BN', 'CT', 'DA', 'GU', 'HP', 'ME', 'MK', 'OX', 'PO', 'RG', 'RH', 'SL', 'SO', 'TN'],
  east: ['AL', 'CB', 'CM', 'CO', 'IP', 'LU', 'NR', 'PE', 'SG', 'SS', 'WD'],
  'south-west': ['BA', 'BH', 'BS', 'DT', 'EX', 'GL', 'PL', 'SN', 'SP', 'TA', 'TQ', 'TR'],
  'west-midlands': ['B', 'CV', 'DY', 'HR', 'ST', 'SY', 'TF', 'WR', 'WS', 'WV'],
  'east-midlands': ['DE', 'LE', 'LN', 'NG', 'NN'],
  yorkshire: ['BD', 'DN', 'HD', 'HG', 'HU', 'HX', 'LS', 'S', 'WF', 'YO'],
  'north-west': ['BB', 'BL', 'CA', 'CH', 'CW', 'FY', 'L', 'LA', 'M', 'OL', 'PR', 'SK', 'WA', 'WN'],
  'north-east': ['DH', 'DL', 'NE', 'SR', 'TS'],
  wales: ['CF', 'LD', 'LL', 'NP', 'SA'],
  scotland: ['AB', 'DD', 'DG', 'EH', 'FK', 'G', 'HS', 'IV', 'KA', 'KW', 'KY', 'ML', 'PA', 'PH', 'TD', 'ZE'],
  'northern-ireland': ['BT'],
  islands: ['GY', 'JE', 'IM'],
};
export const POSTCODE_AREA_REGION: Readonly<Record<string, TPayRegion>> = Object.fromEntries(
  Object.entries(AREAS_BY_REGION).flatMap(([region, areas]) => areas.map((a) => [a, region as TPayRegion])),
);

/**
 * A postcode district (outward code: `M14`, `BS1`, `SW1A`, `EC1V`) or a whole postcode (`M14 5AB`,
 * of which only the district is read) → its area and region; null when it is not a UK postcode.
 * Only the area is ever stored.
 */
export function postcodeArea(input: string): { area: string; region: TPayRegion } | null {
  const s = input.trim().toUpperCase().replace(/\s+/g, ' ');
  const m = /^([A-Z]{1,2})[0-9][0-9A-Z]?(?: ?[0-9][A-Z]{2})?$/.exec(s);
  if (!m) return null;
  const region = POSTCODE_AREA_REGION[m[1]!];
  return region ? { area: m[1]!, region } : null;
}

