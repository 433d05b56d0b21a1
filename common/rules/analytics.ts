// First-party analytics rules without zod (spec §7, §9; docs/API.md "Analytics and vitals", "Admin
// analytics"): the consent header, the bounds of what is stored, the action types and the report's
// period. The client's tracker cuts its texts to the same bounds; the schemas are in contracts/analytics.ts.

/** Sent by the client on every analytics and vitals call when analytics consent is stored (spec §7). */
export const CONSENT_HEADER = 'X-Analytics-Consent';
export const CONSENT_GRANTED = 'granted';

export const ANALYTICS_MSG = {
  sessionId: 'sessionId must be 21 characters of letters, digits, _ or -',
  actionType: `actionType must be one of post_view, search, vote, comment, registration, login, share, navigation, page_not_found`,
  actionDataTooLarge: 'actionData must be at most 2048 bytes of JSON',
  actionDataObject: 'actionData must be a JSON object',
  metricName: 'Metric name must be one of LCP, INP, FID, CLS, FCP, TTFB',
  rating: 'Rating must be good, needs-improvement or poor',
  reportsRequired: 'reports must hold at least one report',
  tooManyReports: 'reports must hold at most 20 reports',
  metricsRequired: 'metrics must hold at least one metric',
  tooManyMetrics: 'metrics must hold at most 10 metrics per report',
  timestamp: 'timestamp must be a time in milliseconds since 1970 or an ISO date',
  rateLimited: 'Too many analytics requests from your connection. Please wait a minute and try again.',
  dateFormat: 'Dates must be YYYY-MM-DD',
  rangeOrder: 'from must not be after to',
  rangeTooLong: 'The period can be at most 366 days',
} as const;

export const SESSION_ID_LENGTH = 21;
export const URL_MAX = 2000;
export const TITLE_MAX = 300;
export const USER_AGENT_MAX = 512;
export const TARGET_MAX = 300;
export const ACTION_DATA_MAX_BYTES = 2048;
export const MAX_VITALS_REPORTS = 20;
export const MAX_VITALS_METRICS = 10;
/** A day, in seconds: longer times on one page are not believable measurements. */
export const TIME_ON_PAGE_MAX = 86_400;
/** A week, in seconds: a tab left open for longer still ends its session with at most this. */
export const SESSION_DURATION_MAX = 604_800;

/** Spec §7 user-action types, and page_not_found for the 404 page (docs/API.md). */
export const ACTION_TYPES = [
  'post_view',
  'search',
  'vote',
  'comment',
  'registration',
  'login',
  'share',
  'navigation',
  'page_not_found',
] as const;
export type TActionType = (typeof ACTION_TYPES)[number];

// ---- Admin report (GET /api/admin/analytics) ----

export const ANALYTICS_TIMEZONE = 'Europe/London';
export const ANALYTICS_DEFAULT_DAYS = 30;
export const ANALYTICS_MAX_DAYS = 366;
export const ANALYTICS_TOP_PAGES = 20;
