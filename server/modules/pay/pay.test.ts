import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAdminPayReport, ZPayIndex, ZPayReport } from '../../../common/contracts/pay.ts';
import { ukToday } from '../../../common/pay-estimator.ts';
import { londonDateStart } from '../../../common/london-day.ts';
import { livingWageOn, PAY_MSG, payWindowStart, postcodeArea, POSTCODE_AREA_REGION, quarterOf, roundPayFigure } from '../../../common/rules/pay.ts';
import { payIndexSnapshots, payReports } from '../../db/schema/index.ts';
import { seedDatabase } from '../../db/seed/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, insertMember, member, type Member } from '../../test/members.ts';
import { ensureTodaysSnapshot } from './service.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** `n` days before today (UK), as 'YYYY-MM-DD'. */
const daysAgo = (n: number) => ukToday(new Date(Date.now() - n * DAY));

const report = (over: Record<string, unknown> = {}) => ({
  network: 'evri',
  engagement: 'self_employed',
  vehicle: 'van',
  postcode: 'M14',
  periodStart: daysAgo(9),
  periodEnd: daysAgo(3),
  hours: 42.5,
  drops: 610,
  miles: 380,
  grossPay: 655,
  costs: { fuel: 95.2, vehicle: 0, insurance: 18.5, other: 0 },
  ...over,
});

describe('pay rules', () => {
  it('reads a postcode district (or a whole postcode) as its area and region', () => {
    expect(postcodeArea('M14')).toEqual({ area: 'M', region: 'north-west' });
    expect(postcodeArea('bs1')).toEqual({ area: 'BS', region: 'south-west' });
    expect(postcodeArea('SW1A')).toEqual({ area: 'SW', region: 'london' });
    expect(postcodeArea('EC1V')).toEqual({ area: 'EC', region: 'london' });
    expect(postcodeArea('EH1 1YZ')).toEqual({ area: 'EH', region: 'scotland' });
    expect(postcodeArea('BT7')).toEqual({ area: 'BT', region: 'northern-ireland' });
    for (const bad of ['', 'M', '14M', 'XX1', 'QQ9', 'M14 5', 'SW1A 1AAA']) expect(postcodeArea(bad), bad).toBeNull();
    // Every UK postcode area (121) and the three Crown Dependencies.
    expect(Object.keys(POSTCODE_AREA_REGION)).toHaveLength(124);
  });

  it('picks the National Living Wage in force on the date: £12.21 to 31 March 2026, £12.71 from 1 April 2026', () => {
    expect(livingWageOn('2026-03-31').hourly).toBe(12.21);
    expect(livingWageOn('2026-04-01').hourly).toBe(12.71);
    expect(livingWageOn('2025-04-01').hourly).toBe(12.21);
    expect(livingWageOn('2025-03-31').hourly).toBe(11.44);
    expect(quarterOf('2026-11-09')).toBe('2026-Q4');
  });
});

