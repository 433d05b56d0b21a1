import { z } from 'zod';
import { VEHICLES } from '../pay-estimator.ts';
import {
  PAY_DROPS_PER_DAY_MAX,
  PAY_ENGAGEMENTS,
  PAY_GROSS_HOURLY_MAX,
  PAY_HOURS_PER_DAY_MAX,
  PAY_MILES_PER_DAY_MAX,
  PAY_MONEY_MAX,
  PAY_MSG,
  PAY_NETWORK_SLUGS,
  PAY_PERIOD_MAX_DAYS,
  PAY_REGION_SLUGS,
  periodDays,
  postcodeArea,
} from '../rules/pay.ts';
import { endpoint } from './endpoint.ts';

// The Courier Pay Index (issue 19; docs/API.md "Courier Pay Index"): members report their pay for a
// day or a week; the index publishes aggregates only. Rules and messages are in rules/pay.ts.

export const ZPayNetwork = z.enum(PAY_NETWORK_SLUGS, { error: PAY_MSG.networkInvalid });
export const ZPayEngagement = z.enum(PAY_ENGAGEMENTS, { error: PAY_MSG.engagementInvalid });
export const ZPayVehicle = z.enum(VEHICLES, { error: PAY_MSG.vehicleInvalid });
export const ZPayRegion = z.enum(PAY_REGION_SLUGS, { error: 'Unknown region' });

const day = z.string({ error: PAY_MSG.dateInvalid }).regex(/^\d{4}-\d{2}-\d{2}$/, PAY_MSG.dateInvalid).refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), PAY_MSG.dateInvalid);
const money = z.number({ error: PAY_MSG.moneyInvalid }).min(0, PAY_MSG.moneyInvalid).max(PAY_MONEY_MAX, PAY_MSG.moneyTooHigh);

export const ZPayCosts = z.object(
  { fuel: money.default(0), vehicle: money.default(0), insurance: money.default(0), other: money.default(0) },
  { error: 'Costs must be an object of fuel, vehicle, insurance and other' },
);

const fields = {
  network: ZPayNetwork,
  engagement: ZPayEngagement,
  vehicle: ZPayVehicle,
  postcode: z.string({ error: PAY_MSG.postcodeInvalid }).max(10, PAY_MSG.postcodeInvalid).refine((s) => postcodeArea(s) !== null, PAY_MSG.postcodeInvalid),
  periodStart: day,
  periodEnd: day,
  hours: z.number({ error: PAY_MSG.hoursInvalid }).gt(0, PAY_MSG.hoursInvalid),
  drops: z.number({ error: PAY_MSG.dropsInvalid }).int(PAY_MSG.dropsInvalid).min(0, PAY_MSG.dropsInvalid),
  miles: z.number({ error: PAY_MSG.milesInvalid }).min(0, PAY_MSG.milesInvalid),
  grossPay: money,
  costs: ZPayCosts,
};

type Fields = { periodStart: string; periodEnd: string; hours: number; drops: number; miles: number; grossPay: number };

/**
 * The rules that read several fields (the period's length bounds hours, drops and miles; gross pay
 * per hour has a ceiling), each message on the field to change. "Not in the future" and "not older
 * than the window" need today's date: the service checks them (the client's form too).
 */
export function checkPayReport(v: Fields, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const days = periodDays(v.periodStart, v.periodEnd);
  if (days < 1) return issue('periodEnd', PAY_MSG.periodOrder);
  if (days > PAY_PERIOD_MAX_DAYS) return issue('periodEnd', PAY_MSG.periodTooLong);
  if (v.hours > PAY_HOURS_PER_DAY_MAX * days) issue('hours', PAY_MSG.hoursTooMany(days));
  if (v.drops > PAY_DROPS_PER_DAY_MAX * days) issue('drops', PAY_MSG.dropsTooMany(days));
  if (v.miles > PAY_MILES_PER_DAY_MAX * days) issue('miles', PAY_MSG.milesTooMany(days));
  if (v.hours > 0 && v.grossPay / v.hours > PAY_GROSS_HOURLY_MAX) issue('grossPay', PAY_MSG.grossTooHigh);
}

/** POST /api/pay-reports. */
export const ZPayReportRequest = z.object(fields).superRefine(checkPayReport);
export type TPayReportRequest = z.input<typeof ZPayReportRequest>;

/**
 * PATCH /api/pay-reports/:id: any of the fields (`costs` whole); the service checks the merged
 * report with the same rules.
 */
export const ZPayReportUpdateRequest = z
  .object({
    network: fields.network.optional(),
    engagement: fields.engagement.optional(),
    vehicle: fields.vehicle.optional(),
    postcode: fields.postcode.optional(),
    periodStart: fields.periodStart.optional(),
    periodEnd: fields.periodEnd.optional(),
    hours: fields.hours.optional(),
    drops: fields.drops.optional(),
    miles: fields.miles.optional(),
    grossPay: fields.grossPay.optional(),
    costs: fields.costs.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: PAY_MSG.nothingToUpdate });
