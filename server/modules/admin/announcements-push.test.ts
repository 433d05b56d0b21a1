// An admin announcement reaches each recipient's devices by Web Push as its batch is queued: the
// app's push service posts to an in-process HTTPS push service (server/test/push-service.ts), and each
// request is decrypted with the device's own keys. Once per recipient; never to the admin who wrote it,
// nor to members whose announcements push switch is off (the email switch is the mail's alone).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../core.ts';
import { announcements, emails, notificationPreferences, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { unique } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, member, type Member } from '../../test/members.ts';
import { browserSubscription, decryptPush, startPushService, type BrowserSubscription, type PushServiceStandIn } from '../../test/push-service.ts';
import { ANNOUNCEMENT_PUSH_BODY_MAX, announcementPush, runAnnouncementBatch } from './announcements-service.ts';

describe('announcement push messages', () => {
  it('carry the subject, the start of the text without its markdown, and one tag per announcement', () => {
    const m = announcementPush({ id: 7, subject: 'Depot closed on Monday', body: '**Bank holiday**: the [depot](https://example.com) is closed.' });
    expect(m).toEqual({ title: 'Depot closed on Monday', body: 'Bank holiday: the depot is closed.', url: '/', tag: 'announcement:7' });
    expect(Array.from(announcementPush({ id: 1, subject: 's', body: 'word '.repeat(200) }).body).length).toBeLessThanOrEqual(ANNOUNCEMENT_PUSH_BODY_MAX);
  });
});

describe.each(testDatabases)('announcements by web push on %s', (kind) => {
  let t: TestApp;
  let ps: PushServiceStandIn;

  beforeAll(async () => {
    ps = await startPushService();
    t = await buildTestApp(kind, { PUSH_ENDPOINT_HOSTS: ps.host }, { push: { agent: ps.agent, retryBaseMs: 20, timeoutMs: 2_000 } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await ps?.close();
  });

  async function phoneOf(m: Member): Promise<BrowserSubscription> {
    const b = browserSubscription(`https://${ps.host}/wpush/${unique('d')}`);
    const res = await call(t, 'POST', '/api/push/subscriptions', { cookie: m.cookie, body: b.json });
    expect(res.statusCode, res.body).toBe(201);
    return b;
  }
  const payloadsTo = (d: BrowserSubscription) =>
    ps.received.filter((r) => r.path === new URL(d.json.endpoint).pathname).map((r) => JSON.parse(decryptPush(r.body, d)) as unknown);

  it("each recipient's device gets it once, over several batches; not the admin who wrote it, not a member whose push switch is off", async () => {
    const admin = await member(t, 'admin');
    const [a, b, optedOut] = [await member(t), await member(t), await member(t)];
    const [adminPhone, aPhone, bPhone, optedOutPhone] = await Promise.all([admin, a, b, optedOut].map(phoneOf));
    // b takes announcements on the phone but not by mail; optedOut by mail but not on the phone.
    await t.database.db.insert(notificationPreferences).values([
      { userId: b.id, settings: { announcements: { email: false } } },
      { userId: optedOut.id, settings: { announcements: { push: false } } },
    ]);
    const [row] = await t.database.db
      .insert(announcements)
      .values({ subject: 'Depot closed on Monday', body: 'The **depot** is closed for the bank holiday.', audience: 'all', status: 'sending', createdBy: admin.id, startedAt: new Date() })
      .returning({ id: announcements.id });

    // Batches of one, as the sender loop runs them, until the announcement is sent.
    const deps = { db: t.database.db, config: t.app.deps.config, mailer: t.app.deps.mailer, clock: systemClock, batchSize: 1, sendToDevices: t.app.push.sendToUser };
    for (let i = 0; i < 20; i++) {
      const result = await runAnnouncementBatch(deps);
      if (!result || result.done) break;
    }
    await t.app.jobs.settled();

    const expected = { title: 'Depot closed on Monday', body: 'The depot is closed for the bank holiday.', url: '/', tag: `announcement:${row.id}` };
    expect(payloadsTo(aPhone)).toEqual([expected]);
    expect(payloadsTo(bPhone)).toEqual([expected]);
    expect(payloadsTo(adminPhone)).toEqual([]);
    expect(payloadsTo(optedOutPhone)).toEqual([]);
    // A batch that finds the announcement already sent pushes nothing more.
    expect(await runAnnouncementBatch(deps)).toBeNull();
    await t.app.jobs.settled();
    expect(ps.received).toHaveLength(2);
    // The mail follows the email switch: b is not mailed, optedOut is.
    const mailedTo = await t.database.db
      .select({ id: users.id })
      .from(emails)
      .innerJoin(users, eq(users.email, emails.to))
      .where(eq(emails.kind, 'announcement'));
    expect(mailedTo.map((m) => m.id).sort((x, y) => x - y)).toEqual([admin.id, a.id, optedOut.id].sort((x, y) => x - y));
  });
});
