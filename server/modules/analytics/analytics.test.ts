import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAnalyticsReport } from '../../../common/contracts/analytics.ts';
import { ANALYTICS_MSG } from '../../../common/rules/analytics.ts';
import {
  analyticsActions,
  analyticsPageViews,
  analyticsSessions,
  shareEvents,
  users,
  vitalsMetrics,
} from '../../db/schema/index.ts';
import { systemClock } from '../../core.ts';
import { createJobRunner } from '../../jobs/runner.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { freshIp, get, post, signUp, unique } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, insertPost } from '../../test/forum.ts';
import { member, type Member } from '../../test/members.ts';
import { ANALYTICS_PER_MINUTE } from './routes.ts';
import { AnalyticsBuffer, FLUSH_AT_ROWS } from './ingest.ts';
import { createAnalyticsService } from './service.ts';

const CONSENT = { 'x-analytics-consent': 'granted' };
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

let sidCounter = 0;
/** A fresh 21-character session id like the client's nanoid(). */
const sid = () => `${unique('s').replace(/[^A-Za-z0-9_-]/g, '')}${(sidCounter++).toString(36)}`.padEnd(21, '_').slice(-21);

describe.each(testDatabases)('analytics ingest (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  // The job runner's timers do not run in tests: only explicit flushes, so "nothing written yet" is a
  // fact, not a race.

  const db = () => t.database.db;
  const send = (url: string, body: object, opts: { cookie?: string; ip?: string; consent?: boolean; headers?: Record<string, string> } = {}) =>
    post(t, url, body, { cookie: opts.cookie, ip: opts.ip, headers: { ...(opts.consent === false ? {} : CONSENT), ...opts.headers } });
  const sessionRow = async (id: string) => (await db().select().from(analyticsSessions).where(eq(analyticsSessions.id, id)))[0];
  const viewsOf = (id: string) => db().select().from(analyticsPageViews).where(eq(analyticsPageViews.sessionId, id)).orderBy(analyticsPageViews.id);
  const actionsOf = (id: string) => db().select().from(analyticsActions).where(eq(analyticsActions.sessionId, id)).orderBy(analyticsActions.id);
  const vitalsOf = (url: string) => db().select().from(vitalsMetrics).where(eq(vitalsMetrics.url, url)).orderBy(vitalsMetrics.id);

  const start = (id: string, extra: object = {}) => ({ sessionId: id, userAgent: IPHONE, referrer: 'https://www.google.com/', landingPage: '/forum', ...extra });
  const view = (id: string, extra: object = {}) => ({ sessionId: id, pageUrl: '/forum', pageTitle: 'Forum · Kerbside', referrerUrl: '', ...extra });
  const action = (id: string, extra: object = {}) => ({
    sessionId: id,
    actionType: 'search',
    actionTarget: 'search-box',
    actionData: { query: 'congestion charge', category: 'all' },
    pageUrl: '/forum?search=congestion',
    ...extra,
  });
  const report = (url: string, extra: object = {}) => ({
    url,
    timestamp: Date.now(),
    metrics: [
      { name: 'LCP', value: 2100.5, rating: 'good', id: 'v5-1', delta: 2100.5 },
      { name: 'CLS', value: 0.31, rating: 'poor', id: 'v5-2', delta: 0.01 },
    ],
    userAgent: DESKTOP,
    connectionType: '4g',
    ...extra,
  });
  const counts = async () => {
    const [s] = await db().select({ n: sql<number>`count(*)::int` }).from(analyticsSessions);
    const [v] = await db().select({ n: sql<number>`count(*)::int` }).from(analyticsPageViews);
    const [a] = await db().select({ n: sql<number>`count(*)::int` }).from(analyticsActions);
    const [m] = await db().select({ n: sql<number>`count(*)::int` }).from(vitalsMetrics);
    const ended = await db().select({ n: sql<number>`count(*)::int` }).from(analyticsSessions).where(sql`ended_at is not null`);
    return { sessions: s.n, views: v.n, actions: a.n, vitals: m.n, ended: ended[0].n };
  };

  it('without X-Analytics-Consent: granted every call answers 202 {accepted:false} and stores nothing', async () => {
    const id = sid();
    await send('/api/analytics/session/start', start(id));
    await t.app.analytics.flush();
    const before = await counts();
    const calls: Array<[string, object]> = [
      ['/api/analytics/session/start', start(sid())],
      ['/api/analytics/page-view', view(id)],
      ['/api/analytics/user-action', action(id)],
      ['/api/analytics/session/end', { sessionId: id, sessionDuration: 30 }],
      ['/api/metrics/vitals', { reports: [report('/no-consent')] }],
    ];
    for (const [url, body] of calls) {
      for (const headers of [{}, { 'x-analytics-consent': 'denied' }] as Array<Record<string, string>>) {
        const res = await send(url, body, { consent: false, headers });
        expect(res.statusCode, url).toBe(202);
        expect(res.json()).toEqual({ accepted: false });
      }
    }
    // Even an invalid body: without consent it is not looked at.
    expect((await send('/api/analytics/page-view', { sessionId: 'x' }, { consent: false })).json()).toEqual({ accepted: false });
    expect(t.app.analytics.pending()).toBe(0);
    await t.app.analytics.flush();
    expect(await counts()).toEqual(before);
  });

  it('stores a guest session, page views, an action, the end and vitals after the flush, without a member or IP', async () => {
    const id = sid();
    const ip = freshIp();
    const res = await send('/api/analytics/session/start', start(id), { ip });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    expect((await send('/api/analytics/page-view', view(id), { ip })).statusCode).toBe(202);
    expect((await send('/api/analytics/page-view', view(id, { timeOnPage: 41.6, scrollDepth: 72.2 }), { ip })).statusCode).toBe(202);
    expect((await send('/api/analytics/user-action', action(id), { ip })).statusCode).toBe(202);
    expect((await send('/api/metrics/vitals', { reports: [report(`/vitals-${id}`)] }, { ip })).statusCode).toBe(202);

    // Batched: nothing is written until the flush.
    expect(t.app.analytics.pending()).toBe(6);
    expect(await sessionRow(id)).toBeUndefined();
    await t.app.analytics.flush();
    expect(t.app.analytics.pending()).toBe(0);

    const s = await sessionRow(id);
    expect(s).toMatchObject({ id, userId: null, userAgent: IPHONE, deviceType: 'mobile', referrer: 'https://www.google.com/', landingPage: '/forum', endedAt: null, durationSeconds: null });
    const views = await viewsOf(id);
    expect(views.map((v) => [v.userId, v.pageUrl, v.pageTitle, v.referrerUrl, v.timeOnPage, v.scrollDepth])).toEqual([
      [null, '/forum', 'Forum · Kerbside', null, null, null],
      [null, '/forum', 'Forum · Kerbside', null, 42, 72],
    ]);
    const [a] = await actionsOf(id);
    expect(a).toMatchObject({ userId: null, actionType: 'search', actionTarget: 'search-box', actionData: { query: 'congestion charge', category: 'all' }, pageUrl: '/forum?search=congestion' });
    const vitals = await vitalsOf(`/vitals-${id}`);
    expect(vitals.map((v) => [v.name, v.value, v.rating, v.metricId, v.delta, v.userAgent, v.connectionType])).toEqual([
      ['LCP', 2100.5, 'good', 'v5-1', 2100.5, DESKTOP, '4g'],
      ['CLS', 0.31, 'poor', 'v5-2', 0.01, DESKTOP, '4g'],
    ]);

    // The end updates the session in the next flush.
    expect((await send('/api/analytics/session/end', { sessionId: id, sessionDuration: 95 }, { ip })).statusCode).toBe(202);
    expect((await sessionRow(id)).endedAt).toBeNull();
    await t.app.analytics.flush();
    const ended = await sessionRow(id);
    expect(ended.durationSeconds).toBe(95);
    expect(ended.endedAt).toBeInstanceOf(Date);

    // No raw IP anywhere: no column for one, and the address is in no stored value.
    const stored = JSON.stringify([s, views, a, vitals, ended]);
    expect(stored).not.toContain(ip);
  });

  it('keeps no IP address column in any analytics table', async () => {
    const result = (await db().execute(sql`
      select table_name, column_name from information_schema.columns
      where table_name in ('analytics_sessions', 'analytics_page_views', 'analytics_actions', 'vitals_metrics')`)) as unknown as {
      rows: Array<{ table_name: string; column_name: string }>;
    };
    expect(result.rows.length).toBeGreaterThan(20);
    expect(result.rows.filter((r) => /(^|_)ip($|_)|addr/i.test(r.column_name))).toEqual([]);
  });

  it('keeps the member’s id only when the request is signed in', async () => {
    const member = await signUp(t);
    const id = sid();
    await send('/api/analytics/session/start', start(id, { userAgent: DESKTOP }), { cookie: member.cookie });
    await send('/api/analytics/page-view', view(id, { pageUrl: '/profile' }), { cookie: member.cookie });
    await send('/api/analytics/user-action', action(id, { actionType: 'vote', actionData: { entityId: 3, voteType: 'upvote' } }), { cookie: member.cookie });
    await send('/api/analytics/page-view', view(id, { pageUrl: '/forum' })); // signed out in this tab
    await t.app.analytics.flush();
    expect(await sessionRow(id)).toMatchObject({ userId: member.id, deviceType: 'desktop' });
    expect((await viewsOf(id)).map((v) => [v.pageUrl, v.userId])).toEqual([
      ['/profile', member.id],
      ['/forum', null],
    ]);
    expect((await actionsOf(id)).map((a) => a.userId)).toEqual([member.id]);
  });

  it('a repeated start keeps the first one and remembers a member who signed in since; device type from the user agent', async () => {
    const member = await signUp(t);
    const id = sid();
    await send('/api/analytics/session/start', start(id, { userAgent: IPAD, landingPage: '/first' }));
    await t.app.analytics.flush();
    await send('/api/analytics/session/start', start(id, { userAgent: DESKTOP, landingPage: '/second' }), { cookie: member.cookie });
    await t.app.analytics.flush();
    expect(await sessionRow(id)).toMatchObject({ landingPage: '/first', deviceType: 'tablet', userId: member.id });

    // No user agent in the body: the request's header is used.
    const other = sid();
    await send('/api/analytics/session/start', { sessionId: other, landingPage: '/' }, { headers: { 'user-agent': IPHONE } });
    await t.app.analytics.flush();
    expect(await sessionRow(other)).toMatchObject({ userAgent: IPHONE, deviceType: 'mobile', referrer: null });
  });

  it('two starts of one session in the same batch make one row (the first, with the member of the second)', async () => {
    const member = await signUp(t);
    const id = sid();
    await send('/api/analytics/session/start', start(id, { landingPage: '/first' }));
    await send('/api/analytics/session/start', start(id, { landingPage: '/second' }), { cookie: member.cookie });
    await send('/api/analytics/page-view', view(id));
    expect(t.app.analytics.pending()).toBe(2);
    await t.app.analytics.flush();
    expect(await db().select().from(analyticsSessions).where(eq(analyticsSessions.id, id))).toEqual([
      expect.objectContaining({ landingPage: '/first', userId: member.id }),
    ]);
    expect(await viewsOf(id)).toHaveLength(1);
  });

  it('a table whose write fails loses only its own rows, and the failure is logged', async () => {
    const warnings: string[] = [];
    const log = { ...t.app.log, warn: (_o: unknown, msg: string) => void warnings.push(msg) } as unknown as FastifyBaseLogger;
    const buffer = new AnalyticsBuffer(db(), log);
    const id = sid();
    buffer.addAction({ sessionId: id, userId: 2_000_000_000, actionType: 'login' }); // no such member: FK violation
    buffer.addPageView({ sessionId: id, pageUrl: '/still-stored' });
    await buffer.flush();
    expect(await actionsOf(id)).toEqual([]);
    expect((await viewsOf(id)).map((v) => v.pageUrl)).toEqual(['/still-stored']);
    expect(warnings).toEqual(['analytics flush of actions failed: rows dropped']);
  });

  it("a beacon with NUL or a lone surrogate is refused with 400 and never costs other visitors' rows (security suite finding)", async () => {
    // PostgreSQL text refuses NUL and jsonb a lone surrogate: one such row once failed its table's
    // whole multi-row insert, dropping every other visitor's rows in the batch with it.
    const [good, bad] = [sid(), sid()];
    expect((await send('/api/analytics/page-view', view(good, { pageUrl: '/good' }))).statusCode).toBe(202);
    expect((await send('/api/analytics/page-view', view(bad, { pageUrl: '/bad\u0000' }))).statusCode).toBe(400);
    expect((await send('/api/analytics/page-view', view(bad, { pageTitle: 'lone \ud800 half' }))).statusCode).toBe(400);
    expect((await send('/api/analytics/user-action', action(good))).statusCode).toBe(202);
    expect((await send('/api/analytics/user-action', action(bad, { actionData: { 'k\u0000': ['v'] } }))).statusCode).toBe(400);
    expect((await send('/api/analytics/user-action', action(bad, { actionData: { k: ['v\udc00'] } }))).statusCode).toBe(400);
    expect((await send('/api/metrics/vitals', { reports: [report(`/vitals-${good}`)] })).statusCode).toBe(202);
    expect((await send('/api/metrics/vitals', { reports: [report(`/vitals-${bad}`, { connectionType: '4g\u0000' })] })).statusCode).toBe(400);
    await t.app.analytics.flush();

    expect((await viewsOf(good)).map((v) => v.pageUrl)).toEqual(['/good']);
    expect(await viewsOf(bad)).toEqual([]);
    expect(await actionsOf(good)).toHaveLength(1);
    expect(await actionsOf(bad)).toEqual([]);
    expect(await vitalsOf(`/vitals-${good}`)).toHaveLength(2);
    expect(await vitalsOf(`/vitals-${bad}`)).toEqual([]);
  });

  it('an end for a session that never started creates nothing', async () => {
    const id = sid();
    const before = await counts();
    const res = await send('/api/analytics/session/end', { sessionId: id, sessionDuration: 10 });
    expect(res.statusCode).toBe(202);
    await t.app.analytics.flush();
    expect(await sessionRow(id)).toBeUndefined();
    expect(await counts()).toEqual(before);
  });

  describe('bad input answers 400 with a clear message and stores nothing', () => {
    const id = 'abcdefghij_-ABCDEFGHI';
    const cases: Array<[string, string, object, string]> = [
      ['no body', '/api/analytics/session/end', undefined as unknown as object, 'The request body must be a JSON object'],
      ['a list for a body', '/api/metrics/vitals', [report('/x')], 'The request body must be a JSON object'],
      ['session id too short', '/api/analytics/session/start', start('abc'), ANALYTICS_MSG.sessionId],
      ['session id with other characters', '/api/analytics/page-view', view('abcdefghij.-ABCDEFGHI'), ANALYTICS_MSG.sessionId],
      ['session id missing', '/api/analytics/session/end', { sessionDuration: 3 }, ANALYTICS_MSG.sessionId],
      ['landing page missing', '/api/analytics/session/start', { sessionId: id }, 'landingPage is required'],
      ['user agent too long', '/api/analytics/session/start', start(id, { userAgent: 'x'.repeat(513) }), 'userAgent must be at most 512 characters'],
      ['page URL too long', '/api/analytics/page-view', view(id, { pageUrl: `/${'a'.repeat(2000)}` }), 'pageUrl must be at most 2000 characters'],
      ['scroll depth over 100', '/api/analytics/page-view', view(id, { scrollDepth: 101 }), 'scrollDepth must be between 0 and 100'],
      ['negative time on page', '/api/analytics/page-view', view(id, { timeOnPage: -1 }), 'timeOnPage must be between 0 and 86400'],
      ['unknown action type', '/api/analytics/user-action', action(id, { actionType: 'click' }), ANALYTICS_MSG.actionType],
      ['action data over 2 kB', '/api/analytics/user-action', action(id, { actionData: { q: 'x'.repeat(2100) } }), ANALYTICS_MSG.actionDataTooLarge],
      ['action data not an object', '/api/analytics/user-action', action(id, { actionData: 'text' }), ANALYTICS_MSG.actionDataObject],
      ['negative duration', '/api/analytics/session/end', { sessionId: id, sessionDuration: -5 }, 'sessionDuration must be between 0 and 604800'],
      ['no reports', '/api/metrics/vitals', { reports: [] }, ANALYTICS_MSG.reportsRequired],
      ['21 reports', '/api/metrics/vitals', { reports: Array.from({ length: 21 }, () => report('/x')) }, ANALYTICS_MSG.tooManyReports],
      [
        '11 metrics in a report',
        '/api/metrics/vitals',
        { reports: [report('/x', { metrics: Array.from({ length: 11 }, (_, i) => ({ name: 'LCP', value: 1, rating: 'good', id: `m${i}`, delta: 1 })) })] },
        ANALYTICS_MSG.tooManyMetrics,
      ],
      ['unknown metric', '/api/metrics/vitals', { reports: [report('/x', { metrics: [{ name: 'FPS', value: 1, rating: 'good', id: 'a', delta: 1 }] })] }, ANALYTICS_MSG.metricName],
      ['unknown rating', '/api/metrics/vitals', { reports: [report('/x', { metrics: [{ name: 'LCP', value: 1, rating: 'great', id: 'a', delta: 1 }] })] }, ANALYTICS_MSG.rating],
      ['bad timestamp', '/api/metrics/vitals', { reports: [report('/x', { timestamp: 'yesterday' })] }, ANALYTICS_MSG.timestamp],
    ];
    it.each(cases)('%s', async (_name, url, body, message) => {
      const before = await counts();
      const res = await send(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(t.app.analytics.pending()).toBe(0);
      await t.app.analytics.flush();
      expect(await counts()).toEqual(before);
    });
  });

  it('accepts 20 reports of 10 metrics (the bounds themselves)', async () => {
    const url = `/bounds-${sid()}`;
    const metrics = Array.from({ length: 10 }, (_, i) => ({ name: 'TTFB', value: 100 + i, rating: 'good', id: `t${i}`, delta: 1 }));
    const res = await send('/api/metrics/vitals', { reports: Array.from({ length: 20 }, () => report(url, { metrics })) });
    expect(res.statusCode).toBe(202);
    // 200 rows reach the threshold: the flush starts by itself.
    await expect.poll(async () => (await vitalsOf(url)).length, { timeout: 5000 }).toBe(200);
    expect(FLUSH_AT_ROWS).toBe(200);
  });

  it('the job runner flushes the buffer by itself every 2 s, in every process', async () => {
    const quiet = { ...t.app.log, info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
    const jobs = createJobRunner({ db: db(), log: quiet, embedded: kind === 'pglite' });
    const analytics = createAnalyticsService({ db: db(), clock: systemClock, log: quiet, jobs });
    jobs.start();
    try {
      const id = sid();
      analytics.startSession({ sessionId: id, userAgent: null, referrer: null, landingPage: '/by-the-timer' }, null, DESKTOP);
      expect(analytics.buffer.pending()).toBe(1);
      await expect.poll(async () => (await sessionRow(id))?.landingPage, { timeout: 5000, interval: 100 }).toBe('/by-the-timer');
    } finally {
      await jobs.close();
    }
  });

  it(`answers 429 with a clear message past ${ANALYTICS_PER_MINUTE} calls a minute from one address`, async () => {
    const ip = freshIp();
    const id = sid();
    for (let i = 0; i < ANALYTICS_PER_MINUTE; i++) {
      const res = await send('/api/analytics/page-view', view(id), { ip });
      expect(res.statusCode).toBe(202);
    }
    const res = await send('/api/analytics/page-view', view(id), { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: ANALYTICS_MSG.rateLimited });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await send('/api/analytics/page-view', view(id))).statusCode).toBe(202);
    await t.app.analytics.flush();
  });
});

