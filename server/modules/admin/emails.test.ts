import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAILS_MSG } from '../../../common/rules/admin-emails.ts';
import { UNSUBSCRIBE_MSG } from '../../../common/rules/notification-mail.ts';
import { systemClock } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import { announcements, auditLog, emails, notificationPreferences, users } from '../../db/schema/index.ts';
import { readNotifyPreferences } from '../../identity/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { get, post, registerUser, signUp } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { startSmtpSink, waitFor, type SmtpSink } from '../../test/smtp-sink.ts';
import { unsubscribeToken } from '../notification-mail/index.ts';
import { runAnnouncementBatch } from './announcements-service.ts';

type Member = Awaited<ReturnType<typeof signUp>>;

/** Whether the member's announcements email switch is on (an unsubscribe turns it off). */
const mailedAnnouncements = async (db: Db, userId: number) => (await readNotifyPreferences(db, userId)).announcements.email;

describe.each(testDatabases)('admin emails and announcements (%s)', (kind) => {
  let t: TestApp;
  let admin: Member;
  let member: Member;

  const setUser = (id: number, values: Partial<typeof users.$inferInsert>) => t.database.db.update(users).set(values).where(eq(users.id, id));
  const batch = (batchSize = 2) => runAnnouncementBatch({ db: t.database.db, config: t.app.deps.config, mailer: t.app.deps.mailer, clock: systemClock, batchSize });
  const announcementMails = async () =>
    t.database.db.select().from(emails).where(eq(emails.kind, 'announcement')).orderBy(emails.id);

  beforeAll(async () => {
    t = await buildTestApp(kind, { APP_URL: 'https://kerbside.test' });
    admin = await signUp(t);
    await setUser(admin.id, { isAdmin: true });
    member = await signUp(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('authorisation', () => {
    it('answers 401 to a guest (and a suspended account) and 403 to members, verified or not, on every admin route', async () => {
      const unverified = await registerUser(t);
      const unverifiedLogin = await post(t, '/api/auth/login', { email: unverified.email, password: unverified.password });
      expect(unverifiedLogin.statusCode).toBe(403); // an unverified account has no session at all
      const suspended = await signUp(t);
      await setUser(suspended.id, { suspendedAt: new Date() });
      const routes: Array<[string, string, object?]> = [
        ['GET', '/api/admin/emails'],
        ['POST', '/api/admin/emails/1/retry'],
        ['GET', '/api/admin/announcements'],
        ['POST', '/api/admin/announcements', { subject: 'Hello all', body: 'Hi', audience: 'all' }],
        ['GET', '/api/admin/announcements/1/preview'],
        ['POST', '/api/admin/announcements/1/send'],
      ];
      for (const [method, url, payload] of routes) {
        const call = (cookie?: string) => (method === 'GET' ? get(t, url, cookie) : post(t, url, payload, { cookie }));
        expect((await call()).statusCode, `${method} ${url}`).toBe(401);
        expect((await call(suspended.cookie)).statusCode, `${method} ${url}`).toBe(401);
        const asMember = await call(member.cookie);
        expect(asMember.statusCode, `${method} ${url}`).toBe(403);
        expect(asMember.json().message).toBe('Admins only');
      }
      expect(await t.database.db.select().from(announcements)).toEqual([]);
      expect((await get(t, '/api/admin/emails', admin.cookie)).statusCode).toBe(200);
      expect((await get(t, '/api/admin/announcements', admin.cookie)).statusCode).toBe(200);
    });
  });

  describe('outbox', () => {
    it('lists rows newest first with status, attempts and error, but never a body, code or link', async () => {
      const someone = await registerUser(t); // a verification code mail
      await post(t, '/api/auth/forgot-password', { email: member.email }); // a reset link mail
      // Mails are delivered just after the request that wrote them; wait for that.
      for (let i = 0; i < 200 && (await t.outbox()).some((m) => m.status === 'pending'); i++) await new Promise((r) => setTimeout(r, 25));
      const res = await get(t, '/api/admin/emails', admin.cookie);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.emails[0]).toMatchObject({ to: member.email, kind: 'password_reset', status: 'sent', attempts: 1, error: null, sentAt: expect.any(String) });
      expect(body.emails[1]).toMatchObject({ to: someone.email, kind: 'verification', status: 'sent' });
      expect(Object.keys(body.emails[0]).sort()).toEqual(['attempts', 'createdAt', 'error', 'id', 'kind', 'nextAttemptAt', 'sentAt', 'status', 'subject', 'to']);
      expect(res.body).not.toContain(someone.code);
      expect(res.body).not.toMatch(/token=|reset-password/);
      expect(body.counts.sent).toBeGreaterThan(1);
      expect(body.nextCursor).toBeNull();
    });

    it('filters by status and pages by cursor', async () => {
      const db = t.database.db;
      await db.insert(emails).values(
        Array.from({ length: 55 }, (_, i) => ({ to: `bulk${i}@example.test`, subject: `Bulk ${i}`, text: 'x', html: 'x', kind: 'test', status: 'failed' as const, attempts: 5, error: 'Mailbox unavailable' })),
      );
      const first = (await get(t, '/api/admin/emails?status=failed', admin.cookie)).json();
      expect(first.emails).toHaveLength(50);
      expect(first.emails.every((e: { status: string }) => e.status === 'failed')).toBe(true);
      expect(first.emails[0].subject).toBe('Bulk 54');
      expect(first.counts.failed).toBe(55);
      const second = (await get(t, `/api/admin/emails?status=failed&cursor=${first.nextCursor}`, admin.cookie)).json();
      expect(second.emails.map((e: { subject: string }) => e.subject)).toEqual(['Bulk 4', 'Bulk 3', 'Bulk 2', 'Bulk 1', 'Bulk 0']);
      expect(second.nextCursor).toBeNull();
      await db.delete(emails).where(eq(emails.kind, 'test'));
    });

    it('retries a failed mail (sent at once) and audits it; anything else is refused', async () => {
      const db = t.database.db;
      const [failed] = await db
        .insert(emails)
        .values({ to: 'bounced@example.test', subject: 'Hello', text: 'x', html: 'x', kind: 'support_reply', status: 'failed', attempts: 5, error: '550 Mailbox unavailable' })
        .returning();
      const res = await post(t, `/api/admin/emails/${failed.id}/retry`, undefined, { cookie: admin.cookie });
      expect(res.statusCode).toBe(200);
      // No SMTP_URL in tests: the outbox marks it sent (printed to the console outside tests).
      expect(res.json()).toMatchObject({ id: failed.id, status: 'sent', attempts: 6 });
      const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'email.retry'), eq(auditLog.targetId, String(failed.id))));
      expect(audit).toMatchObject({ actorId: admin.id, targetType: 'email' });

      const again = await post(t, `/api/admin/emails/${failed.id}/retry`, undefined, { cookie: admin.cookie });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(EMAILS_MSG.onlyFailedRetry);
      expect((await post(t, '/api/admin/emails/99999999/retry', undefined, { cookie: admin.cookie })).statusCode).toBe(404);
    });
  });

  it("a retried mail is due by the services' clock, as the outbox keeps time: sent at once with the clock a day ahead", async () => {
    const DAY = 24 * 60 * 60_000;
    let ahead = 0;
    const moved = await buildTestApp(kind, {}, { clock: { now: () => new Date(Date.now() + ahead) } });
    try {
      const boss = await signUp(moved);
      await moved.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, boss.id));
      ahead = DAY;
      const [failed] = await moved.database.db
        .insert(emails)
        .values({ to: 'bounced@example.test', subject: 'Hello', text: 'x', html: 'x', kind: 'support_reply', status: 'failed', attempts: 5, error: '550 Mailbox unavailable' })
        .returning();
      const res = await post(moved, `/api/admin/emails/${failed!.id}/retry`, undefined, { cookie: boss.cookie });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: failed!.id, status: 'sent', attempts: 6 });
      expect(Date.parse(res.json().sentAt)).toBeGreaterThan(Date.now() + DAY - 60_000);
    } finally {
      await moved.close();
    }
  });

  describe('announcements', () => {
    const vans: Member[] = [];
    const cars: Member[] = [];
    beforeAll(async () => {
      for (let i = 0; i < 3; i++) {
        const v = await signUp(t);
        await setUser(v.id, { avatar: 'van' });
        vans.push(v);
      }
      for (let i = 0; i < 2; i++) cars.push(await signUp(t)); // default avatar: car
    });
    beforeEach(async () => {
      // Each test starts with no announcement under way.
      await t.database.db.update(announcements).set({ status: 'sent' }).where(eq(announcements.status, 'sending'));
    });

    const create = async (payload: object) => post(t, '/api/admin/announcements', payload, { cookie: admin.cookie });

    it('validates a new announcement with clear messages and saves nothing bad', async () => {
      const cases: Array<[object, string]> = [
        [{ subject: 'Hi', body: 'Text', audience: 'all' }, EMAILS_MSG.subjectMin],
        [{ subject: 'Hello', body: '  ', audience: 'all' }, EMAILS_MSG.bodyRequired],
        [{ subject: 'Hello', body: 'x'.repeat(20_001), audience: 'all' }, EMAILS_MSG.bodyMax],
        [{ subject: 'Hello', body: 'Text', audience: 'pilots' }, EMAILS_MSG.audienceInvalid],
      ];
      for (const [payload, message] of cases) {
        const res = await create(payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
      expect(await t.database.db.select().from(announcements)).toEqual([]);
    });

    it('previews the rendered mail with the recipient count, then sends to one role in batches with a working unsubscribe link', async () => {
      const db = t.database.db;
      // Announcements by email switched off (pushes still on): never mailed.
      await db.insert(notificationPreferences).values({ userId: vans[2].id, settings: { announcements: { email: false } } });
      const suspendedVan = await signUp(t);
      await setUser(suspendedVan.id, { avatar: 'van', suspendedAt: new Date() });
      const unverifiedVan = await registerUser(t);
      await db.update(users).set({ avatar: 'van' }).where(eq(users.email, unverifiedVan.email));

      const created = await create({ subject: 'New van insurance guide', body: '## Cover\n\nRead **this** <script>x()</script>', audience: 'van' });
      expect(created.statusCode).toBe(201);
      const a = created.json();
      expect(a).toMatchObject({ status: 'draft', audience: 'van', audienceLabel: 'Van Delivery', sentCount: 0, createdBy: admin.username });

      const preview = (await get(t, `/api/admin/announcements/${a.id}/preview`, admin.cookie)).json();
      expect(preview.recipientCount).toBe(2);
      expect(preview.subject).toBe('New van insurance guide');
      expect(preview.html).toContain('<strong>this</strong>');
      expect(preview.html).not.toContain('<script>');
      expect(preview.html).toContain('https://kerbside.test/unsubscribe?token=');
      expect(preview.text).toContain('https://kerbside.test/unsubscribe?token=');
      expect(await announcementMails()).toHaveLength(0);

      const send = await post(t, `/api/admin/announcements/${a.id}/send`, undefined, { cookie: admin.cookie });
      expect(send.statusCode).toBe(200);
      expect(send.json().status).toBe('sending');
      expect((await post(t, `/api/admin/announcements/${a.id}/send`, undefined, { cookie: admin.cookie })).statusCode).toBe(409);

      // Batch size 1: one recipient per run; the cursor and count move with it.
      const first = await runAnnouncementBatch({ db, config: t.app.deps.config, mailer: t.app.deps.mailer, clock: systemClock, batchSize: 1 });
      expect(first).toMatchObject({ announcementId: a.id, enqueued: 1, done: false });
      let [row] = await db.select().from(announcements).where(eq(announcements.id, a.id));
      expect(row).toMatchObject({ status: 'sending', sentCount: 1, lastUserId: vans[0].id });
      const second = await runAnnouncementBatch({ db, config: t.app.deps.config, mailer: t.app.deps.mailer, clock: systemClock, batchSize: 1 });
      expect(second).toMatchObject({ enqueued: 1, done: false });
      // The third van is in the audience but not mailed (its email switch is off); then the end.
      const third = await runAnnouncementBatch({ db, config: t.app.deps.config, mailer: t.app.deps.mailer, clock: systemClock, batchSize: 1 });
      expect(third).toMatchObject({ enqueued: 0, done: false });
      const fourth = await runAnnouncementBatch({ db, config: t.app.deps.config, mailer: t.app.deps.mailer, clock: systemClock, batchSize: 1 });
      expect(fourth).toMatchObject({ enqueued: 0, done: true });
      [row] = await db.select().from(announcements).where(eq(announcements.id, a.id));
      expect(row).toMatchObject({ status: 'sent', sentCount: 2, finishedAt: expect.any(Date) });
      expect(await batch()).toBeNull();

      const mails = await announcementMails();
      expect(mails.map((m) => m.to)).toEqual([vans[0].email, vans[1].email]);
      expect(mails.every((m) => m.status === 'sent' && m.subject === 'New van insurance guide')).toBe(true);
      expect(mails[0].text).toContain('Hi Sam,');
      // Each row carries its own List-Unsubscribe link (RFC 2369) and the one-click marker (RFC 8058).
      for (const m of mails) {
        const own = /(https:\/\/kerbside\.test\/unsubscribe\?token=[^\s]+)/.exec(m.text)![1];
        expect(m.headers).toEqual({ 'List-Unsubscribe': `<${own}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
      }
      expect(mails[0].headers!['List-Unsubscribe']).not.toBe(mails[1].headers!['List-Unsubscribe']);

      // The link of the first mail unsubscribes that member, and only them.
      const link = /https:\/\/kerbside\.test(\/unsubscribe\?token=[^\s]+)/.exec(mails[0].text)![1];
      const token = decodeURIComponent(link.split('token=')[1]);
      const page = await get(t, link);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<form method="post" action="/unsubscribe">');
      expect(page.body).toContain('Unsubscribe from announcements');
      expect(await mailedAnnouncements(db, vans[0].id)).toBe(true); // opening the page changes nothing
      const done = await t.app.inject({
        method: 'POST',
        url: '/unsubscribe',
        headers: { origin: 'https://kerbside.test', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token }).toString(),
      });
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('You are unsubscribed');
      expect(done.body).toContain('you will no longer receive emails about announcements');
      expect([await mailedAnnouncements(db, vans[0].id), await mailedAnnouncements(db, vans[1].id)]).toEqual([false, true]);
      expect((await get(t, `/api/admin/announcements/${a.id}/preview`, admin.cookie)).json().recipientCount).toBe(2); // a sent one shows who got it
    });

    it('sends to all verified members in batches of the given size, honouring an opt-out made between batches', async () => {
      const db = t.database.db;
      const verified = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(isNotNull(users.emailVerifiedAt), isNull(users.suspendedAt)))
        .orderBy(users.id);
      const eligible = [];
      for (const u of verified) if (await mailedAnnouncements(db, u.id)) eligible.push(u);
      const a = (await create({ subject: 'Forum rules updated', body: 'Please read the new community guidelines.', audience: 'all' })).json();
      const expected = (await get(t, `/api/admin/announcements/${a.id}/preview`, admin.cookie)).json().recipientCount as number;
      expect(expected).toBeGreaterThan(4);
      expect((await post(t, `/api/admin/announcements/${a.id}/send`, undefined, { cookie: admin.cookie })).statusCode).toBe(200);

      const r1 = await batch(2);
      expect(r1).toMatchObject({ enqueued: 2, done: false });
      const firstTwo = (await announcementMails()).filter((m) => m.subject === 'Forum rules updated').map((m) => m.to);
      // Someone later in line unsubscribes through the JSON API before the next batch.
      const later = eligible.find((u) => !firstTwo.includes(u.email))!;
      const unsub = await post(t, '/api/unsubscribe', { token: await unsubscribeToken(db, later.id, ['announcements']) });
      expect(unsub.statusCode).toBe(200);
      expect(unsub.json()).toEqual({ message: UNSUBSCRIBE_MSG.unsubscribed(['announcements']), kinds: ['announcements'] });

      for (let i = 0; i < 20; i++) {
        const r = await batch(2);
        if (!r || r.done) break;
        expect(r.enqueued).toBeLessThanOrEqual(2); // members whose switch is off are passed over
      }
      const [row] = await db.select().from(announcements).where(eq(announcements.id, a.id));
      expect(row.status).toBe('sent');
      const got = (await announcementMails()).filter((m) => m.subject === 'Forum rules updated').map((m) => m.to);
      expect(row.sentCount).toBe(got.length);
      expect(got.length).toBe(expected - 1);
      expect(new Set(got).size).toBe(got.length);
      expect(got).not.toContain(later.email);
      expect(got).not.toContain(vans[0].email); // unsubscribed in the previous test
      expect(got).toContain(admin.email); // admins are members too
    });

    it('refuses a tampered or made-up unsubscribe token with 400 and changes nothing', async () => {
      const token = await unsubscribeToken(t.database.db, member.id, ['announcements']);
      const [id, kinds, sig] = token.split('.');
      const forged = [
        `${Number(id) + 1}.${kinds}.${sig}`,
        `${id}.${kinds}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
        // Another kind under this kind's signature, and a kind with no email switch.
        `${id}.chat.${sig}`,
        `${id}.announcements-chat.${sig}`,
        `${id}.${sig}`,
        'abc',
        '',
        `${id}.`,
      ];
      for (const bad of forged) {
        const res = await post(t, '/api/unsubscribe', { token: bad });
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().message).toBe(UNSUBSCRIBE_MSG.invalid);
        const page = await get(t, `/unsubscribe?token=${encodeURIComponent(bad)}`);
        expect(page.statusCode).toBe(400);
        expect(page.body).toContain('Invalid unsubscribe link');
      }
      expect(await readNotifyPreferences(t.database.db, member.id)).toMatchObject({ announcements: { email: true }, chat: { email: true } });
    });

    it('never double-sends when two batch runs race (two processes)', async () => {
      const db = t.database.db;
      const a = (await create({ subject: 'Race check', body: 'Only once each.', audience: 'all' })).json();
      const expected = (await get(t, `/api/admin/announcements/${a.id}/preview`, admin.cookie)).json().recipientCount as number;
      await post(t, `/api/admin/announcements/${a.id}/send`, undefined, { cookie: admin.cookie });
      // A second app on the same PostgreSQL database is a second process; on PGlite, two runs at once.
      const other = t.databaseUrl ? await buildTestApp('postgres', { APP_URL: 'https://kerbside.test' }, { sameDatabaseAs: t }) : null;
      try {
        const runner = (x: TestApp) => () => runAnnouncementBatch({ db: x.database.db, config: x.app.deps.config, mailer: x.app.deps.mailer, clock: systemClock, batchSize: 2 });
        const runs = [runner(t), runner(other ?? t)];
        for (let round = 0; round < 20; round++) {
          const results = await Promise.all(runs.map((r) => r()));
          const [row] = await db.select().from(announcements).where(eq(announcements.id, a.id));
          if (row.status === 'sent') break;
          expect(results.some((r) => r !== null)).toBe(true);
        }
      } finally {
        await other?.close();
      }
      const got = (await announcementMails()).filter((m) => m.subject === 'Race check').map((m) => m.to);
      expect(got.length).toBe(expected);
      expect(new Set(got).size).toBe(expected);
      const [row] = await db.select().from(announcements).where(eq(announcements.id, a.id));
      expect(row).toMatchObject({ status: 'sent', sentCount: expected });
    });

    it('lists announcements newest first with progress', async () => {
      const res = await get(t, '/api/admin/announcements', admin.cookie);
      expect(res.statusCode).toBe(200);
      const list = res.json().announcements;
      expect(list[0]).toMatchObject({ subject: 'Race check', status: 'sent' });
      expect(list.map((x: { subject: string }) => x.subject)).toEqual(['Race check', 'Forum rules updated', 'New van insurance guide']);
      const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetType, 'announcement')).orderBy(desc(auditLog.id));
      expect(audit.filter((x) => x.action === 'announcement.send')).toHaveLength(3);
      expect(audit.filter((x) => x.action === 'announcement.create')).toHaveLength(3);
    });
  });
});

