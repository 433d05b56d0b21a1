import { z } from 'zod';
import {
  ACTION_DATA_MAX_BYTES,
  ACTION_TYPES,
  ANALYTICS_MSG,
  ANALYTICS_TIMEZONE,
  MAX_VITALS_METRICS,
  MAX_VITALS_REPORTS,
  SESSION_DURATION_MAX,
  SESSION_ID_LENGTH,
  TARGET_MAX,
  TIME_ON_PAGE_MAX,
  TITLE_MAX,
  URL_MAX,
  USER_AGENT_MAX,
} from '../rules/analytics.ts';
import { VITAL_NAMES, VITAL_RATINGS } from '../rules/vitals.ts';
import { endpoint } from './endpoint.ts';

// First-party analytics, web vitals (spec §3 Analytics session, Performance report; §7; §9) and the
// admin analytics report (docs/API.md "Analytics and vitals", "Admin analytics"). Server and client
// validate with the same schemas; the bounds, messages and consent header are in rules/analytics.ts.

/** A request body: anything but a JSON object (or none at all) gets one clear message. */
const body = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { error: 'The request body must be a JSON object' });

export const ZSessionId = z
  .string({ error: ANALYTICS_MSG.sessionId })
  .regex(new RegExp(`^[A-Za-z0-9_-]{${SESSION_ID_LENGTH}}$`), ANALYTICS_MSG.sessionId);