export type TPayReportUpdateRequest = z.input<typeof ZPayReportUpdateRequest>;

/** A report as its author (and admins) see it: the postcode only as its area. */
export const ZPayReport = z.object({
  id: z.number(),
  network: ZPayNetwork,
  engagement: ZPayEngagement,
  vehicle: ZPayVehicle,
  postcodeArea: z.string(),
  region: ZPayRegion,
  periodStart: z.string(),
  periodEnd: z.string(),
  hours: z.number(),
  drops: z.number(),
  miles: z.number(),
  grossPay: z.number(),
  costs: z.object({ fuel: z.number(), vehicle: z.number(), insurance: z.number(), other: z.number() }),
  /** Net £ per hour after costs. */
  netHourly: z.number(),
  /** Kept out of the index's figures (net £/h below 0 or above the ceiling). */
  outlier: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPayReport = z.infer<typeof ZPayReport>;

/** The admin's list adds who sent each report. */
export const ZAdminPayReport = ZPayReport.extend({ author: z.object({ id: z.number(), username: z.string() }) });
export type TAdminPayReport = z.infer<typeof ZAdminPayReport>;

/**
 * A published figure, net £/h rounded to £0.10: the median of the members' own medians (each member one
 * vote), from 5 members; the 25th and 75th percentiles only from 10 members, else null.
 */
const ZQuartiles = z.object({ p25: z.number().nullable(), median: z.number(), p75: z.number().nullable() });

/**
 * One aggregate: region or vehicle null means all of them. `reports` and `members` count only what
 * counts (rules/trust.ts PAY_TRUST); `netHourly` null below 5 members.
 */
export const ZPayFigure = z.object({
  network: ZPayNetwork,
  region: ZPayRegion.nullable(),
  vehicle: ZPayVehicle.nullable(),
  reports: z.number(),
  members: z.number(),
  netHourly: ZQuartiles.nullable(),
});
export type TPayFigure = z.infer<typeof ZPayFigure>;

export const ZPayTrendPoint = z.object({
  quarter: z.string(),
  reports: z.number(),
  members: z.number(),
  netHourly: ZQuartiles.nullable(),
  /** The National Living Wage in force on the quarter's first day. */
  livingWage: z.number(),
});
export type TPayTrendPoint = z.infer<typeof ZPayTrendPoint>;

export const ZPayIndex = z.object({
  figures: z.array(ZPayFigure),
  /** With `network`: its quarters, oldest first (the network as a whole); otherwise empty. */
  trend: z.array(ZPayTrendPoint),
  /** The National Living Wage in force today, what the figures are set beside. */
  livingWage: z.object({ hourly: z.number(), from: z.string() }),
  /** The first period start the index counts (24 months back). */
  since: z.string(),
  /** When the day's snapshot these figures come from was computed (once a day); null before the first. */
  computedAt: z.string().nullable(),
});
export type TPayIndex = z.infer<typeof ZPayIndex>;

export const ZPayIndexQuery = z.object({
  network: ZPayNetwork.optional(),
  region: ZPayRegion.optional(),
  vehicle: ZPayVehicle.optional(),
});
export type TPayIndexQuery = z.infer<typeof ZPayIndexQuery>;

/** `:id`; anything but a positive integer is an id that does not exist (404). */
export const ZPayIdParams = z.object({
  id: z
    .string()
    .max(32)
    .transform((s) => (/^[1-9]\d{0,8}$/.test(s) ? Number(s) : 0)),
});

// ---- Endpoints ----

export const createPayReport = endpoint({
  method: 'POST',
  path: '/api/pay-reports',
  body: ZPayReportRequest,
  responses: { 201: ZPayReport },
  errors: [400, 401, 403, 409, 429],
});

export const listMyPayReports = endpoint({
  method: 'GET',
  path: '/api/pay-reports/mine',
  responses: { 200: z.array(ZPayReport) },
  errors: [401, 403],
});

/** The author or an admin; anyone else hears 404. */
export const updatePayReport = endpoint({
  method: 'PATCH',
  path: '/api/pay-reports/:id',
  params: ZPayIdParams,
  body: ZPayReportUpdateRequest,
  responses: { 200: ZPayReport },
  errors: [400, 401, 403, 404, 409],
});

export const deletePayReport = endpoint({
  method: 'DELETE',
  path: '/api/pay-reports/:id',
  params: ZPayIdParams,
  responses: { 200: z.object({ message: z.string() }) },
  errors: [401, 403, 404],
});

/** Public: the aggregates only, from the newest daily snapshot. */
export const getPayIndex = endpoint({
  method: 'GET',
  path: '/api/pay-index',
  query: ZPayIndexQuery,
  responses: { 200: ZPayIndex },
  errors: [400],
});

/** Every report, outliers included, newest first (the latest 500). */
export const listAdminPayReports = endpoint({
  method: 'GET',
  path: '/api/admin/pay-reports',
  responses: { 200: z.array(ZAdminPayReport) },
  errors: [401, 403],
});
