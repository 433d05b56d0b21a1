import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPayIndex, ZPayReport, type TPayFigure } from '../../../common/contracts/pay.ts';
import { ukToday } from '../../../common/pay-estimator.ts';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, insertMember, type Member } from '../../test/members.ts';

// Issue 28's two Pay Index findings, played as the outside review played them:
// - "The Pay Index leaks one member's pay (high)": a Yodel, North West cell rests on one member's two
//   reports (£10.878 and £11.735 an hour, no figure shown). Four attacker accounts each send one report
//   of known value (two at £2/h, two at £58/h); the cell then showed 6 reports from 5 members with p25,
//   median and p75, from which the victim's two reports came out exactly.
// - "One member moves the index (medium)": one of them sends four more reports at £59/h (under the £60
//   outlier cut) and the median jumps from £11.31 to £58.
// Each attack is played with fresh accounts (made an hour ago, level 0) and with aged ones (three weeks
// old, level 1: what an attacker who prepared gets), and the attacker then does the best the published
// figures allow (recoverVictim).

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The victim's two reports: net £/h of 108.78 and 117.35 over 10 hours, no costs. */
const VICTIM = [10.878, 11.735] as const;
/** The attackers' known values: two low, two high, as the review sent them. */
const ATTACK = [2, 2, 58, 58] as const;

const penny = (n: number) => Math.round(n * 100) / 100;

/**
 * What an attacker who knows the four values they sent works out from a published figure. With p25,
 * median and p75 of six reports [2, 2, a, b, 58, 58] (percentile_cont): p25 = 2 + 0.25·(a − 2), so
 * a = 2 + 4·(p25 − 2), and the median is (a + b)/2, so b = 2·median − a. With the median alone, the best
 * guess for both is the median itself. The victim's figures are recovered when the guesses match both of
 * them to the penny.
 */
function recoverVictim(netHourly: TPayFigure['netHourly']): [number, number] | null {
  if (!netHourly) return null;
  if (netHourly.p25 !== null && netHourly.p25 !== undefined) {
    const a = 2 + 4 * (netHourly.p25 - 2);
    return [penny(a), penny(2 * netHourly.median - a)];
  }
  return [netHourly.median, netHourly.median];
}
const recovered = (guess: [number, number] | null) => guess !== null && penny(guess[0]) === penny(VICTIM[0]) && penny(guess[1]) === penny(VICTIM[1]);