// Optional text: absent, null and '' all mean "not given" (stored as NULL).
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
/** Whole seconds or percent: fractions from the browser's clocks are rounded. */
const bounded = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be between 0 and ${max}`)
    .max(max, `${label} must be between 0 and ${max}`)
    .transform(Math.round);

export const ZSessionStartRequest = body({
  sessionId: ZSessionId,
  userAgent: optionalText('userAgent', USER_AGENT_MAX),
  referrer: optionalText('referrer', URL_MAX),
  landingPage: requiredText('landingPage', URL_MAX),
});
export type TSessionStartRequest = z.input<typeof ZSessionStartRequest>;

/**
 * A page view. The record sent on arrival has neither timeOnPage nor scrollDepth; the one sent on
 * leaving (or when the tab is hidden) carries them. Only arrival records count as views.
 */
export const ZPageViewRequest = body({
  sessionId: ZSessionId,
  pageUrl: requiredText('pageUrl', URL_MAX),
  pageTitle: optionalText('pageTitle', TITLE_MAX),
  referrerUrl: optionalText('referrerUrl', URL_MAX),
  timeOnPage: bounded('timeOnPage', TIME_ON_PAGE_MAX).nullish(),
  scrollDepth: bounded('scrollDepth', 100).nullish(),
});
export type TPageViewRequest = z.input<typeof ZPageViewRequest>;

export const ZUserActionRequest = body({
  sessionId: ZSessionId,
  actionType: z.enum(ACTION_TYPES, { error: ANALYTICS_MSG.actionType }),
  actionTarget: optionalText('actionTarget', TARGET_MAX),
  actionData: z
    .record(z.string(), z.unknown(), { error: ANALYTICS_MSG.actionDataObject })
    .nullish()
    .refine((v) => v == null || new TextEncoder().encode(JSON.stringify(v)).length <= ACTION_DATA_MAX_BYTES, ANALYTICS_MSG.actionDataTooLarge)
    .transform((v) => v ?? null),
  pageUrl: optionalText('pageUrl', URL_MAX),
});
export type TUserActionRequest = z.input<typeof ZUserActionRequest>;

export const ZSessionEndRequest = body({
  sessionId: ZSessionId,
  sessionDuration: bounded('sessionDuration', SESSION_DURATION_MAX),
});
export type TSessionEndRequest = z.input<typeof ZSessionEndRequest>;

const finite = (label: string) => z.number({ error: `${label} must be a number` }).finite(`${label} must be a finite number`);

export const ZVitalMetric = z.object({
  name: z.enum(VITAL_NAMES, { error: ANALYTICS_MSG.metricName }),
  value: finite('Metric value').min(0, 'Metric value must not be negative'),
  rating: z.enum(VITAL_RATINGS, { error: ANALYTICS_MSG.rating }),
  id: requiredText('Metric id', 100),
  delta: finite('Metric delta'),
});

const TIMESTAMP_MIN = Date.UTC(2020, 0, 1);
export const ZVitalsReport = z.object({
  url: requiredText('url', URL_MAX),
  timestamp: z
    .union([z.number({ error: ANALYTICS_MSG.timestamp }), z.iso.datetime({ offset: true, error: ANALYTICS_MSG.timestamp })], {
      error: ANALYTICS_MSG.timestamp,
    })
    .transform((v) => new Date(v))
    // Not before 2020, not more than a day ahead of the server's clock.
    .refine((d) => !Number.isNaN(d.getTime()) && d.getTime() >= TIMESTAMP_MIN && d.getTime() <= Date.now() + 86_400_000, ANALYTICS_MSG.timestamp),
  metrics: z.array(ZVitalMetric).min(1, ANALYTICS_MSG.metricsRequired).max(MAX_VITALS_METRICS, ANALYTICS_MSG.tooManyMetrics),
  userAgent: optionalText('userAgent', USER_AGENT_MAX),
  connectionType: optionalText('connectionType', 32),
});
export type TVitalsReport = z.input<typeof ZVitalsReport>;

export const ZVitalsRequest = body({
  reports: z
    .array(ZVitalsReport, { error: 'reports must be a list' })
    .min(1, ANALYTICS_MSG.reportsRequired)
    .max(MAX_VITALS_REPORTS, ANALYTICS_MSG.tooManyReports),
});
export type TVitalsRequest = z.input<typeof ZVitalsRequest>;

/** 202 for every analytics and vitals call: accepted is false when the consent header was missing. */
export const ZAnalyticsAccepted = z.object({ accepted: z.boolean() });
export type TAnalyticsAccepted = z.infer<typeof ZAnalyticsAccepted>;

// ---- Admin report (GET /api/admin/analytics) ----

const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, ANALYTICS_MSG.dateFormat)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, ANALYTICS_MSG.dateFormat);

export const ZAnalyticsReportQuery = z.object({ from: ZDay.optional(), to: ZDay.optional() });
export type TAnalyticsReportQuery = z.infer<typeof ZAnalyticsReportQuery>;

export const ZAnalyticsDay = z.object({
  date: z.string(),
  sessions: z.number(),
  pageViews: z.number(),
  signUps: z.number(),
});
export const ZAnalyticsTopPage = z.object({
  pageUrl: z.string(),
  views: z.number(),
  /** Seconds, over the exit records of this page; null when none came in. */
  avgTimeOnPage: z.number().nullable(),
  /** Percent, likewise. */
  avgScrollDepth: z.number().nullable(),
});
export const ZAnalyticsActionCount = z.object({ actionType: z.string(), count: z.number() });
export const ZAnalyticsShareCount = z.object({ platform: z.string(), shares: z.number(), failures: z.number() });
export const ZAnalyticsVital = z.object({
  name: z.enum(VITAL_NAMES),
  p75: z.number(),
  samples: z.number(),
  good: z.number(),
  needsImprovement: z.number(),
  poor: z.number(),
});

export const ZAnalyticsReport = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.literal(ANALYTICS_TIMEZONE),
  totals: z.object({
    sessions: z.number(),
    pageViews: z.number(),
    actions: z.number(),
    shares: z.number(),
    shareFailures: z.number(),
    signUps: z.number(),
    avgTimeOnPage: z.number().nullable(),
    avgScrollDepth: z.number().nullable(),
  }),
  /** Every day of the period, oldest first, zeros included. */
  days: z.array(ZAnalyticsDay),
  topPages: z.array(ZAnalyticsTopPage),
  actions: z.array(ZAnalyticsActionCount),
  shares: z.array(ZAnalyticsShareCount),
  vitals: z.array(ZAnalyticsVital),
});
export type TAnalyticsReport = z.infer<typeof ZAnalyticsReport>;
export type TAnalyticsDay = z.infer<typeof ZAnalyticsDay>;
export type TAnalyticsVital = z.infer<typeof ZAnalyticsVital>;

// ---- Endpoints ----
// Every analytics and vitals call answers 202: {accepted: false} without the consent header (before
// its body is read), else {accepted: true}. 429: more than the per-address allowance a minute.

export const startAnalyticsSession = endpoint({
  method: 'POST',
  path: '/api/analytics/session/start',
  body: ZSessionStartRequest,
  responses: { 202: ZAnalyticsAccepted },
  errors: [400, 429],
});

export const recordPageView = endpoint({
  method: 'POST',
  path: '/api/analytics/page-view',
  body: ZPageViewRequest,
  responses: { 202: ZAnalyticsAccepted },
  errors: [400, 429],
});

export const recordUserAction = endpoint({
  method: 'POST',
  path: '/api/analytics/user-action',
  body: ZUserActionRequest,
  responses: { 202: ZAnalyticsAccepted },
  errors: [400, 429],
});

export const endAnalyticsSession = endpoint({
  method: 'POST',
  path: '/api/analytics/session/end',
  body: ZSessionEndRequest,
  responses: { 202: ZAnalyticsAccepted },
  errors: [400, 429],
});

export const reportVitals = endpoint({
  method: 'POST',
  path: '/api/metrics/vitals',
  body: ZVitalsRequest,
  responses: { 202: ZAnalyticsAccepted },
  errors: [400, 429],
});

/** The admin's report of a period of Europe/London days (both ends included). */
export const getAnalyticsReport = endpoint({
  method: 'GET',
  path: '/api/admin/analytics',
  query: ZAnalyticsReportQuery,
  responses: { 200: ZAnalyticsReport },
  errors: [400, 401, 403],
});
