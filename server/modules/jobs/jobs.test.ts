import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZJobsSummary } from '../../../common/contracts/jobs.ts';
import { JOBS_MSG } from '../../../common/rules/jobs.ts';
import { ROLE_MSG } from '../../../common/rules/roles.ts';
import { auditLog, jobs, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, member, type Member } from '../../test/members.ts';

// The dashboard's background jobs card (issue 29; docs/API.md "Admin: background jobs"): the runner's
// counts and its failed (dead) jobs for admins, who retry them; nobody else sees or touches them.

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const REFUSED = 'relay.example.test refused the message: 550 mailbox unavailable';

describe.each(testDatabases)('admin: background jobs on %s', (kind) => {
  let t: TestApp;
  let admin: Member, moderator: Member, regular: Member, unverified: Member, suspended: Member;
  /** The test job's handler fails while this holds; each run records the state its row was claimed in. */
  let failing = true;
  const runs: Array<{ state: string; attempts: number }> = [];
  let deadId: number;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    [admin, moderator, regular, unverified, suspended] = [
      await member(t, 'admin'),
      await member(t),
      await member(t),
      await member(t, 'unverified'),
      await member(t, 'suspended'),
    ];
    await t.database.db.update(users).set({ isModerator: true }).where(eq(users.id, moderator.id));
    t.app.jobs.define(
      'test.relay',
      async (_payload, job) => {
        const [row] = await job.db.select({ state: jobs.state, attempts: jobs.attempts }).from(jobs).where(eq(jobs.id, job.id));
        runs.push(row);
        if (failing) throw new Error(REFUSED);
      },
      { maxAttempts: 1 },
    );
    // Queued as a service queues one, run at once (the runner wakes), and dead after its one attempt.
    await t.app.jobs.enqueue(t.database.db, 'test.relay', { to: 'someone@example.test' });
    await t.app.jobs.settled();
    [{ id: deadId }] = await t.database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.name, 'test.relay'));
  }, 180_000);
  afterAll(async () => t?.close());

  const jobState = async (id: number) => (await t.database.db.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, id)))[0]?.state;
  const audits = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, 'job.retry'));

  it('is for admins only: guests and suspended accounts 401, members, moderators and the unverified 403; nothing changes', async () => {
    const urls = [
      ['GET', '/api/admin/jobs'],
      ['POST', `/api/admin/jobs/${deadId}/retry`],
    ] as const;
    for (const [method, url] of urls) {
      for (const cookie of [undefined, suspended.cookie]) {
        const res = await call(t, method, url, { cookie });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: 'Authentication required' });
      }
      for (const m of [regular, moderator, unverified]) {
        const res = await call(t, method, url, { cookie: m.cookie });
        expect(res.statusCode, `${method} ${url} as ${m.username}`).toBe(403);
        expect(res.json()).toEqual({ message: ROLE_MSG.adminsOnly });
      }
    }
    expect(await jobState(deadId)).toBe('dead');
    expect(runs).toHaveLength(1);
    expect(await audits()).toEqual([]);
  });

  it('lists each job name’s counts and the failed jobs, newest failure first, with their error, attempts and times', async () => {
    // A job of a name no handler knows any more (an upgrade renamed it), dead an hour ago.
    const hourAgo = new Date(Date.now() - 3_600_000);
    const [old] = await t.database.db
      .insert(jobs)
      .values({ name: 'test.renamed', payload: {}, state: 'dead', attempts: 8, lastError: 'no handler for job test.renamed', createdAt: hourAgo, finishedAt: hourAgo })
      .returning({ id: jobs.id });
    try {
      const res = await call(t, 'GET', '/api/admin/jobs', { cookie: admin.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = ZJobsSummary.parse(res.json());
      expect(body.byName).toContainEqual({ name: 'test.relay', pending: 0, dead: 1, doneLastDay: 0 });
      expect(body.byName).toContainEqual({ name: 'test.renamed', pending: 0, dead: 1, doneLastDay: 0 });
      expect(body.dead).toEqual([
        { id: deadId, name: 'test.relay', attempts: 1, lastError: REFUSED, createdAt: expect.stringMatching(ISO), failedAt: expect.stringMatching(ISO) },
        { id: old.id, name: 'test.renamed', attempts: 8, lastError: 'no handler for job test.renamed', createdAt: hourAgo.toISOString(), failedAt: hourAgo.toISOString() },
      ]);
      // Only what the card shows: never the payload (it names members).
      expect(res.body).not.toContain('someone@example.test');
    } finally {
      await t.database.db.delete(jobs).where(eq(jobs.id, old.id));
    }
  });

  it('refuses an id that is not a number (400) and one that is not a failed job (404), changing nothing', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '1e400', '9007199254740993']) {
      const res = await call(t, 'POST', `/api/admin/jobs/${id}/retry`, { cookie: admin.cookie });
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toEqual({ message: JOBS_MSG.idInvalid, errors: { id: JOBS_MSG.idInvalid } });
    }
    const [pending] = await t.database.db
      .insert(jobs)
      .values({ name: 'test.later', payload: {}, runAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: jobs.id });
    try {
      for (const id of [999_999_999, pending.id]) {
        const res = await call(t, 'POST', `/api/admin/jobs/${id}/retry`, { cookie: admin.cookie });
        expect(res.statusCode, String(id)).toBe(404);
        expect(res.json()).toEqual({ message: JOBS_MSG.notFound });
      }
      expect(await jobState(pending.id)).toBe('pending');
    } finally {
      await t.database.db.delete(jobs).where(eq(jobs.id, pending.id));
    }
    expect(await audits()).toEqual([]);
  });

  it('retry: the failed job is pending again with its attempts counted afresh, runs, and the retry is audited; a second retry is 404', async () => {
    failing = false;
    const res = await call(t, 'POST', `/api/admin/jobs/${deadId}/retry`, { cookie: admin.cookie });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ id: deadId, name: 'test.relay' });
    // The retry woke the runner; the test app's answer waited for what it ran.
    await t.app.jobs.settled();
    // Claimed from `pending` as a first attempt, and this time it succeeded.
    expect(runs).toEqual([
      { state: 'pending', attempts: 1 },
      { state: 'pending', attempts: 1 },
    ]);
    expect(await jobState(deadId)).toBe('done');
    const summary = ZJobsSummary.parse((await call(t, 'GET', '/api/admin/jobs', { cookie: admin.cookie })).json());
    expect(summary.dead).toEqual([]);
    expect(summary.byName).toContainEqual({ name: 'test.relay', pending: 0, dead: 0, doneLastDay: 1 });

    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'job.retry'), eq(auditLog.targetId, String(deadId))));
    expect(audit).toMatchObject({ actorId: admin.id, targetType: 'job', details: { name: 'test.relay', attempts: 1, lastError: REFUSED } });

    const again = await call(t, 'POST', `/api/admin/jobs/${deadId}/retry`, { cookie: admin.cookie });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: JOBS_MSG.notFound });
    expect(await audits()).toHaveLength(1);
  });
});
