// The Courier Pay Index (issue 19): its lists, limits, privacy rules and messages, without zod (the
// schemas are in contracts/pay.ts). The client's form and pages and the server's service read the
// same rules from here.
import { PAY_TRUST, TRUST_LEVEL_NAMES } from './trust.ts';

// The networks, engagements, regions and postcode areas are the trade's shared lists (rules/trade.ts), re-exported here.
export {
  PAY_ENGAGEMENT_LABELS,
  PAY_ENGAGEMENTS,
  PAY_NETWORK_SLUGS,
  PAY_NETWORKS,
  PAY_REGION_SLUGS,
  PAY_REGIONS,
  payNetworkName,
  payRegionName,
  POSTCODE_AREA_REGION,
  postcodeArea,
  type TPayEngagement,
  type TPayNetwork,
  type TPayRegion,
} from './trade.ts';

/**
 * A report covers a day (start = end) or a week of up to 7 days (end at most 6 days after start):
 * how members are paid (daily rates, weekly statements). Hours are at most 16 per day of the period.
 */
export const PAY_PERIOD_MAX_DAYS = 7;
export const PAY_HOURS_PER_DAY_MAX = 16;
/** Gross pay per hour above this is refused as impossible (a typo: pence for pounds, a month for a week). */
export const PAY_GROSS_HOURLY_MAX = 150;
/** Net £/h outside this range is kept, visible to admins, but out of the figures. */
export const PAY_OUTLIER_NET_HOURLY = { min: 0, max: 60 } as const;
export const PAY_DROPS_PER_DAY_MAX = 600;
export const PAY_MILES_PER_DAY_MAX = 800;
export const PAY_MONEY_MAX = 20_000;
/**
 * Privacy (issue 28; docs/SECURITY.md "Courier Pay Index: threat model"). Each member is one vote in a
 * figure: their own median of their reports in it. The median is published from PAY_MIN_MEMBERS
 * members, the middle half (25th and 75th percentiles) only from PAY_MIN_MEMBERS_SPREAD, and every
 * published figure is rounded to PAY_ROUND_TO pounds. Only members who count (PAY_TRUST in
 * rules/trust.ts: level 1 or more, an account 14 days old, a report 24 hours after it was sent) are in
 * a figure at all, and the figures are a snapshot computed once a day.
 */
export const PAY_MIN_MEMBERS = 5;
export const PAY_MIN_MEMBERS_SPREAD = 10;
export const PAY_ROUND_TO = 0.1;
/** A published figure, rounded to the nearest £0.10 (PAY_ROUND_TO): 11.3065 → 11.3. */
export const roundPayFigure = (n: number) => Math.round(n * 10) / 10;
/** How many daily snapshots are kept (only the newest is read; the rest are a short trail for operators). */
export const PAY_SNAPSHOT_KEEP_DAYS = 30;
/** Reports whose period started longer ago than this drop out of the index (and cannot be sent). */
export const PAY_WINDOW_MONTHS = 24;
/** The open licence of the published aggregates (the /pay pages and the CSV say it). */
export const PAY_LICENCE = { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' } as const;

export const isPayOutlier = (netHourly: number) => netHourly < PAY_OUTLIER_NET_HOURLY.min || netHourly > PAY_OUTLIER_NET_HOURLY.max;

/** Days in a period, counting both ends (dates 'YYYY-MM-DD'). */
export function periodDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The first day still inside the index's window on `today` (24 months back). */
export function payWindowStart(today: string): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - PAY_WINDOW_MONTHS);
  return d.toISOString().slice(0, 10);
}

/** National Living Wage (workers aged 21 and over) with the date each rate took effect: £12.21 to 31 March 2026. */
export const NATIONAL_LIVING_WAGE = [
  { from: '2024-04-01', hourly: 11.44 },
  { from: '2025-04-01', hourly: 12.21 },
  { from: '2026-04-01', hourly: 12.71 },
] as const;

