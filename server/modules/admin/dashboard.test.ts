import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDashboard } from '../../../common/contracts/admin.ts';
import { ZStartChatResponse } from '../../../common/contracts/chat.ts';
import { posts, reports, supportTickets } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { registerUser } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createComment, createPost } from '../../test/forum.ts';
import { call, member, type Member } from '../../test/members.ts';
import { londonDayStart } from '../../../common/london-day.ts';

describe.each(testDatabases)('admin dashboard on %s', (kind) => {
  let t: TestApp;
  let admin: Member;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await member(t, 'admin');
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const req = (m: Member | undefined, method: 'GET' | 'POST', path: string, body?: object) => call(t, method, path, { cookie: m?.cookie, body });
  const startChat = async (a: Member, b: Member) => {
    const res = await req(a, 'POST', '/api/chat/start', { recipientId: b.id });
    expect(res.statusCode, res.body).toBe(200);
    return ZStartChatResponse.parse(res.json()).id;
  };

  it('counts members, posts, comments, messages, open tickets and reports; lists recent sign-ups and posts; maintenance', async () => {
    const before = ZDashboard.parse((await req(admin, 'GET', '/api/admin/dashboard')).json());
    const [a, b] = [await member(t), await member(t)];
    const fresh = await registerUser(t); // unverified
    const cat = await addCategory(t.database.db);
    const p = await createPost(t, a.cookie, cat.id);
    await t.database.db.update(posts).set({ createdAt: new Date() }).where(eq(posts.id, p.id));
    await createComment(t, b.cookie, p.id);
    const conv = await startChat(a, b);
    const sent = await req(a, 'POST', `/api/inbox/conversations/${conv}/messages`, { text: 'Depot at 6?' });
    expect([200, 201]).toContain(sent.statusCode);
    await t.database.db.insert(supportTickets).values([
      { name: 'A', email: 'a@example.test', subject: 'Help', message: 'Locked out', status: 'open' },
      { name: 'B', email: 'b@example.test', subject: 'Thanks', message: 'Sorted', status: 'closed' },
    ]);
    await t.database.db.insert(reports).values([
      { reporterId: a.id, targetType: 'post', targetId: p.id, reason: 'spam', status: 'open' },
      { reporterId: a.id, targetType: 'post', targetId: p.id, reason: 'old', status: 'resolved' },
    ]);
    // A post from before today (London) counts in the total only.
    const old = await createPost(t, a.cookie, cat.id);
    await t.database.db
      .update(posts)
      .set({ createdAt: new Date(londonDayStart(new Date()).getTime() - 60_000) })
      .where(eq(posts.id, old.id));

    const res = await req(admin, 'GET', '/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    const d = ZDashboard.parse(res.json());
    expect(d.members.total - before.members.total).toBe(3);
    expect(d.members.verified - before.members.verified).toBe(2);
    // member() dates accounts a month back; only the fresh sign-up is new this week.
    expect(d.members.newThisWeek - before.members.newThisWeek).toBe(1);
    expect(d.posts.total - before.posts.total).toBe(2);
    expect(d.posts.today - before.posts.today).toBe(1);
    expect(d.comments.total - before.comments.total).toBe(1);
    expect(d.comments.today - before.comments.today).toBe(1);
    expect(d.messages.total - before.messages.total).toBe(1);
    expect(d.openSupportTickets - before.openSupportTickets).toBe(1);
    expect(d.openReports - before.openReports).toBe(1);
    expect(d.recentSignups[0]).toMatchObject({ username: fresh.username, email: fresh.email, verified: false });
    expect(d.recentSignups.length).toBeLessThanOrEqual(10);
    expect(d.recentPosts[0]).toMatchObject({ id: p.id, slug: p.slug, authorUsername: a.username, categoryName: cat.name, commentCount: 1 });
    expect(d.maintenance).toEqual({ maintenanceMode: false, message: '' });
  });
});