describe.each(testDatabases)('the Pay Index attack of issue 28 on %s', (kind) => {
  let t: TestApp;
  /** The app's clock: a test moves it on by days, as the days an attacker waits. */
  const clock = { at: Date.now(), now: () => new Date(clock.at) };
  const later = (ms: number) => {
    clock.at += ms;
  };
  const daysAgo = (n: number) => ukToday(new Date(clock.at - n * DAY));
  /** The daily job, run now on the app's clock (as the scheduled run does once a day). */
  const recompute = async () => {
    await t.app.pay.runOnce();
  };

  const report = (over: Record<string, unknown> = {}) => ({
    network: 'yodel',
    engagement: 'self_employed',
    vehicle: 'van',
    postcode: 'L1',
    periodStart: daysAgo(9),
    periodEnd: daysAgo(3),
    hours: 10,
    drops: 300,
    miles: 200,
    costs: {},
    ...over,
  });
  /** A report of `net` £/h (gross over 10 hours, no costs). */
  const send = async (who: Member, net: number, over: Record<string, unknown> = {}) => {
    const res = await call(t, 'POST', '/api/pay-reports', { cookie: who.cookie, body: report({ grossPay: Math.round(net * 10 * 100) / 100, ...over }) });
    expect(res.statusCode, res.body).toBe(201);
    return ZPayReport.parse(res.json());
  };
  const cell = async (network = 'yodel') => {
    const res = await call(t, 'GET', `/api/pay-index?network=${network}&region=north-west`);
    expect(res.statusCode, res.body).toBe(200);
    return ZPayIndex.parse(res.json()).figures[0]!;
  };
  const csvRow = async (network = 'yodel') => {
    const res = await call(t, 'GET', '/pay/index.csv');
    expect(res.statusCode).toBe(200);
    return res.body.split('\n').find((l) => l.startsWith(`${network},`) && l.includes(',north-west,North West,all,All vehicles,'));
  };

  /** A member three weeks old at `level`: what an attacker who prepared their accounts gets. */
  const aged = async (level: number) => {
    const m = await insertMember(t, { level });
    await t.database.db.update(users).set({ createdAt: new Date(clock.at - 21 * DAY) }).where(eq(users.id, m.id));
    return m;
  };
  /** The victim: an established member (level 2, a month old) with two reports in the cell. */
  const victimIn = async (network: string) => {
    const victim = await aged(2);
    await send(victim, VICTIM[0], { network });
    await send(victim, VICTIM[1], { network, periodStart: daysAgo(20), periodEnd: daysAgo(14) });
    return victim;
  };

  beforeAll(async () => {
    clock.at = Date.now();
    t = await buildTestApp(kind, {}, { clock });
  });
  afterAll(() => t.close());

  it('four fresh verified accounts: they do not count towards the cell, which still shows no figure', async () => {
    await victimIn('yodel');
    later(2 * DAY);
    await recompute();
    expect(await cell()).toMatchObject({ reports: 2, members: 1, netHourly: null });

    // Four accounts made an hour ago (level 0), one report each, the attack's known values.
    const fresh = await Promise.all(ATTACK.map(() => insertMember(t, { firstDay: true })));
    for (const [i, m] of fresh.entries()) await send(m, ATTACK[i]!);
    // Even once their reports are past the 24 hours and a new day's figures are computed.
    later(2 * DAY);
    await recompute();
    const fig = await cell();
    expect(fig).toMatchObject({ reports: 2, members: 1, netHourly: null });
    expect(recovered(recoverVictim(fig.netHourly))).toBe(false);
    expect(await csvRow()).toBe('yodel,Yodel,north-west,North West,all,All vehicles,2,1,,,');
  });

  it('four aged level-1 accounts: the median of member medians, rounded to £0.10, and no percentiles under 10 members: neither victim figure comes out', async () => {
    await victimIn('dpd');
    const attackers = await Promise.all(ATTACK.map(() => aged(1)));
    later(2 * DAY);
    await recompute();
    expect((await cell('dpd')).members).toBe(1);

    for (const [i, m] of attackers.entries()) await send(m, ATTACK[i]!, { network: 'dpd' });
    // The same day's reads never move: the figures are the day's snapshot, whatever is sent meanwhile.
    expect(await cell('dpd')).toMatchObject({ reports: 2, members: 1, netHourly: null });
    later(2 * DAY);
    await recompute();
    const fig = await cell('dpd');
    // 5 members: the median alone, of [2, 2, 11.3065 (the victim's own median), 58, 58], to £0.10.
    expect(fig).toMatchObject({ reports: 6, members: 5, netHourly: { p25: null, median: 11.3, p75: null } });
    const guess = recoverVictim(fig.netHourly)!;
    expect(recovered(guess)).toBe(false);
    for (const v of VICTIM) expect(guess, `£${v} to the penny`).not.toContain(penny(v));
    expect(await csvRow('dpd')).toBe('dpd,DPD,north-west,North West,all,All vehicles,6,5,,11.3,');

    // Removing and re-adding a report between two reads shows nothing either: the day's figures stand.
    const [first] = (await call(t, 'GET', '/api/pay-reports/mine', { cookie: attackers[0]!.cookie })).json() as Array<{ id: number }>;
    expect((await call(t, 'DELETE', `/api/pay-reports/${first!.id}`, { cookie: attackers[0]!.cookie })).statusCode).toBe(200);
    expect(await cell('dpd')).toEqual(fig);
  });

  it('one member moves the index no more than any other: four more reports at £59/h count once', async () => {
    await victimIn('evri');
    const attackers = await Promise.all(ATTACK.map(() => aged(1)));
    for (const [i, m] of attackers.entries()) await send(m, ATTACK[i]!, { network: 'evri' });
    later(2 * DAY);
    await recompute();
    expect((await cell('evri')).netHourly?.median).toBeCloseTo(11.3, 1);

    // One of the £58 members sends four more weeks at £59/h, under the £60 outlier cut.
    const heavy = attackers[3]!;
    for (let w = 1; w <= 4; w++) await send(heavy, 59, { network: 'evri', periodStart: daysAgo(12 + 7 * w), periodEnd: daysAgo(6 + 7 * w) });
    later(2 * DAY);
    await recompute();
    const fig = await cell('evri');
    // Ten reports, still five members; that member's own median (£59) is one vote of five.
    expect(fig).toMatchObject({ reports: 10, members: 5, netHourly: { median: 11.3 } });
    expect(await csvRow('evri')).toMatch(/^evri,Evri,north-west,North West,all,All vehicles,10,5,,11\.3,$/);
  });
});