/** The rate in force on `date` (before the table: its first rate, the lowest the index compares with). */
export function livingWageOn(date: string): { from: string; hourly: number } {
  let found: { from: string; hourly: number } = NATIONAL_LIVING_WAGE[0];
  for (const r of NATIONAL_LIVING_WAGE) if (r.from <= date) found = r;
  return found;
}

/** '2026-11-09' → '2026-Q4'. */
export const quarterOf = (date: string) => `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;
/** '2026-Q4' → its first day, '2026-10-01'. */
export const quarterStart = (quarter: string) => `${quarter.slice(0, 4)}-${String((Number(quarter.slice(6)) - 1) * 3 + 1).padStart(2, '0')}-01`;

/** What the index's pages say about how the figures are made (issue 28), one sentence each. */
export const PAY_TEXT = {
  privacy: `Private by design: each member counts once in a figure (their own median), a figure appears only when at least ${PAY_MIN_MEMBERS} different members count towards it and its middle half only from ${PAY_MIN_MEMBERS_SPREAD}, figures are rounded to 10p, and no single report is ever shown.`,
  whoCounts: `A report counts from ${PAY_TRUST.reportDelayHours} hours after it is sent, once its author's account is ${PAY_TRUST.minAccountDays} days old and has reached the ${TRUST_LEVEL_NAMES[PAY_TRUST.minLevel]} trust level; reports older than ${PAY_WINDOW_MONTHS} months drop out.`,
  computed: (when: string) => `Figures last computed ${when}. They are recomputed once a day.`,
  notComputed: 'The figures have not been computed yet. They are computed once a day.',
  figureNeeds: `a figure needs ${PAY_MIN_MEMBERS} members`,
  spreadNeeds: `The middle half shows from ${PAY_MIN_MEMBERS_SPREAD} members.`,
  afterSending: `Your report counts towards the figures from the first daily update ${PAY_TRUST.reportDelayHours} hours after you send or edit it.`,
} as const;

export const PAY_MSG = {
  networkInvalid: 'Choose the network or client you worked for',
  engagementInvalid: 'Choose how you were engaged: self-employed, owner driver, agency or employed',
  vehicleInvalid: 'Choose the vehicle you used',
  postcodeInvalid: 'Enter a UK postcode district, such as M14 or BS1',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  periodOrder: 'The period must end on or after the day it starts',
  periodTooLong: `A report covers a day or a week: at most ${PAY_PERIOD_MAX_DAYS} days`,
  periodFuture: 'The period cannot end in the future',
  periodTooOld: `Only periods within the last ${PAY_WINDOW_MONTHS} months can be reported`,
  hoursInvalid: 'Enter the hours you worked, including waiting, as a number above 0',
  hoursTooMany: (days: number) => `At most ${PAY_HOURS_PER_DAY_MAX * days} hours for ${days === 1 ? 'a day' : `${days} days`} (${PAY_HOURS_PER_DAY_MAX} a day)`,
  dropsInvalid: 'Enter the parcels or drops as a whole number, 0 or more',
  dropsTooMany: (days: number) => `At most ${PAY_DROPS_PER_DAY_MAX * days} drops for ${days === 1 ? 'a day' : `${days} days`}`,
  milesInvalid: 'Enter the miles as a number, 0 or more',
  milesTooMany: (days: number) => `At most ${PAY_MILES_PER_DAY_MAX * days} miles for ${days === 1 ? 'a day' : `${days} days`}`,
  moneyInvalid: 'Enter an amount in pounds, 0 or more',
  moneyTooHigh: `Amounts are at most £${PAY_MONEY_MAX.toLocaleString('en-GB')}`,
  grossTooHigh: `That is more than £${PAY_GROSS_HOURLY_MAX} an hour before costs: check the gross pay and the hours`,
  duplicate: 'You have already reported this network for some of these days: edit that report instead',
  notFound: 'Pay report not found',
  nothingToUpdate: 'Nothing to update',
  deleted: 'Pay report deleted',
} as const;
