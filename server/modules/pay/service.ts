import { and, desc, eq, gte, lt, lte, ne, sql } from 'drizzle-orm';
import {
  ZPayReportRequest,
  type TAdminPayReport,
  type TPayFigure,
  type TPayIndex,
  type TPayIndexQuery,
  type TPayReport,
  type TPayReportUpdateRequest,
  type TPayTrendPoint,
} from '../../../common/contracts/pay.ts';
import { ukToday } from '../../../common/pay-estimator.ts';
import {
  isPayOutlier,
  livingWageOn,
  PAY_MIN_MEMBERS,
  PAY_MIN_MEMBERS_SPREAD,
  PAY_MSG,
  PAY_NETWORK_SLUGS,
  PAY_SNAPSHOT_KEEP_DAYS,
  payWindowStart,
  postcodeArea,
  quarterStart,
  roundPayFigure,
  type TPayNetwork,
  type TPayRegion,
} from '../../../common/rules/pay.ts';
import { PAY_TRUST } from '../../../common/rules/trust.ts';
import type { Vehicle } from '../../../common/pay-estimator.ts';
import type { Core } from '../../core.ts';
import type { Db, Tx } from '../../db/client.ts';
import { payIndexSnapshots, payReports, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../http-errors.ts';
import type { SessionUser } from '../../identity/index.ts';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.ts';

type Row = typeof payReports.$inferSelect;
type ReportInput = z.output<typeof ZPayReportRequest>;

/** A report as its author (and admins, and the author's data export) see it. */
export const presentPayReport = (r: Row): TPayReport => ({
  id: r.id,
  network: r.network as TPayNetwork,
  engagement: r.engagement as TPayReport['engagement'],
  vehicle: r.vehicle as Vehicle,
  postcodeArea: r.postcodeArea,
  region: r.region as TPayRegion,
  periodStart: r.periodStart,
  periodEnd: r.periodEnd,
  hours: r.hours,
  drops: r.drops,
  miles: r.miles,
  grossPay: r.grossPay,
  costs: { fuel: r.costFuel, vehicle: r.costVehicle, insurance: r.costInsurance, other: r.costOther },
  netHourly: r.netHourly,
  outlier: r.outlier,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The request's shape back from a row: what PATCH merges its fields into. */
const asInput = (r: Row): ReportInput => ({
  network: r.network as TPayNetwork,
  engagement: r.engagement as ReportInput['engagement'],
  vehicle: r.vehicle as Vehicle,
  postcode: r.postcodeArea + '1', // any district of the area: only the area is kept
  periodStart: r.periodStart,
  periodEnd: r.periodEnd,
  hours: r.hours,
  drops: r.drops,
  miles: r.miles,
  grossPay: r.grossPay,
  costs: { fuel: r.costFuel, vehicle: r.costVehicle, insurance: r.costInsurance, other: r.costOther },
});

/** The columns of a checked report; the rules that need today's date are checked here. */
function columns(input: ReportInput, today: string) {
  if (input.periodEnd > today) throw badRequest(PAY_MSG.periodFuture, { periodEnd: PAY_MSG.periodFuture });
  if (input.periodStart < payWindowStart(today)) throw badRequest(PAY_MSG.periodTooOld, { periodStart: PAY_MSG.periodTooOld });
  const place = postcodeArea(input.postcode)!; // the schema refused anything else
  const { fuel, vehicle, insurance, other } = input.costs;
  const netHourly = (input.grossPay - fuel - vehicle - insurance - other) / input.hours;
  return {
    network: input.network,
    engagement: input.engagement,
    vehicle: input.vehicle,
    postcodeArea: place.area,
    region: place.region,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    hours: input.hours,
    drops: input.drops,
    miles: input.miles,
    grossPay: input.grossPay,
    costFuel: fuel,
    costVehicle: vehicle,
    costInsurance: insurance,
    costOther: other,
    outlier: isPayOutlier(netHourly),
  };
}

const duplicate = () => conflict(PAY_MSG.duplicate, { periodStart: PAY_MSG.duplicate });

// ---- The index ----

type Quartiles = { p25: number | null; median: number; p75: number | null };
type AggregateRow = { network: string; region: string | null; vehicle: string | null; reports: number; members: number; quartiles: Quartiles | null };
type TrendRow = { network: string; quarter: string; reports: number; members: number; quartiles: Quartiles | null };
/** What a daily snapshot holds (pay_index_snapshots.data): published figures only. */
export type PayAggregates = { since: string; rows: AggregateRow[]; trend: TrendRow[] };
/** The newest snapshot: its London day, when it was computed, and its figures. */
export type PaySnapshot = { day: string; computedAt: Date; data: PayAggregates };

/**
 * The privacy rule (common/rules/pay.ts): the median from PAY_MIN_MEMBERS members, the middle half from
 * PAY_MIN_MEMBERS_SPREAD, every figure rounded to £0.10. Nothing below a threshold leaves this function.
 */
const published = (members: number, q: { p25: number; median: number; p75: number }): Quartiles | null => {
  if (members < PAY_MIN_MEMBERS) return null;
  const spread = members >= PAY_MIN_MEMBERS_SPREAD;
  return { p25: spread ? roundPayFigure(q.p25) : null, median: roundPayFigure(q.median), p75: spread ? roundPayFigure(q.p75) : null };
};

type SqlAggregate = { network: string; region: string | null; vehicle: string | null; reports: number | string; members: number | string; p25: number | string; median: number | string; p75: number | string };

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * Every figure the index publishes on `now`, computed in SQL over the last 24 months, outliers left out,
 * from the reports that count: their author is a live, verified, unsuspended member at level ≥ 1 (an
 * admin's pin wins; admins and moderators count as level 3, as server/trust levelOfMember says) whose
 * account is at least PAY_TRUST.minAccountDays old, and the report was sent (or last edited) at least
 * PAY_TRUST.reportDelayHours ago. Each member is one vote per figure: first their own median in it
 * (m), then the percentiles of those medians. By network, network × region, network × vehicle, network ×
 * region × vehicle (grouping sets; a null region or vehicle means all; a report's own are never null),
 * and per network by quarter.
 */
async function computeAggregates(db: Db | Tx, now: Date): Promise<PayAggregates> {
  const since = payWindowStart(ukToday(now));
  const accountBefore = new Date(now.getTime() - PAY_TRUST.minAccountDays * DAY_MS);
  const reportBefore = new Date(now.getTime() - PAY_TRUST.reportDelayHours * HOUR_MS);
  const counted = sql`
    select p.network, p.region, p.vehicle, p.user_id, p.net_hourly,
      extract(year from p.period_start)::int || '-Q' || extract(quarter from p.period_start)::int as quarter
    from ${payReports} p join ${users} u on u.id = p.user_id
    where p.outlier = false and p.period_start >= ${since} and p.updated_at <= ${reportBefore}
      and u.deleted_at is null and u.suspended_at is null and u.email_verified_at is not null
      and u.created_at <= ${accountBefore}
      and (u.is_admin or u.is_moderator or coalesce(u.trust_level_pinned, u.trust_level) >= ${PAY_TRUST.minLevel})`;
  const memberMedian = sql`count(*) as n, percentile_cont(0.5) within group (order by net_hourly) as med`;
  const quartiles = sql`
    sum(n)::int as reports,
    count(*)::int as members,
    percentile_cont(0.25) within group (order by med) as p25,
    percentile_cont(0.5) within group (order by med) as median,
    percentile_cont(0.75) within group (order by med) as p75`;
  // db.execute answers {rows} on both drivers (node-postgres and PGlite).
  const grouped = (await db.execute(sql`
    with r as (${counted}),
    m as (
      select network, region, vehicle, user_id, ${memberMedian} from r
      group by grouping sets ((network, user_id), (network, region, user_id), (network, vehicle, user_id), (network, region, vehicle, user_id))
    )
    select network, region, vehicle, ${quartiles} from m group by network, region, vehicle`)) as unknown as { rows: SqlAggregate[] };
  const quarterly = (await db.execute(sql`
    with r as (${counted}),
    m as (select network, quarter, user_id, ${memberMedian} from r group by network, quarter, user_id)
    select network, quarter, ${quartiles} from m group by network, quarter order by network, quarter`)) as unknown as { rows: Array<SqlAggregate & { quarter: string }> };
  const toRow = (r: SqlAggregate) => {
    const members = Number(r.members);
    return { reports: Number(r.reports), members, quartiles: published(members, { p25: Number(r.p25), median: Number(r.median), p75: Number(r.p75) }) };
  };
  return {
    since,
    rows: grouped.rows.map((r) => ({ network: r.network, region: r.region, vehicle: r.vehicle, ...toRow(r) })),
    trend: quarterly.rows.map((r) => ({ network: r.network, quarter: r.quarter, ...toRow(r) })),
  };
}

/**
 * Computes the index as of `now` and stores it as the snapshot of `now`'s London day (replacing one
 * already there), and drops snapshots older than PAY_SNAPSHOT_KEEP_DAYS. The daily job calls it once a
 * day (ensureTodaysSnapshot); tests and browser tests call it directly.
 */
export async function computePaySnapshot(db: Db | Tx, now: Date): Promise<PaySnapshot> {
  const day = ukToday(now);
  const data = await computeAggregates(db, now);
  await db
    .insert(payIndexSnapshots)
    .values({ day, data, computedAt: now })
    .onConflictDoUpdate({ target: payIndexSnapshots.day, set: { data, computedAt: now } });
  const keepFrom = ukToday(new Date(now.getTime() - PAY_SNAPSHOT_KEEP_DAYS * DAY_MS));
  await db.delete(payIndexSnapshots).where(lt(payIndexSnapshots.day, keepFrom));
  return { day, computedAt: now, data };
}

/**
 * The daily job: computes today's (UK) snapshot unless there is one; answers whether it did. It runs as
 * a scheduled job of the runner, so of several processes one asks each period; a second ask (a run
 * repeated after a crash, or a test) finds the day's row and leaves it.
 */
export async function ensureTodaysSnapshot(db: Db, now: Date): Promise<boolean> {
  const day = ukToday(now);
  const [has] = await db.select({ id: payIndexSnapshots.id }).from(payIndexSnapshots).where(eq(payIndexSnapshots.day, day)).limit(1);
  if (has) return false;
  await computePaySnapshot(db, now);
  return true;
}

/** The figures a query asks for: one row per network (all of them without `network`), zeros where nobody reported. */
export function selectFigures(agg: PayAggregates, q: TPayIndexQuery): TPayFigure[] {
  const networks = q.network ? [q.network] : PAY_NETWORK_SLUGS;
  const key = (n: string, r: string | null, v: string | null) => `${n}|${r ?? ''}|${v ?? ''}`;
  const byKey = new Map(agg.rows.map((r) => [key(r.network, r.region, r.vehicle), r]));
  const figure = (network: TPayNetwork, region: TPayRegion | null, vehicle: Vehicle | null): TPayFigure => {
    const row = byKey.get(key(network, region, vehicle));
    return { network, region, vehicle, reports: row?.reports ?? 0, members: row?.members ?? 0, netHourly: row?.quartiles ?? null };
  };
  const out = networks.map((n) => figure(n, q.region ?? null, q.vehicle ?? null));
  // One network without filters (its own page): also its rows by region and by vehicle that have reports.
  if (q.network && !q.region && !q.vehicle) {
    for (const r of agg.rows) {
      if (r.network !== q.network || (r.region === null) === (r.vehicle === null)) continue;
      out.push(figure(q.network, r.region as TPayRegion | null, r.vehicle as Vehicle | null));
    }
  }
  return out;
}

function selectTrend(agg: PayAggregates, network: string | undefined): TPayTrendPoint[] {
  if (!network) return [];
  return agg.trend
    .filter((t) => t.network === network)
    .map((t) => ({ quarter: t.quarter, reports: t.reports, members: t.members, netHourly: t.quartiles, livingWage: livingWageOn(quarterStart(t.quarter)).hourly }));
}

const EMPTY = (today: string): PayAggregates => ({ since: payWindowStart(today), rows: [], trend: [] });
/**
 * The daily job asks hourly whether today's snapshot exists: the UK day turns at 00:00 or 23:00 UTC,
 * both the start of an hour, so the first period of a day computes it; a failed day is asked again the
 * next hour; and at start-up, the hour's run computes it when today has none (a fresh demo database
 * shows figures).
 */
const CHECK_EVERY_MS = HOUR_MS;

/**
 * The pay service: buildApp creates it once from the core. The published index is the newest daily
 * snapshot (pay_index_snapshots), never the live reports: reports sent, edited or deleted show in the
 * next day's figures, so two reads on one day cannot tell one member's report apart. The daily job is a
 * scheduled job of the runner (tests call runOnce on their clock).
 */
export function createPayService({ db, clock, log, jobs }: Pick<Core, 'db' | 'clock' | 'log' | 'jobs'>) {
  const today = () => ukToday(clock.now());

  // The newest snapshot, parsed once per process: each read asks only for the newest row's id and time
  // (one indexed row), so a snapshot computed by any process, a test or a browser test shows at once.
  let kept: { id: number; computedAt: number; snapshot: PaySnapshot } | null = null;
  async function latest(): Promise<PaySnapshot | null> {
    const [head] = await db
      .select({ id: payIndexSnapshots.id, computedAt: payIndexSnapshots.computedAt })
      .from(payIndexSnapshots)
      .orderBy(desc(payIndexSnapshots.day))
      .limit(1);
    if (!head) return null;
    if (kept && kept.id === head.id && kept.computedAt === head.computedAt.getTime()) return kept.snapshot;
    const [row] = await db.select().from(payIndexSnapshots).where(eq(payIndexSnapshots.id, head.id)).limit(1);
    if (!row) return null;
    const snapshot = { day: row.day, computedAt: row.computedAt, data: row.data as PayAggregates };
    kept = { id: row.id, computedAt: row.computedAt.getTime(), snapshot };
    return snapshot;
  }

  /** Today's snapshot, now (the daily job's work; tests call it on their clock). */
  const runOnce = () => computePaySnapshot(db, clock.now());

  jobs.every('pay.snapshot', { everyMs: CHECK_EVERY_MS }, async () => {
    const started = performance.now();
    if (await ensureTodaysSnapshot(db, clock.now())) log.info({ ms: Math.round(performance.now() - started) }, 'pay index snapshot computed');
  });

  /**
   * One report per member, network and day: a period that overlaps another of theirs on the same
   * network is a duplicate (the unique index catches the same start day, even between two racing
   * requests; this catches the rest).
   */
  async function refuseOverlap(userId: number, v: { network: string; periodStart: string; periodEnd: string }, exceptId?: number) {
    const [hit] = await db
      .select({ id: payReports.id })
      .from(payReports)
      .where(
        and(
          eq(payReports.userId, userId),
          eq(payReports.network, v.network),
          lte(payReports.periodStart, v.periodEnd),
          gte(payReports.periodEnd, v.periodStart),
          exceptId === undefined ? undefined : ne(payReports.id, exceptId),
        ),
      )
      .limit(1);
    if (hit) throw duplicate();
  }

  /** The report if `user` may change it (its author or an admin); 404 for anyone else, as if it did not exist. */
  async function ownReport(user: SessionUser, id: number): Promise<Row> {
    const [row] = await db.select().from(payReports).where(eq(payReports.id, id)).limit(1);
    if (!row || (row.userId !== user.id && !user.isAdmin)) throw notFound(PAY_MSG.notFound);
    return row;
  }

  return {
    /** The published figures and when they were computed: the newest snapshot's, or none before the first. */
    async published(): Promise<{ data: PayAggregates; computedAt: Date | null }> {
      const snapshot = await latest();
      return { data: snapshot?.data ?? EMPTY(today()), computedAt: snapshot?.computedAt ?? null };
    },
    latest,
    runOnce,

    async create(user: SessionUser, input: ReportInput): Promise<TPayReport> {
      const values = columns(input, today());
      await refuseOverlap(user.id, values);
      try {
        // Sent now on the service's clock: the report counts towards the index 24 hours from now.
        const now = clock.now();
        const [row] = await db.insert(payReports).values({ ...values, userId: user.id, createdAt: now, updatedAt: now }).returning();
        return presentPayReport(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate();
        throw err;
      }
    },

    async listMine(userId: number): Promise<TPayReport[]> {
      const rows = await db.select().from(payReports).where(eq(payReports.userId, userId)).orderBy(desc(payReports.periodStart), desc(payReports.id));
      return rows.map(presentPayReport);
    },

    async update(user: SessionUser, id: number, patch: TPayReportUpdateRequest): Promise<TPayReport> {
      const before = await ownReport(user, id);
      const merged = { ...asInput(before), ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
      // The merged report passes the same rules as a new one (a shorter period may now hold too many hours).
      const parsed = ZPayReportRequest.safeParse(merged);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
        throw badRequest(Object.values(errors)[0] ?? 'Invalid request', errors);
      }
      const values = columns(parsed.data, today());
      // An unchanged postcode keeps its area (the merged one is a stand-in district of it).
      if (patch.postcode === undefined) Object.assign(values, { postcodeArea: before.postcodeArea, region: before.region });
      // The report's author's other reports, whoever edits it.
      await refuseOverlap(before.userId, values, id);
      try {
        // An edit is a report sent again: it counts 24 hours from now (updated_at), like a new one.
        const [row] = await db.update(payReports).set({ ...values, updatedAt: clock.now() }).where(eq(payReports.id, id)).returning();
        return presentPayReport(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate();
        throw err;
      }
    },

    async remove(user: SessionUser, id: number): Promise<void> {
      await ownReport(user, id);
      await db.delete(payReports).where(eq(payReports.id, id));
    },

    async listAll(): Promise<TAdminPayReport[]> {
      const rows = await db
        .select({ report: payReports, username: users.username })
        .from(payReports)
        .innerJoin(users, eq(users.id, payReports.userId))
        .orderBy(desc(payReports.createdAt), desc(payReports.id))
        .limit(500);
      return rows.map(({ report, username }) => ({ ...presentPayReport(report), author: { id: report.userId, username } }));
    },

    async index(q: TPayIndexQuery): Promise<TPayIndex> {
      const snapshot = await latest();
      const agg = snapshot?.data ?? EMPTY(today());
      const wage = livingWageOn(today());
      return {
        figures: selectFigures(agg, q),
        trend: selectTrend(agg, q.network),
        livingWage: { hourly: wage.hourly, from: wage.from },
        since: agg.since,
        computedAt: snapshot ? snapshot.computedAt.toISOString() : null,
      };
    },
  };
}
export type PayService = ReturnType<typeof createPayService>;