describe('who counts towards a cell', () => {
  let t: TestApp;
  const clock = { at: Date.now(), now: () => new Date(clock.at) };
  const daysAgo = (n: number) => ukToday(new Date(clock.at - n * DAY));
  const recompute = async () => {
    await t.app.pay.runOnce();
  };
  const send = async (who: Member, grossPay: number, network: string) => {
    const res = await call(t, 'POST', '/api/pay-reports', {
      cookie: who.cookie,
      body: { network, engagement: 'self_employed', vehicle: 'car', postcode: 'M14', periodStart: daysAgo(9), periodEnd: daysAgo(3), hours: 40, drops: 400, miles: 300, grossPay, costs: {} },
    });
    expect(res.statusCode, res.body).toBe(201);
    return ZPayReport.parse(res.json());
  };
  const figure = async (network: string) => ZPayIndex.parse((await call(t, 'GET', `/api/pay-index?network=${network}`)).json()).figures[0]!;
  const memberAt = async (level: number, ageDays: number, pinned: number | null = null) => {
    const m = await insertMember(t, { level });
    await t.database.db.update(users).set({ createdAt: new Date(clock.at - ageDays * DAY), trustLevelPinned: pinned }).where(eq(users.id, m.id));
    return m;
  };

  beforeAll(async () => {
    t = await buildTestApp('pglite', {}, { clock });
  });
  afterAll(() => t.close());

  it('level ≥ 1 (or pinned there) and 14 days old; a report from 24 hours after it is sent', async () => {
    const counted = [await memberAt(1, 15), await memberAt(2, 400), await memberAt(0, 30, 1)];
    // (The clock moves on a day below: the 12-day-old account is 13 days old when the figures are computed.)
    const notCounted = [await memberAt(0, 400), await memberAt(1, 12), await memberAt(3, 30, 0)];
    for (const m of [...counted, ...notCounted]) await send(m, 500, 'ups');
    clock.at += 23 * HOUR;
    await recompute();
    expect(await figure('ups')).toMatchObject({ reports: 0, members: 0, netHourly: null });
    clock.at += 2 * HOUR;
    await recompute();
    expect(await figure('ups')).toMatchObject({ reports: 3, members: 3, netHourly: null });
  });

  it('the median from 5 members, the middle half from 10; figures to £0.10', async () => {
    const ten = await Promise.all(Array.from({ length: 10 }, () => memberAt(1, 30)));
    // Net £/h 10.01, 10.51, … 14.51 (gross over 40 hours).
    for (const [i, m] of ten.slice(0, 5).entries()) await send(m, 400.4 + i * 20, 'fedex');
    clock.at += 2 * DAY;
    await recompute();
    // [10.01, 10.51, 11.01, 11.51, 12.01]: median 11.01 → £11.00.
    expect((await figure('fedex')).netHourly).toEqual({ p25: null, median: 11, p75: null });
    for (const [i, m] of ten.slice(5).entries()) await send(m, 500.4 + i * 20, 'fedex');
    clock.at += 2 * DAY;
    await recompute();
    // Ten members, 10.01 … 14.51 by 0.5: p25 11.135 → £11.10, median 12.26 → £12.30, p75 13.385 → £13.40.
    const fig = await figure('fedex');
    expect(fig).toMatchObject({ reports: 10, members: 10 });
    expect(fig.netHourly).toEqual({ p25: 11.1, median: 12.3, p75: 13.4 });
  });
});