describe.each(testDatabases)('analytics buffer on close (%s)', (kind) => {
  it('writes what is waiting when the app closes', async () => {
    const t = await buildTestApp(kind);
    try {
      const id = sid();
      await post(t, '/api/analytics/session/start', { sessionId: id, landingPage: '/' }, { headers: CONSENT });
      await post(t, '/api/analytics/page-view', { sessionId: id, pageUrl: '/' }, { headers: CONSENT });
      await t.app.close();
      expect(await t.database.db.select().from(analyticsSessions).where(eq(analyticsSessions.id, id))).toHaveLength(1);
      expect(await t.database.db.select().from(analyticsPageViews).where(eq(analyticsPageViews.sessionId, id))).toHaveLength(1);
    } finally {
      await t.database.close();
    }
  });
});

describe.each(testDatabases)('GET /api/admin/analytics (%s)', (kind) => {
  let t: TestApp;
  let admin: Member;
  let plain: Member;
  let unverified: Member;
  let suspended: Member;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await member(t, 'admin');
    plain = await member(t, 'member');
    unverified = await member(t, 'unverified');
    suspended = await member(t, 'suspended');
    await insertFixtures(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const URL = '/api/admin/analytics?from=2024-03-30&to=2024-04-01';

  it.each([
    ['a guest', 401, () => undefined],
    ['a suspended member', 401, () => suspended.cookie],
    ['an unverified member', 403, () => unverified.cookie],
    ['a member', 403, () => plain.cookie],
    ['an admin', 200, () => admin.cookie],
  ])('%s gets %i', async (_who, status, cookie) => {
    const res = await get(t, URL, cookie());
    expect(res.statusCode).toBe(status);
    if (status === 403) expect(res.json()).toEqual({ message: 'Admins only' });
  });

  it('computes every number of the period on Europe/London days (hand-counted fixtures)', async () => {
    const res = await get(t, URL, admin.cookie);
    expect(res.statusCode).toBe(200);
    const r = res.json() as TAnalyticsReport;
    expect(r.from).toBe('2024-03-30');
    expect(r.to).toBe('2024-04-01');
    expect(r.timezone).toBe('Europe/London');
    expect(r.totals).toEqual({
      sessions: 3,
      pageViews: 4,
      actions: 4,
      shares: 3,
      shareFailures: 2,
      signUps: 2,
      avgTimeOnPage: 35,
      avgScrollDepth: 75,
    });
    expect(r.days).toEqual([
      { date: '2024-03-30', sessions: 2, pageViews: 1, signUps: 1 },
      { date: '2024-03-31', sessions: 0, pageViews: 2, signUps: 0 },
      { date: '2024-04-01', sessions: 1, pageViews: 1, signUps: 1 },
    ]);
    expect(r.topPages).toEqual([
      { pageUrl: '/forum', views: 3, avgTimeOnPage: 45, avgScrollDepth: 75 },
      { pageUrl: '/guide', views: 1, avgTimeOnPage: 15, avgScrollDepth: null },
    ]);
    expect(r.actions).toEqual([
      { actionType: 'search', count: 2 },
      { actionType: 'page_not_found', count: 1 },
      { actionType: 'vote', count: 1 },
    ]);
    expect(r.shares).toEqual([
      { platform: 'whatsapp', shares: 2, failures: 1 },
      { platform: 'x', shares: 1, failures: 0 },
      { platform: 'email', shares: 0, failures: 1 },
    ]);
    expect(r.vitals.map((v) => v.name)).toEqual(['LCP', 'CLS']);
    expect(r.vitals[0]).toEqual({ name: 'LCP', p75: 3500, samples: 4, good: 2, needsImprovement: 1, poor: 1 });
    expect(r.vitals[1]).toMatchObject({ name: 'CLS', samples: 2, good: 1, needsImprovement: 0, poor: 1 });
    expect(r.vitals[1].p75).toBeCloseTo(0.2375, 10);
  });

  it('one day: the BST day only', async () => {
    const r = (await get(t, '/api/admin/analytics?from=2024-04-01&to=2024-04-01', admin.cookie)).json() as TAnalyticsReport;
    expect(r.days).toEqual([{ date: '2024-04-01', sessions: 1, pageViews: 1, signUps: 1 }]);
    expect(r.totals).toEqual({ sessions: 1, pageViews: 1, actions: 1, shares: 1, shareFailures: 1, signUps: 1, avgTimeOnPage: null, avgScrollDepth: null });
    expect(r.topPages).toEqual([{ pageUrl: '/forum', views: 1, avgTimeOnPage: null, avgScrollDepth: null }]);
    expect(r.actions).toEqual([{ actionType: 'search', count: 1 }]);
    expect(r.shares).toEqual([
      { platform: 'x', shares: 1, failures: 0 },
      { platform: 'email', shares: 0, failures: 1 },
    ]);
    expect(r.vitals).toEqual([{ name: 'LCP', p75: 4500, samples: 2, good: 0, needsImprovement: 1, poor: 1 }]);
  });

  it('an empty period has zero days and empty lists', async () => {
    const r = (await get(t, '/api/admin/analytics?from=2020-01-01&to=2020-01-02', admin.cookie)).json() as TAnalyticsReport;
    expect(r.days).toEqual([
      { date: '2020-01-01', sessions: 0, pageViews: 0, signUps: 0 },
      { date: '2020-01-02', sessions: 0, pageViews: 0, signUps: 0 },
    ]);
    expect(r.totals).toEqual({ sessions: 0, pageViews: 0, actions: 0, shares: 0, shareFailures: 0, signUps: 0, avgTimeOnPage: null, avgScrollDepth: null });
    expect([r.topPages, r.actions, r.shares, r.vitals]).toEqual([[], [], [], []]);
  });

  it('defaults to the last 30 days up to today (London)', async () => {
    await signUp(t);
    const r = (await get(t, '/api/admin/analytics', admin.cookie)).json() as TAnalyticsReport;
    expect(r.days).toHaveLength(30);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    expect(r.to).toBe(today);
    expect(r.days.at(-1)?.date).toBe(today);
    expect(r.from).toBe(r.days[0].date);
    // The member who just signed up is one of today's sign-ups.
    expect(r.days.at(-1)?.signUps).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['from=2024-13-01', ANALYTICS_MSG.dateFormat],
    ['from=2024-02-30', ANALYTICS_MSG.dateFormat],
    ['to=01/04/2024', ANALYTICS_MSG.dateFormat],
    ['from=2024-04-02&to=2024-04-01', ANALYTICS_MSG.rangeOrder],
    ['from=2023-01-01&to=2024-01-02', ANALYTICS_MSG.rangeTooLong],
  ])('400 for %s', async (query, message) => {
    const res = await get(t, `/api/admin/analytics?${query}`, admin.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('366 days is allowed (a leap year)', async () => {
    const res = await get(t, '/api/admin/analytics?from=2024-01-01&to=2024-12-31', admin.cookie);
    expect(res.statusCode).toBe(200);
    expect((res.json() as TAnalyticsReport).days).toHaveLength(366);
  });
});

/**
 * Period 2024-03-30 … 2024-04-01 (London). BST starts 2024-03-31 01:00 UTC, so 2024-03-31T23:30Z is
 * already 1 April in London, and 2024-04-01T23:00Z is 2 April (outside).
 */
async function insertFixtures(t: TestApp) {
  const db = t.database.db;
  const at = (iso: string) => new Date(iso);
  const s = (n: number) => `fixture_session_${n}`.padEnd(21, 'x');
  await db.insert(analyticsSessions).values([
    { id: s(1), startedAt: at('2024-03-30T10:00:00Z'), landingPage: '/' },
    { id: s(2), startedAt: at('2024-03-30T23:30:00Z'), landingPage: '/' }, // 30 Mar 23:30 GMT
    { id: s(3), startedAt: at('2024-03-31T23:30:00Z'), landingPage: '/' }, // 1 Apr 00:30 BST
    { id: s(4), startedAt: at('2024-03-29T23:59:00Z'), landingPage: '/' }, // before
    { id: s(5), startedAt: at('2024-04-01T23:00:00Z'), landingPage: '/' }, // 2 Apr 00:00 BST: after
  ]);
  const pv = (pageUrl: string, iso: string, timeOnPage: number | null = null, scrollDepth: number | null = null) => ({
    sessionId: s(1),
    pageUrl,
    timeOnPage,
    scrollDepth,
    createdAt: at(iso),
  });
  await db.insert(analyticsPageViews).values([
    pv('/forum', '2024-03-30T12:00:00Z'),
    pv('/forum', '2024-03-31T12:00:00Z'),
    pv('/forum', '2024-04-01T12:00:00Z'),
    pv('/forum', '2024-03-31T12:01:00Z', 30, 50), // exit records
    pv('/forum', '2024-03-31T12:02:00Z', 60, 100),
    pv('/guide', '2024-03-31T12:00:00Z'),
    pv('/guide', '2024-03-31T12:03:00Z', 15, null),
    pv('/jobs', '2024-04-01T23:30:00Z'), // 2 Apr in London
    pv('/old', '2024-03-29T12:00:00Z', 999, 1),
  ]);
  const act = (actionType: string, iso: string) => ({ sessionId: s(1), actionType, createdAt: at(iso) });
  await db.insert(analyticsActions).values([
    act('search', '2024-03-30T12:00:00Z'),
    act('search', '2024-04-01T12:00:00Z'),
    act('vote', '2024-03-31T12:00:00Z'),
    act('page_not_found', '2024-03-31T12:00:00Z'),
    act('login', '2024-03-29T12:00:00Z'), // before
  ]);
  const category = await addCategory(db);
  const author = await signUp(t);
  const p = await insertPost(db, { categoryId: category.id, authorId: author.id });
  const share = (platform: string, success: boolean, iso: string) => ({
    postId: p.id,
    platform,
    shareMethod: 'web',
    deviceType: 'desktop',
    success,
    createdAt: at(iso),
  });
  await db.insert(shareEvents).values([
    share('whatsapp', true, '2024-03-30T12:00:00Z'),
    share('whatsapp', true, '2024-03-31T12:00:00Z'),
    share('whatsapp', false, '2024-03-31T12:00:00Z'),
    share('x', true, '2024-04-01T12:00:00Z'),
    share('email', false, '2024-04-01T12:00:00Z'),
    share('x', true, '2024-04-02T12:00:00Z'), // after
  ]);
  const user = (iso: string) => {
    const name = unique('fx_');
    return { email: `${name}@example.test`, username: name, firstName: 'F', lastName: 'X', passwordHash: 'x', createdAt: at(iso) };
  };
  await db.insert(users).values([user('2024-03-30T09:00:00Z'), user('2024-03-31T23:30:00Z'), user('2024-04-02T09:00:00Z')]);
  const vital = (name: string, value: number, rating: 'good' | 'needs-improvement' | 'poor', iso: string) => ({
    url: '/forum',
    name,
    value,
    rating,
    metricId: `${name}-${value}`,
    delta: value,
    reportedAt: at(iso),
    createdAt: at(iso),
  });
  await db.insert(vitalsMetrics).values([
    vital('LCP', 1000, 'good', '2024-03-30T12:00:00Z'),
    vital('LCP', 2000, 'good', '2024-03-31T12:00:00Z'),
    vital('LCP', 3000, 'needs-improvement', '2024-04-01T12:00:00Z'),
    vital('LCP', 5000, 'poor', '2024-04-01T12:00:00Z'),
    vital('CLS', 0.05, 'good', '2024-03-31T12:00:00Z'),
    vital('CLS', 0.3, 'poor', '2024-03-31T12:00:00Z'),
    vital('INP', 900, 'poor', '2024-04-02T12:00:00Z'), // after
    vital('LCP', 99_999, 'poor', '2024-03-29T12:00:00Z'), // before
  ]);
}