describe.each(testDatabases)('announcement mail over real SMTP (%s)', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp(kind, { APP_URL: 'https://kerbside.test', SMTP_URL: `smtp://127.0.0.1:${sink.port}`, MAIL_FROM: 'Kerbside <no-reply@kerbside.test>' });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('delivers List-Unsubscribe and List-Unsubscribe-Post headers, and a one-click POST to that link unsubscribes', async () => {
    const admin = await signUp(t);
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    const member = await signUp(t);
    const a = (await post(t, '/api/admin/announcements', { subject: 'Depot changes this week', body: 'New opening hours.', audience: 'all' }, { cookie: admin.cookie })).json();
    expect((await post(t, `/api/admin/announcements/${a.id}/send`, undefined, { cookie: admin.cookie })).statusCode).toBe(200);
    expect(await runAnnouncementBatch({ db: t.database.db, config: t.app.deps.config, mailer: t.app.deps.mailer, clock: systemClock })).toMatchObject({ enqueued: 2, done: true });

    const message = await waitFor(() => sink.received.find((m) => m.to.includes(member.email) && m.raw.includes('Subject: Depot changes this week')));
    const head = message.raw.split('\r\n\r\n')[0].replace(/\r\n[ \t]+/g, ' '); // unfold header lines
    const link = /^List-Unsubscribe: <(https:\/\/kerbside\.test\/unsubscribe\?token=[^>\s]+)>$/m.exec(head)?.[1];
    expect(link).toBeDefined();
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const [row] = await t.database.db.select().from(emails).where(and(eq(emails.to, member.email), eq(emails.kind, 'announcement')));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row.headers!['List-Unsubscribe']).toBe(`<${link}>`);

    // What a mail provider sends for the one-click button (RFC 8058): a POST to the link, no Origin, no cookie.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: link!.replace('https://kerbside.test', ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('You are unsubscribed');
    expect(await mailedAnnouncements(t.database.db, admin.id)).toBe(true);
    expect(await mailedAnnouncements(t.database.db, member.id)).toBe(false);
  });
});
