import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  TAnalyticsReport,
  TAnalyticsReportQuery,
  ZPageViewRequest,
  ZSessionEndRequest,
  ZSessionStartRequest,
  ZUserActionRequest,
  ZVitalsRequest,
} from '../../../common/contracts/analytics.ts';
import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  ANALYTICS_MSG,
  ANALYTICS_TIMEZONE,
  ANALYTICS_TOP_PAGES,
  USER_AGENT_MAX,
} from '../../../common/rules/analytics.ts';
import { VITAL_NAMES, type TVitalName } from '../../../common/rules/vitals.ts';
import { londonDate } from '../../../common/london-day.ts';
import type { Core } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../http-errors.ts';
import { AnalyticsBuffer, FLUSH_EVERY_MS } from './ingest.ts';

/**
 * Spec §9's share device types from a user agent (no screen width on the server): tablets first,
 * since Android tablets say "Android" without "Mobile". Null when there is no user agent.
 */
export function deviceTypeOf(userAgent: string | null | undefined): 'mobile' | 'tablet' | 'desktop' | null {
  if (!userAgent) return null;
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini|IEMobile/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** The body's user agent, else the request's, capped like the contract caps the body's. */
export const userAgentOf = (fromBody: string | null, header: string | undefined) =>
  (fromBody ?? header ?? '').slice(0, USER_AGENT_MAX) || null;

// ---- Admin report ----

const DAY_MS = 86_400_000;

/** Today in Europe/London, as YYYY-MM-DD. */
export const londonToday = (now: Date): string => londonDate(now);

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/**
 * The report's period: both ends inclusive, Europe/London days. Defaults: `to` today, `from` 29 days
 * before `to` (30 days), or 29 days after a `from` given alone; a period longer than 366 days or backwards is a 400.
 */
export function resolvePeriod(q: TAnalyticsReportQuery, now: Date): { from: string; to: string } {
  const to = q.to ?? (q.from ? dayString(dayNumber(q.from) + ANALYTICS_DEFAULT_DAYS - 1) : londonToday(now));
  const from = q.from ?? dayString(dayNumber(to) - (ANALYTICS_DEFAULT_DAYS - 1));
  if (from > to) throw badRequest(ANALYTICS_MSG.rangeOrder, { from: ANALYTICS_MSG.rangeOrder });
  if (dayNumber(to) - dayNumber(from) + 1 > ANALYTICS_MAX_DAYS) throw badRequest(ANALYTICS_MSG.rangeTooLong, { from: ANALYTICS_MSG.rangeTooLong });
  return { from, to };
}

type Row = Record<string, unknown>;
async function rows<T extends Row>(db: Db, query: SQL): Promise<T[]> {
  // Both drivers (node-postgres and PGlite) answer with `{ rows }`.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * GET /api/admin/analytics: every number is computed by PostgreSQL over the period's Europe/London
 * days [from 00:00, to+1 00:00). A page view is an arrival record (no timeOnPage and no scrollDepth);
 * averages of time on page and scroll depth are over the exit records that carry them.
 */
async function analyticsReport(db: Db, period: { from: string; to: string }): Promise<TAnalyticsReport> {
  const tz = ANALYTICS_TIMEZONE;
  const start = sql`(${period.from}::date)::timestamp at time zone ${tz}`;
  const end = sql`((${period.to}::date) + 1)::timestamp at time zone ${tz}`;
  const inPeriod = (column: string) => sql`${sql.identifier(column)} >= ${start} and ${sql.identifier(column)} < ${end}`;
  const londonDay = (column: string) => sql`(${sql.identifier(column)} at time zone ${tz})::date`;
  const isView = sql`time_on_page is null and scroll_depth is null`;

  const [totalsRows, dayRows, pageRows, actionRows, shareRows, vitalRows] = await Promise.all([
    rows<{
      sessions: number;
      page_views: number;
      actions: number;
      shares: number;
      share_failures: number;
      sign_ups: number;
      avg_time: number | null;
      avg_scroll: number | null;
    }>(
      db,
      sql`select
        (select count(*)::int from analytics_sessions where ${inPeriod('started_at')}) as sessions,
        (select count(*)::int from analytics_page_views where ${inPeriod('created_at')} and ${isView}) as page_views,
        (select count(*)::int from analytics_actions where ${inPeriod('created_at')}) as actions,
        (select count(*)::int from share_events where ${inPeriod('created_at')} and success) as shares,
        (select count(*)::int from share_events where ${inPeriod('created_at')} and not success) as share_failures,
        (select count(*)::int from users where ${inPeriod('created_at')}) as sign_ups,
        (select round(avg(time_on_page), 1)::float8 from analytics_page_views where ${inPeriod('created_at')}) as avg_time,
        (select round(avg(scroll_depth), 1)::float8 from analytics_page_views where ${inPeriod('created_at')}) as avg_scroll`,
    ),
    rows<{ date: string; sessions: number; page_views: number; sign_ups: number }>(
      db,
      sql`with days as (
          select d::date as day from generate_series(${period.from}::date, ${period.to}::date, interval '1 day') as d
        ),
        s as (select ${londonDay('started_at')} as day, count(*)::int as n from analytics_sessions where ${inPeriod('started_at')} group by 1),
        v as (select ${londonDay('created_at')} as day, count(*)::int as n from analytics_page_views where ${inPeriod('created_at')} and ${isView} group by 1),
        u as (select ${londonDay('created_at')} as day, count(*)::int as n from users where ${inPeriod('created_at')} group by 1)
        select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(s.n, 0) as sessions, coalesce(v.n, 0) as page_views, coalesce(u.n, 0) as sign_ups
        from days left join s on s.day = days.day left join v on v.day = days.day left join u on u.day = days.day
        order by days.day`,
    ),
    rows<{ page_url: string; views: number; avg_time: number | null; avg_scroll: number | null }>(
      db,
      sql`select page_url,
          count(*) filter (where ${isView})::int as views,
          round(avg(time_on_page), 1)::float8 as avg_time,
          round(avg(scroll_depth), 1)::float8 as avg_scroll
        from analytics_page_views where ${inPeriod('created_at')}
        group by page_url
        having count(*) filter (where ${isView}) > 0
        order by views desc, page_url
        limit ${ANALYTICS_TOP_PAGES}`,
    ),
    rows<{ action_type: string; n: number }>(
      db,
      sql`select action_type, count(*)::int as n from analytics_actions where ${inPeriod('created_at')}
        group by action_type order by n desc, action_type`,
    ),
    rows<{ platform: string; shares: number; failures: number }>(
      db,
      sql`select platform, count(*) filter (where success)::int as shares, count(*) filter (where not success)::int as failures
        from share_events where ${inPeriod('created_at')}
        group by platform order by shares desc, failures desc, platform`,
    ),
    rows<{ name: string; p75: number; samples: number; good: number; ni: number; poor: number }>(
      db,
      sql`select name,
          percentile_cont(0.75) within group (order by value)::float8 as p75,
          count(*)::int as samples,
          count(*) filter (where rating = 'good')::int as good,
          count(*) filter (where rating = 'needs-improvement')::int as ni,
          count(*) filter (where rating = 'poor')::int as poor
        from vitals_metrics where ${inPeriod('created_at')}
        group by name`,
    ),
  ]);

  const t = totalsRows[0];
  const order = (name: string) => VITAL_NAMES.indexOf(name as TVitalName);
  return {
    from: period.from,
    to: period.to,
    timezone: ANALYTICS_TIMEZONE,
    totals: {
      sessions: t.sessions,
      pageViews: t.page_views,
      actions: t.actions,
      shares: t.shares,
      shareFailures: t.share_failures,
      signUps: t.sign_ups,
      avgTimeOnPage: t.avg_time,
      avgScrollDepth: t.avg_scroll,
    },
    days: dayRows.map((d) => ({ date: d.date, sessions: d.sessions, pageViews: d.page_views, signUps: d.sign_ups })),
    topPages: pageRows.map((p) => ({ pageUrl: p.page_url, views: p.views, avgTimeOnPage: p.avg_time, avgScrollDepth: p.avg_scroll })),
    actions: actionRows.map((a) => ({ actionType: a.action_type, count: a.n })),
    shares: shareRows.map((s) => ({ platform: s.platform, shares: s.shares, failures: s.failures })),
    vitals: vitalRows
      .filter((v) => order(v.name) >= 0)
      .sort((a, b) => order(a.name) - order(b.name))
      .map((v) => ({ name: v.name as TVitalName, p75: v.p75, samples: v.samples, good: v.good, needsImprovement: v.ni, poor: v.poor })),
  };
}

/** An ingest call's body as its contract reads it. */
type Ingest<S extends z.ZodType> = z.output<S>;

/**
 * The analytics service: buildApp creates it once from the core. Ingest calls only push rows into its
 * write buffer (flushed on the job runner's per-process timer, and when the app closes) and never wait
 * on the database; the report is read from PostgreSQL.
 */
export function createAnalyticsService({ db, clock, log, jobs }: Pick<Core, 'db' | 'clock' | 'log' | 'jobs'>) {
  const buffer = new AnalyticsBuffer(db, log);
  jobs.inEveryProcess('analytics.flush', FLUSH_EVERY_MS, () => buffer.flush());
  return {
    buffer,
    startSession(b: Ingest<typeof ZSessionStartRequest>, userId: number | null, userAgentHeader: string | undefined) {
      const userAgent = userAgentOf(b.userAgent, userAgentHeader);
      buffer.addSession({
        id: b.sessionId,
        userId,
        userAgent,
        deviceType: deviceTypeOf(userAgent),
        referrer: b.referrer,
        landingPage: b.landingPage,
        startedAt: clock.now(),
      });
    },
    recordPageView(b: Ingest<typeof ZPageViewRequest>, userId: number | null) {
      buffer.addPageView({
        sessionId: b.sessionId,
        userId,
        pageUrl: b.pageUrl,
        pageTitle: b.pageTitle,
        referrerUrl: b.referrerUrl,
        timeOnPage: b.timeOnPage ?? null,
        scrollDepth: b.scrollDepth ?? null,
        createdAt: clock.now(),
      });
    },
    recordUserAction(b: Ingest<typeof ZUserActionRequest>, userId: number | null) {
      buffer.addAction({
        sessionId: b.sessionId,
        userId,
        actionType: b.actionType,
        actionTarget: b.actionTarget,
        actionData: b.actionData,
        pageUrl: b.pageUrl,
        createdAt: clock.now(),
      });
    },
    endSession(b: Ingest<typeof ZSessionEndRequest>) {
      buffer.endSession({ sessionId: b.sessionId, endedAt: clock.now(), durationSeconds: b.sessionDuration });
    },
    recordVitals(b: Ingest<typeof ZVitalsRequest>, userAgentHeader: string | undefined) {
      const now = clock.now();
      buffer.addVitals(
        b.reports.flatMap((r) =>
          r.metrics.map((m) => ({
            url: r.url,
            name: m.name,
            value: m.value,
            rating: m.rating,
            metricId: m.id,
            delta: m.delta,
            userAgent: userAgentOf(r.userAgent, userAgentHeader),
            connectionType: r.connectionType,
            reportedAt: r.timestamp,
            createdAt: now,
          })),
        ),
      );
    },
    /** The admin's report; what this process holds is written first, so what was just recorded shows. */
    async report(q: TAnalyticsReportQuery): Promise<TAnalyticsReport> {
      await buffer.flush();
      return analyticsReport(db, resolvePeriod(q, clock.now()));
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