describe.each(testDatabases)('Courier Pay Index on %s', (kind) => {
  let t: TestApp;
  let author: Member;
  let other: Member;
  let admin: Member;
  let unverified: Member;
  let suspended: Member;
  /**
   * The app's clock: real time (a sign-up's form token is on it) plus the days the index tests skip, past
   * the 24 hours a report waits before it counts. `clock.at` reads it as milliseconds.
   */
  const clock = {
    skipped: 0,
    get at() {
      return Date.now() + this.skipped;
    },
    set at(t: number) {
      this.skipped += t - this.at;
    },
    now: () => new Date(clock.at),
  };
  /** A day on, then the daily job: what was sent until now is in the figures. */
  const nextDay = async () => {
    clock.at += 25 * HOUR;
    return t.app.pay.runOnce();
  };

  const db = () => t.database.db;
  const send = (who: { cookie: string }, body: object) => call(t, 'POST', '/api/pay-reports', { cookie: who.cookie, body });
  const create = async (who: { cookie: string }, body: object = report()) => {
    const res = await send(who, body);
    expect(res.statusCode, res.body).toBe(201);
    return ZPayReport.parse(res.json());
  };
  const index = async (query = '') => {
    const res = await call(t, 'GET', `/api/pay-index${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZPayIndex.parse(res.json());
  };
  const countRows = async () => (await db().select({ id: payReports.id }).from(payReports)).length;

  beforeAll(async () => {
    t = await buildTestApp(kind, {}, { clock });
    [author, other, admin, unverified, suspended] = [
      await member(t),
      await member(t),
      await member(t, 'admin'),
      await member(t, 'unverified'),
      await member(t, 'suspended'),
    ];
  });
  afterAll(() => t.close());

  describe('POST /api/pay-reports', () => {
    it('guest 401, unverified 403, suspended 401; nothing stored', async () => {
      const before = await countRows();
      expect((await call(t, 'POST', '/api/pay-reports', { body: report() })).statusCode).toBe(401);
      const res = await send(unverified, report());
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Email verification required');
      expect((await send(suspended, report())).statusCode).toBe(401);
      expect(await countRows()).toBe(before);
    });

    it('201 with the report; only the postcode area and region are kept', async () => {
      const me = await insertMember(t);
      const r = await create(me, report({ network: 'yodel' }));
      expect(r).toMatchObject({ network: 'yodel', postcodeArea: 'M', region: 'north-west', hours: 42.5, drops: 610, outlier: false });
      expect(r.costs).toEqual({ fuel: 95.2, vehicle: 0, insurance: 18.5, other: 0 });
      expect(r.netHourly).toBeCloseTo((655 - 95.2 - 18.5) / 42.5, 6);
      expect(JSON.stringify(r)).not.toContain('M14');
      const [row] = await db().select().from(payReports).where(eq(payReports.id, r.id));
      expect(row.postcodeArea).toBe('M');
    });

    it.each([
      [{ postcode: 'ZZ9' }, 'postcode', PAY_MSG.postcodeInvalid],
      [{ network: 'hermes' }, 'network', PAY_MSG.networkInvalid],
      [{ engagement: 'slave' }, 'engagement', PAY_MSG.engagementInvalid],
      [{ vehicle: 'tank' }, 'vehicle', PAY_MSG.vehicleInvalid],
      [{ periodStart: daysAgo(3), periodEnd: daysAgo(3), hours: 17 }, 'hours', PAY_MSG.hoursTooMany(1)],
      [{ hours: 113 }, 'hours', PAY_MSG.hoursTooMany(7)],
      [{ hours: 0 }, 'hours', PAY_MSG.hoursInvalid],
      [{ periodStart: daysAgo(10), periodEnd: daysAgo(3) }, 'periodEnd', PAY_MSG.periodTooLong],
      [{ periodStart: daysAgo(3), periodEnd: daysAgo(4) }, 'periodEnd', PAY_MSG.periodOrder],
      [{ periodStart: '2026-02-30' }, 'periodStart', PAY_MSG.dateInvalid],
      [{ grossPay: 151 * 42.5 }, 'grossPay', PAY_MSG.grossTooHigh],
      [{ grossPay: -1 }, 'grossPay', PAY_MSG.moneyInvalid],
      [{ costs: { fuel: -5 } }, 'costs.fuel', PAY_MSG.moneyInvalid],
      [{ drops: 1.5 }, 'drops', PAY_MSG.dropsInvalid],
    ])('400 for %j: %s "%s", nothing stored', async (over, field, message) => {
      const before = await countRows();
      const res = await send(author, report(over));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[field]).toBe(message);
      expect(await countRows()).toBe(before);
    });

    it('400 for a period in the future or older than 24 months (the service knows today)', async () => {
      const future = await send(author, report({ periodStart: daysAgo(0), periodEnd: daysAgo(-1), hours: 20, drops: 200 }));
      expect(future.statusCode).toBe(400);
      expect(future.json()).toEqual({ message: PAY_MSG.periodFuture, errors: { periodEnd: PAY_MSG.periodFuture } });
      const old = await send(author, report({ periodStart: daysAgo(800), periodEnd: daysAgo(800), hours: 10, grossPay: 150, drops: 100 }));
      expect(old.statusCode).toBe(400);
      expect(old.json().errors.periodStart).toBe(PAY_MSG.periodTooOld);
    });

    it('429 past the member limit (first day: 5 a minute), with its message and nothing stored', async () => {
      const newcomer = await insertMember(t, { firstDay: true });
      const networks = ['evri', 'dpd', 'yodel', 'ups', 'fedex'];
      for (const network of networks) await create(newcomer, report({ network }));
      const before = await countRows();
      const res = await send(newcomer, report({ network: 'dhl' }));
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^You are sending pay reports too quickly\. Please wait \d+ seconds? before sending another\.$/);
      expect(await countRows()).toBe(before);
    });

    it('409 for a second report of the same network and period start; another network is fine', async () => {
      const me = await insertMember(t);
      await create(me, report({ network: 'ups' }));
      const dup = await send(me, report({ network: 'ups', periodEnd: daysAgo(5) }));
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toEqual({ message: PAY_MSG.duplicate, errors: { periodStart: PAY_MSG.duplicate } });
      await create(me, report({ network: 'fedex' }));
      // A day inside that week is the same days again; the day after it is not.
      const inside = await send(me, report({ network: 'ups', periodStart: daysAgo(5), periodEnd: daysAgo(5), hours: 8, drops: 90, miles: 60, grossPay: 110 }));
      expect(inside.statusCode).toBe(409);
      expect(inside.json().message).toBe(PAY_MSG.duplicate);
      const after = await create(me, report({ network: 'ups', periodStart: daysAgo(2), periodEnd: daysAgo(2), hours: 8, drops: 90, miles: 60, grossPay: 110 }));
      // Moving it onto the week by PATCH is refused too; changing its own hours is not.
      const moved = await call(t, 'PATCH', `/api/pay-reports/${after.id}`, { cookie: me.cookie, body: { periodStart: daysAgo(3), periodEnd: daysAgo(3) } });
      expect(moved.statusCode).toBe(409);
      expect((await call(t, 'PATCH', `/api/pay-reports/${after.id}`, { cookie: me.cookie, body: { hours: 9 } })).statusCode).toBe(200);
    });
  });

  describe('GET /api/pay-reports/mine, PATCH and DELETE /api/pay-reports/:id', () => {
    it('lists only my own reports; guest 401, unverified 403', async () => {
      const me = await insertMember(t);
      const mine = await create(me, report({ network: 'dhl' }));
      await create(await insertMember(t), report({ network: 'dhl' }));
      const res = await call(t, 'GET', '/api/pay-reports/mine', { cookie: me.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((r: { id: number }) => r.id)).toEqual([mine.id]);
      expect((await call(t, 'GET', '/api/pay-reports/mine')).statusCode).toBe(401);
      expect((await call(t, 'GET', '/api/pay-reports/mine', { cookie: unverified.cookie })).statusCode).toBe(403);
    });

    it('PATCH: the author and an admin may; another member hears 404, a guest 401, unverified 403, suspended 401', async () => {
      const r = await create(author, report({ network: 'inpost' }));
      const patch = (who: { cookie: string } | null, body: object) =>
        call(t, 'PATCH', `/api/pay-reports/${r.id}`, { cookie: who?.cookie, body });

      const denied = await patch(other, { hours: 40 });
      expect(denied.statusCode).toBe(404);
      expect(denied.json().message).toBe(PAY_MSG.notFound);
      expect((await patch(null, { hours: 40 })).statusCode).toBe(401);
      expect((await patch(unverified, { hours: 40 })).statusCode).toBe(403);
      expect((await patch(suspended, { hours: 40 })).statusCode).toBe(401);
      expect((await call(t, 'PATCH', '/api/pay-reports/999999999', { cookie: author.cookie, body: { hours: 40 } })).statusCode).toBe(404);

      const mine = await patch(author, { hours: 40, postcode: 'BS1' });
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json()).toMatchObject({ hours: 40, postcodeArea: 'BS', region: 'south-west' });
      const byAdmin = await patch(admin, { drops: 600 });
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.json()).toMatchObject({ drops: 600, postcodeArea: 'BS' });

      // The merged report is checked as a whole: a one-day period cannot keep 40 hours.
      const bad = await patch(author, { periodStart: daysAgo(3), periodEnd: daysAgo(3) });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.hours).toBe(PAY_MSG.hoursTooMany(1));
      expect((await patch(author, {})).json().message).toBe(PAY_MSG.nothingToUpdate);
    });

    it('DELETE: another member 404, guest 401, unverified 403; the author may, an admin may remove any', async () => {
      const a = await create(author, report({ network: 'stuart' }));
      const b = await create(other, report({ network: 'stuart' }));
      const del = (who: { cookie: string } | null, id: number) => call(t, 'DELETE', `/api/pay-reports/${id}`, { cookie: who?.cookie });
      expect((await del(other, a.id)).statusCode).toBe(404);
      expect((await del(null, a.id)).statusCode).toBe(401);
      expect((await del(unverified, a.id)).statusCode).toBe(403);
      expect((await del(suspended, a.id)).statusCode).toBe(401);
      const gone = await del(author, a.id);
      expect(gone.statusCode).toBe(200);
      expect(gone.json()).toEqual({ message: PAY_MSG.deleted });
      expect((await del(admin, b.id)).statusCode).toBe(200);
      expect(await db().select().from(payReports).where(eq(payReports.network, 'stuart'))).toEqual([]);
    });
  });

  describe('GET /api/pay-index', () => {
    it('before the first daily snapshot: no figures and no time; the index never reads the live reports', async () => {
      expect(await db().select().from(payIndexSnapshots)).toEqual([]);
      const idx = await index('?network=inpost');
      expect(idx.computedAt).toBeNull();
      expect(idx.figures).toEqual([{ network: 'inpost', region: null, vehicle: null, reports: 0, members: 0, netHourly: null }]);
      expect(idx.since).toBe(payWindowStart(ukToday(clock.now())));
    });

    it('the threshold: 4 members → null; 5 reports from 4 members → null; 5 members → the median alone, to £0.10', async () => {
      const members = [await insertMember(t), await insertMember(t), await insertMember(t), await insertMember(t), await insertMember(t)];
      const pays = [400, 500, 600, 700, 800];
      for (let i = 0; i < 4; i++) await create(members[i]!, report({ network: 'gophr', grossPay: pays[i], costs: {} }));
      // Sent, but not in the figures until a day's snapshot after 24 hours.
      expect((await index('?network=gophr')).figures[0]).toMatchObject({ reports: 0, members: 0, netHourly: null });
      const snap = await nextDay();
      let idx = await index('?network=gophr');
      expect(idx.computedAt).toBe(snap.computedAt.toISOString());
      expect(idx.figures[0]).toEqual({ network: 'gophr', region: null, vehicle: null, reports: 4, members: 4, netHourly: null });

      // A fifth report from one of the same four members: still four members.
      await create(members[0]!, report({ network: 'gophr', periodStart: daysAgo(20), periodEnd: daysAgo(14), grossPay: 450, costs: {} }));
      await nextDay();
      expect((await index('?network=gophr')).figures[0]).toMatchObject({ reports: 5, members: 4, netHourly: null });

      await create(members[4]!, report({ network: 'gophr', grossPay: pays[4], costs: {} }));
      await nextDay();
      idx = await index('?network=gophr');
      const fig = idx.figures[0]!;
      expect(fig).toMatchObject({ reports: 6, members: 5 });
      // Each member's own median (the first member's: of 400 and 450), then the median of those five, over
      // 42.5 hours: 600 / 42.5 = 14.12 → £14.10. The middle half waits for 10 members.
      expect(fig.netHourly).toEqual({ p25: null, median: roundPayFigure(600 / 42.5), p75: null });
      expect(fig.netHourly!.median).toBe(14.1);
      // By region and vehicle too (all M, all vans), and the trend by quarter.
      expect(idx.figures).toContainEqual({ ...fig, region: 'north-west' });
      expect(idx.figures).toContainEqual({ ...fig, vehicle: 'van' });
      expect(idx.trend.length).toBeGreaterThanOrEqual(1);
      expect(idx.livingWage.hourly).toBe(livingWageOn(ukToday(clock.now())).hourly);
      for (const p of idx.trend) expect(p.livingWage).toBe(livingWageOn(`${p.quarter.slice(0, 4)}-${String((Number(p.quarter.slice(6)) - 1) * 3 + 1).padStart(2, '0')}-01`).hourly);
      // Filters: a region with no reports is zeros and null.
      expect((await index('?network=gophr&region=wales')).figures).toEqual([{ network: 'gophr', region: 'wales', vehicle: null, reports: 0, members: 0, netHourly: null }]);
    });

    it('the day’s figures stand until the next day’s: a report deleted or edited shows only then, and an edit waits 24 hours again', async () => {
      const five = [await insertMember(t), await insertMember(t), await insertMember(t), await insertMember(t), await insertMember(t)];
      const sent = [];
      for (const [i, m] of five.entries()) sent.push(await create(m, report({ network: 'deliveroo', vehicle: 'bike', grossPay: 425 + i * 42.5, costs: {} })));
      await nextDay();
      const before = (await index('?network=deliveroo')).figures[0]!;
      // 10, 11, 12, 13, 14 £/h: median £12.
      expect(before).toMatchObject({ reports: 5, members: 5, netHourly: { median: 12 } });
      expect((await call(t, 'DELETE', `/api/pay-reports/${sent[0]!.id}`, { cookie: five[0]!.cookie })).statusCode).toBe(200);
      expect((await call(t, 'PATCH', `/api/pay-reports/${sent[4]!.id}`, { cookie: five[4]!.cookie, body: { grossPay: 2000 } })).statusCode).toBe(200);
      expect((await index('?network=deliveroo')).figures[0]).toEqual(before);
      // Next day: one report gone, the edited one sent again a moment ago (not yet 24 hours): three left.
      clock.at += 23 * HOUR;
      await t.app.pay.runOnce();
      expect((await index('?network=deliveroo')).figures[0]).toMatchObject({ reports: 3, members: 3, netHourly: null });
    });

    it('the daily job computes today’s snapshot unless there is one (its hourly asks; server/jobs/schedules.test.ts: one process each)', async () => {
      // Noon of a UK day three days on: an hour later is the same day whatever the time the suite runs at.
      const day = ukToday(new Date(clock.at + 3 * DAY));
      const now = new Date(londonDateStart(day).getTime() + 12 * HOUR);
      expect(await ensureTodaysSnapshot(db(), now)).toBe(true);
      expect(await ensureTodaysSnapshot(db(), new Date(now.getTime() + HOUR))).toBe(false);
      const rows = await db().select({ day: payIndexSnapshots.day, computedAt: payIndexSnapshots.computedAt }).from(payIndexSnapshots).where(eq(payIndexSnapshots.day, day));
      expect(rows).toEqual([{ day, computedAt: now }]);
      // Only the last 30 days' snapshots are kept.
      const old = ukToday(new Date(now.getTime() - 40 * DAY));
      await db().insert(payIndexSnapshots).values({ day: old, data: { since: old, rows: [], trend: [] } });
      await ensureTodaysSnapshot(db(), new Date(now.getTime() + DAY));
      expect(await db().select().from(payIndexSnapshots).where(eq(payIndexSnapshots.day, old))).toEqual([]);
      await db().delete(payIndexSnapshots).where(eq(payIndexSnapshots.day, day));
      await db().delete(payIndexSnapshots).where(eq(payIndexSnapshots.day, ukToday(new Date(now.getTime() + DAY))));
    });

    it('every network in the overview; no individual report or member is ever in the answer', async () => {
      const idx = await index();
      expect(idx.figures.map((f) => f.network)).toContain('citysprint');
      expect(idx.figures.every((f) => f.region === null && f.vehicle === null)).toBe(true);
      const body = JSON.stringify(idx);
      expect(body).not.toMatch(/userId|username|postcode|grossPay/);
    });

    it('400 for an unknown network, region or vehicle', async () => {
      expect((await call(t, 'GET', '/api/pay-index?network=hermes')).statusCode).toBe(400);
      expect((await call(t, 'GET', '/api/pay-index?region=mars')).statusCode).toBe(400);
    });

    it('outliers are kept out of the figures but visible to admins', async () => {
      const five = [await insertMember(t), await insertMember(t), await insertMember(t), await insertMember(t), await insertMember(t)];
      for (const m of five) await create(m, report({ network: 'just-eat', vehicle: 'bike', grossPay: 500, costs: {} }));
      // 70 £/h net: possible, but out of the figures.
      const odd = await create(await insertMember(t), report({ network: 'just-eat', vehicle: 'bike', hours: 10, grossPay: 700, costs: {} }));
      expect(odd.outlier).toBe(true);
      await nextDay();
      const fig = (await index('?network=just-eat')).figures[0]!;
      expect(fig).toMatchObject({ reports: 5, members: 5, netHourly: { median: roundPayFigure(500 / 42.5) } });

      const list = await call(t, 'GET', '/api/admin/pay-reports', { cookie: admin.cookie });
      expect(list.statusCode).toBe(200);
      const mine = list.json().map((r: unknown) => ZAdminPayReport.parse(r)).find((r: { id: number }) => r.id === odd.id);
      expect(mine).toMatchObject({ outlier: true, author: { username: expect.any(String) } });
      expect((await call(t, 'GET', '/api/admin/pay-reports', { cookie: other.cookie })).statusCode).toBe(403);
      expect((await call(t, 'GET', '/api/admin/pay-reports')).statusCode).toBe(401);
    });

    it('reports older than 24 months drop out', async () => {
      const five = [await insertMember(t), await insertMember(t), await insertMember(t), await insertMember(t), await insertMember(t)];
      const start = payWindowStart(ukToday(new Date(clock.at + 25 * HOUR)));
      const before = ukToday(new Date(Date.parse(`${start}T12:00:00Z`) - DAY));
      // Straight into the table: the API refuses periods that old.
      await db().insert(payReports).values(
        five.map((m) => ({
          userId: m.id, network: 'citysprint', engagement: 'self_employed', vehicle: 'car', postcodeArea: 'M', region: 'north-west',
          periodStart: before, periodEnd: before, hours: 8, drops: 40, miles: 90, grossPay: 120,
        })),
      );
      // One more in the window, through the API.
      await create(five[0]!, report({ network: 'citysprint' }));
      await nextDay();
      expect((await index('?network=citysprint')).figures[0]).toMatchObject({ reports: 1, members: 1, netHourly: null });
      const inWindow = payWindowStart(ukToday(new Date(clock.at + 25 * HOUR)));
      await db().update(payReports).set({ periodStart: inWindow, periodEnd: inWindow }).where(eq(payReports.periodStart, before));
      await create(five[1]!, report({ network: 'citysprint' }));
      await nextDay();
      expect((await index('?network=citysprint')).figures[0]).toMatchObject({ reports: 7, members: 5 });
    });

    it('GET /pay/index.csv: text/csv with the licence line and the day’s snapshot', async () => {
      const res = await call(t, 'GET', '/pay/index.csv');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = res.body.trim().split('\n');
      expect(lines[0]).toContain('Licence: CC BY 4.0 https://creativecommons.org/licenses/by/4.0/');
      const { computedAt } = await index();
      expect(lines[0]).toContain(`computed ${computedAt} (once a day)`);
      expect(lines[1]).toBe('network,network_name,region,region_name,vehicle,vehicle_name,reports,members,net_hourly_p25,net_hourly_median,net_hourly_p75');
      // Five members: the median alone; the quartiles need ten.
      expect(lines).toContainEqual(`just-eat,Just Eat,all,All regions,all,All vehicles,5,5,,${roundPayFigure(500 / 42.5)},`);
      // Below the threshold: counts, empty figures.
      expect(lines).toContainEqual('inpost,InPost,all,All regions,all,All vehicles,1,1,,,');
    });
  });
});

describe('the demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
    await seedDatabase(t.database.db, { seedDemo: true }, { info: () => {} }, { now: new Date(), logDemoAdmin: false });
  });
  afterAll(() => t.close());

  it('shows figures and a trend for Evri and Amazon Flex, and "not enough" for the other networks', async () => {
    // What `npm start` does on a fresh database: the day's snapshot at start-up.
    await t.app.pay.runOnce();
    const res = await call(t, 'GET', '/api/pay-index');
    const idx = ZPayIndex.parse(res.json());
    const fig = (n: string) => idx.figures.find((f) => f.network === n)!;
    for (const n of ['evri', 'amazon-flex']) {
      expect(fig(n).netHourly, n).not.toBeNull();
      expect(fig(n).members).toBeGreaterThanOrEqual(5);
      const one = ZPayIndex.parse((await call(t, 'GET', `/api/pay-index?network=${n}`)).json());
      expect(one.trend.filter((q) => q.netHourly).length, `${n} quarters with a figure`).toBeGreaterThanOrEqual(4);
      expect(one.figures.some((f) => f.region !== null && f.netHourly), `${n} has a regional figure`).toBe(true);
    }
    // Evri rests on 11 members: the middle half too; Amazon Flex's 8: the median alone.
    expect(fig('evri').members).toBeGreaterThanOrEqual(10);
    expect(fig('evri').netHourly).toEqual({ p25: expect.any(Number), median: expect.any(Number), p75: expect.any(Number) });
    expect(fig('amazon-flex').netHourly).toMatchObject({ p25: null, p75: null });
    expect(idx.computedAt).not.toBeNull();
    expect(fig('dpd')).toMatchObject({ netHourly: null });
    expect(fig('dpd').reports).toBeGreaterThan(0);
    expect(fig('yodel').netHourly).toBeNull();
    expect(fig('ups')).toMatchObject({ reports: 0, netHourly: null });
    expect(await t.database.db.select({ id: payReports.id }).from(payReports).where(eq(payReports.outlier, true))).toEqual([]);
  });
});
