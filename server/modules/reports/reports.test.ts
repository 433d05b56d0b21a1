import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MSG, REPORTS_PER_HOUR } from '../../../common/rules/reports.ts';
import { auditLog, reports, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createComment, createPost } from '../../test/forum.ts';
import { call, member, type Member } from '../../test/members.ts';

const reason = 'This post is spam advertising a fake courier job.';

describe.each(testDatabases)('reports (%s)', (kind) => {
  let t: TestApp;
  let author: Member;
  let reporter: Member;
  let admin: Member;
  let categoryId: number;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    author = await member(t);
    reporter = await member(t);
    admin = await member(t, 'admin');
    categoryId = (await addCategory(t.database.db)).id;
  });
  afterAll(() => t.close());

  const report = (cookie: string | undefined, body: object) => call(t, 'POST', '/api/reports', { cookie, body });

  it('guest 401, unverified 403, suspended 401, and nothing is stored', async () => {
    const p = await createPost(t, author.cookie, categoryId);
    expect((await report(undefined, { targetType: 'post', targetId: p.id, reason })).statusCode).toBe(401);
    const unverified = await member(t, 'unverified');
    const res = await report(unverified.cookie, { targetType: 'post', targetId: p.id, reason });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Email verification required');
    const suspended = await member(t, 'suspended');
    expect((await report(suspended.cookie, { targetType: 'post', targetId: p.id, reason })).statusCode).toBe(401);
    expect(await t.database.db.select().from(reports).where(eq(reports.targetId, p.id))).toHaveLength(0);
  });

  it('validates the body with clear messages', async () => {
    const p = await createPost(t, author.cookie, categoryId);
    const cases: Array<[object, string]> = [
      [{ targetType: 'post', targetId: p.id, reason: 'too short' }, REPORT_MSG.reasonMin],
      [{ targetType: 'post', targetId: p.id, reason: '          spam      ' }, REPORT_MSG.reasonMin],
      [{ targetType: 'post', targetId: p.id, reason: 'x'.repeat(1001) }, REPORT_MSG.reasonMax],
      [{ targetType: 'post', targetId: p.id }, REPORT_MSG.reasonMin],
      [{ targetType: 'thread', targetId: p.id, reason }, REPORT_MSG.targetType],
      [{ targetType: 'post', targetId: 0, reason }, REPORT_MSG.targetId],
      [{ targetType: 'post', targetId: 'abc', reason }, REPORT_MSG.targetId],
    ];
    for (const [body, message] of cases) {
      const res = await report(reporter.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await t.database.db.select().from(reports).where(eq(reports.targetId, p.id))).toHaveLength(0);
  });

  it('404 for a missing or deleted target', async () => {
    const p = await createPost(t, author.cookie, categoryId);
    const c = await createComment(t, author.cookie, p.id);
    await call(t, 'DELETE', `/api/forum/comments/${c.id}`, { cookie: author.cookie });
    const cases: Array<[object, string]> = [
      [{ targetType: 'post', targetId: 999_999_999, reason }, REPORT_MSG.postNotFound],
      [{ targetType: 'comment', targetId: c.id, reason }, REPORT_MSG.commentNotFound],
      [{ targetType: 'user', targetId: 999_999_999, reason }, REPORT_MSG.userNotFound],
    ];
    for (const [body, message] of cases) {
      const res = await report(reporter.cookie, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(message);
    }
    await call(t, 'DELETE', `/api/forum/posts/${p.id}`, { cookie: author.cookie });
    expect((await report(reporter.cookie, { targetType: 'post', targetId: p.id, reason })).statusCode).toBe(404);
  });

  it('a member cannot report themselves or their own post or comment (400)', async () => {
    const p = await createPost(t, author.cookie, categoryId);
    const c = await createComment(t, author.cookie, p.id);
    for (const body of [
      { targetType: 'post', targetId: p.id, reason },
      { targetType: 'comment', targetId: c.id, reason },
      { targetType: 'user', targetId: author.id, reason },
    ]) {
      const res = await report(author.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(REPORT_MSG.self);
    }
  });

  it('reports a post, a comment and a member; a second open report by the same member is 409', async () => {
    const p = await createPost(t, author.cookie, categoryId);
    const c = await createComment(t, author.cookie, p.id);
    for (const body of [
      { targetType: 'post', targetId: p.id, reason: `  ${reason}  ` },
      { targetType: 'comment', targetId: c.id, reason },
      { targetType: 'user', targetId: author.id, reason },
    ]) {
      const res = await report(reporter.cookie, body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ id: expect.any(Number), message: 'Report sent' });
      const again = await report(reporter.cookie, body);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('You have already reported this');
    }
    const [row] = await t.database.db
      .select()
      .from(reports)
      .where(and(eq(reports.targetType, 'post'), eq(reports.targetId, p.id)));
    expect(row).toMatchObject({ reporterId: reporter.id, reason, status: 'open', resolvedBy: null });
    // Another member may report the same thing.
    const other = await member(t);
    expect((await report(other.cookie, { targetType: 'post', targetId: p.id, reason })).statusCode).toBe(201);
  });

  it(`limits a member to ${REPORTS_PER_HOUR} reports an hour (429 with Retry-After), whatever X-Forwarded-For each request carries`, async () => {
    const busy = await member(t);
    const p = await createPost(t, author.cookie, categoryId);
    // Two fresh writers: each stays inside its own comment limit (MEMBER_LIMITS.comment).
    const writers = [await member(t), await member(t)];
    const targets = [];
    for (let i = 0; i < REPORTS_PER_HOUR + 1; i++) targets.push((await createComment(t, writers[i % 2].cookie, p.id)).id);
    for (const id of targets.slice(0, REPORTS_PER_HOUR)) {
      expect((await report(busy.cookie, { targetType: 'comment', targetId: id, reason })).statusCode).toBe(201);
    }
    const res = await report(busy.cookie, { targetType: 'comment', targetId: targets[REPORTS_PER_HOUR], reason });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(REPORT_MSG.tooMany);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    // An hour later the oldest have aged out.
    await t.database.db
      .update(reports)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(reports.reporterId, busy.id));
    expect((await report(busy.cookie, { targetType: 'comment', targetId: targets[REPORTS_PER_HOUR], reason })).statusCode).toBe(201);
  });

  it('end to end: a member reports a comment, the admin sees it in the queue, resolves it, and it is audited', async () => {
    const p = await createPost(t, author.cookie, categoryId, { title: 'Depot parking tips for vans' });
    const c = await createComment(t, author.cookie, p.id, { content: 'Buy cheap fuel cards from my website now!!!' });
    const sent = await report(reporter.cookie, { targetType: 'comment', targetId: c.id, reason: 'Spam link to a dodgy website.' });
    expect(sent.statusCode).toBe(201);
    const reportId = sent.json().id as number;

    // Members never see the queue.
    expect((await call(t, 'GET', '/api/admin/reports', { cookie: reporter.cookie })).statusCode).toBe(403);

    const queue = await call(t, 'GET', '/api/admin/reports?status=open', { cookie: admin.cookie });
    expect(queue.statusCode).toBe(200);
    const item = queue.json().reports.find((r: { id: number }) => r.id === reportId);
    const [authorRow] = await t.database.db.select({ username: users.username }).from(users).where(eq(users.id, author.id));
    expect(item).toMatchObject({
      reason: 'Spam link to a dodgy website.',
      status: 'open',
      reporter: { id: reporter.id, username: reporter.username },
      targetReportCount: 1,
      target: {
        type: 'comment',
        id: c.id,
        exists: true,
        href: `/forum/posts/${p.slug}#comment-${c.id}`,
        postSlug: p.slug,
        postTitle: 'Depot parking tips for vans',
        commentExcerpt: 'Buy cheap fuel cards from my website now!!!',
        authorUsername: authorRow.username,
      },
    });

    const resolved = await call(t, 'POST', `/api/admin/reports/${reportId}/resolve`, {
      cookie: admin.cookie,
      body: { resolution: 'Comment removed', action: 'delete_target' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toEqual({ message: 'Report resolved' });

    const open = await call(t, 'GET', '/api/admin/reports?status=open', { cookie: admin.cookie });
    expect(open.json().reports.some((r: { id: number }) => r.id === reportId)).toBe(false);
    const done = await call(t, 'GET', '/api/admin/reports?status=resolved', { cookie: admin.cookie });
    expect(done.json().reports.find((r: { id: number }) => r.id === reportId)).toMatchObject({
      status: 'resolved',
      resolution: 'Comment removed',
      resolvedBy: { username: admin.username },
      target: { exists: false, href: null },
    });
    // The comment is gone for readers.
    const page = await call(t, 'GET', `/api/forum/posts/${p.slug}`);
    expect(page.json().comments.some((x: { id: number }) => x.id === c.id)).toBe(false);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(audit.find((a) => a.action === 'report.resolve' && a.targetId === String(reportId))).toMatchObject({
      targetType: 'report',
      details: { target: { type: 'comment', id: c.id }, action: 'delete_target', resolution: 'Comment removed' },
    });
    expect(audit.find((a) => a.action === 'comment.delete' && a.targetId === String(c.id))).toBeTruthy();
  });
});
