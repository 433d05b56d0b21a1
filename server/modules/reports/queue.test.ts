import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_MSG } from '../../../common/contracts/moderation.ts';
import { categories } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createPost, expectCountersConsistent } from '../../test/forum.ts';
import { call, lastAudit, type Member, member } from '../../test/members.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

describe.each(testDatabases)('the reports queue (%s)', (kind) => {
  let t: TestApp;
  let admin: Member;
  let author: Member;
  let other: Member;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await member(t, 'admin');
    author = await member(t);
    other = await member(t);
  });
  afterAll(() => t.close());

  const as = (cookie: string | undefined, method: Method, url: string, body?: object) => call(t, method, url, { cookie, body });
  const category = async (id: number) => (await t.database.db.select().from(categories).where(eq(categories.id, id)))[0];

  it('dismisses a report (audited); a closed report cannot be closed again; a member report cannot delete the member', async () => {
    const c = await addCategory(t.database.db);
    const p = await createPost(t, author.cookie, c.id);
    const r1 = (await as(other.cookie, 'POST', '/api/reports', { targetType: 'post', targetId: p.id, reason: 'I think this is off topic here.' })).json();
    const third = await member(t);
    await as(third.cookie, 'POST', '/api/reports', { targetType: 'post', targetId: p.id, reason: 'Same, looks like an advert to me.' });

    const queue = (await as(admin.cookie, 'GET', '/api/admin/reports')).json();
    expect(queue.reports[0]).toMatchObject({ target: { type: 'post', id: p.id, postSlug: p.slug, href: `/forum/posts/${p.slug}` }, targetReportCount: 2 });
    expect(queue.openCount).toBeGreaterThanOrEqual(2);

    const res = await as(admin.cookie, 'POST', `/api/admin/reports/${r1.id}/dismiss`, { resolution: 'Fine where it is' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'report.dismiss', targetId: String(r1.id), details: { reportIds: [r1.id] } });
    const again = await as(admin.cookie, 'POST', `/api/admin/reports/${r1.id}/resolve`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MODERATION_MSG.reportClosed);
    expect((await as(admin.cookie, 'POST', '/api/admin/reports/999999999/dismiss', {})).statusCode).toBe(404);
    const badAction = await as(admin.cookie, 'POST', `/api/admin/reports/${r1.id}/resolve`, { action: 'ban' });
    expect(badAction.statusCode).toBe(400);

    const u = (await as(other.cookie, 'POST', '/api/reports', { targetType: 'user', targetId: author.id, reason: 'Rude to everybody in every thread.' })).json();
    const refused = await as(admin.cookie, 'POST', `/api/admin/reports/${u.id}/resolve`, { action: 'delete_target' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MODERATION_MSG.cannotDeleteMember);
    expect((await as(admin.cookie, 'POST', `/api/admin/reports/${u.id}/resolve`, { resolution: 'Warned by email' })).statusCode).toBe(200);
    const resolved = (await as(admin.cookie, 'GET', '/api/admin/reports?status=resolved')).json();
    expect(resolved.reports.find((r: { id: number }) => r.id === u.id)).toMatchObject({
      target: { type: 'user', username: author.username, href: `/profile/${author.username}` },
      resolution: 'Warned by email',
    });
  });

  it('resolving with delete_target deletes the post, closes every open report on it and keeps counters right', async () => {
    const c = await addCategory(t.database.db);
    const p = await createPost(t, author.cookie, c.id);
    const a = (await as(other.cookie, 'POST', '/api/reports', { targetType: 'post', targetId: p.id, reason: 'Scam advert, please remove.' })).json();
    const third = await member(t);
    const b = (await as(third.cookie, 'POST', '/api/reports', { targetType: 'post', targetId: p.id, reason: 'Scam, asks for bank details.' })).json();
    const res = await as(admin.cookie, 'POST', `/api/admin/reports/${a.id}/resolve`, { action: 'delete_target' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await as(undefined, 'GET', `/api/forum/posts/${p.slug}`)).statusCode).toBe(404);
    expect((await category(c.id)).postCount).toBe(0);
    const open = (await as(admin.cookie, 'GET', '/api/admin/reports')).json();
    expect(open.reports.some((r: { id: number }) => r.id === a.id || r.id === b.id)).toBe(false);
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'report.resolve', details: { reportIds: expect.arrayContaining([a.id, b.id]) } });
    await expectCountersConsistent(t.database.db);
  });
});
