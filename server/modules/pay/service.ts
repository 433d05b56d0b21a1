import { and, desc, eq, gte, lte, ne, sql } from 'drizzle-orm';
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
  PAY_INDEX_TTL_MS,
  PAY_MIN_MEMBERS,
  PAY_MIN_REPORTS,
  PAY_MSG,
  PAY_NETWORK_SLUGS,
  payWindowStart,
  postcodeArea,
  quarterStart,
  type TPayNetwork,
  type TPayRegion,
} from '../../../common/rules/pay.ts';
import type { Vehicle } from '../../../common/pay-estimator.ts';
import type { Core } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import { payReports, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../http-errors.ts';
import type { SessionUser } from '../../identity/index.ts';
import type { z } from 'zod';

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

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
const duplicate = () => conflict(PAY_MSG.duplicate, { periodStart: PAY_MSG.duplicate });

// ---- The index ----

type Quartiles = { p25: number; median: number; p75: number };
type AggregateRow = { network: string; region: string | null; vehicle: string | null; reports: number; members: number; quartiles: Quartiles | null };
type TrendRow = { network: string; quarter: string; reports: number; members: number; quartiles: Quartiles | null };
export type PayAggregates = { since: string; rows: AggregateRow[]; trend: TrendRow[] };

const round2 = (n: number) => Math.round(n * 100) / 100;
/** The privacy rule: quartiles only when they rest on enough reports from enough members. */
const published = (reports: number, members: number, q: Quartiles) =>
  reports >= PAY_MIN_REPORTS && members >= PAY_MIN_MEMBERS ? { p25: round2(q.p25), median: round2(q.median), p75: round2(q.p75) } : null;

type SqlAggregate = { network: string; region: string | null; vehicle: string | null; reports: number | string; members: number | string; p25: number | string; median: number | string; p75: number | string };

/**
 * Every figure the index publishes, computed in SQL over the last 24 months, outliers left out: by
 * network, network × region, network × vehicle, network × region × vehicle (grouping sets; a null
 * region or vehicle means all), and per network by quarter. Quartiles below the threshold never
 * leave this function.
 */
async function computeAggregates(db: Db, today: string): Promise<PayAggregates> {
  const since = payWindowStart(today);
  const quartiles = sql`
    count(*) as reports,
    count(distinct user_id) as members,
    percentile_cont(0.25) within group (order by net_hourly) as p25,
    percentile_cont(0.5) within group (order by net_hourly) as median,
    percentile_cont(0.75) within group (order by net_hourly) as p75`;
  // db.execute answers {rows} on both drivers (node-postgres and PGlite).
  const grouped = (await db.execute(sql`
    select network, region, vehicle, ${quartiles}
    from ${payReports}
    where outlier = false and period_start >= ${since}
    group by grouping sets ((network), (network, region), (network, vehicle), (network, region, vehicle))`)) as unknown as { rows: SqlAggregate[] };
  const quarterly = (await db.execute(sql`
    select network, extract(year from period_start)::int || '-Q' || extract(quarter from period_start)::int as quarter, ${quartiles}
    from ${payReports}
    where outlier = false and period_start >= ${since}
    group by 1, 2
    order by 1, 2`)) as unknown as { rows: Array<SqlAggregate & { quarter: string }> };
  const toRow = (r: SqlAggregate) => {
    const reports = Number(r.reports);
    const members = Number(r.members);
    return { reports, members, quartiles: published(reports, members, { p25: Number(r.p25), median: Number(r.median), p75: Number(r.p75) }) };
  };
  return {
    since,
    rows: grouped.rows.map((r) => ({ network: r.network, region: r.region, vehicle: r.vehicle, ...toRow(r) })),
    trend: quarterly.rows.map((r) => ({ network: r.network, quarter: r.quarter, ...toRow(r) })),
  };
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

/** The pay service: buildApp creates it once from the core. */
export function createPayService({ db, clock }: Pick<Core, 'db' | 'clock'>) {
  const today = () => ukToday(clock.now());

  // The computed index, kept for PAY_INDEX_TTL_MS and dropped by any write in this process. Another
  // process's write shows here within the TTL: a minute's lag on a crowd-sourced median is harmless,
  // and it saves a bus event per report.
  let cached: { at: number; day: string; value: Promise<PayAggregates> } | null = null;
  const aggregates = (): Promise<PayAggregates> => {
    const now = clock.now().getTime();
    const day = today();
    if (!cached || now - cached.at > PAY_INDEX_TTL_MS || cached.day !== day) {
      const value = computeAggregates(db, day);
      cached = { at: now, day, value };
      value.catch(() => {
        if (cached?.value === value) cached = null;
      });
    }
    return cached.value;
  };
  const invalidate = () => {
    cached = null;
  };

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
    aggregates,
    invalidate,

    async create(user: SessionUser, input: ReportInput): Promise<TPayReport> {
      const values = columns(input, today());
      await refuseOverlap(user.id, values);
      try {
        const [row] = await db.insert(payReports).values({ ...values, userId: user.id }).returning();
        invalidate();
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
        const [row] = await db.update(payReports).set({ ...values, updatedAt: clock.now() }).where(eq(payReports.id, id)).returning();
        invalidate();
        return presentPayReport(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate();
        throw err;
      }
    },

    async remove(user: SessionUser, id: number): Promise<void> {
      await ownReport(user, id);
      await db.delete(payReports).where(eq(payReports.id, id));
      invalidate();
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
      const agg = await aggregates();
      const wage = livingWageOn(today());
      return { figures: selectFigures(agg, q), trend: selectTrend(agg, q.network), livingWage: { hourly: wage.hourly, from: wage.from }, since: agg.since };
    },
  };
}
export type PayService = ReturnType<typeof createPayService>;
