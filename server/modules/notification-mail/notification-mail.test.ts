// The notification mail (issue 16): a member away from the site for NOTIFY_EMAIL_DELAY_S gets one mail
// for what they missed (chat messages, replies, mentions, followed posts), at most one per 15 minutes,
// only of the kinds whose email switch is on, each with one-click unsubscribe links; the weekly digest;
// and the one unsubscribe link, old announcement links included. Runs are driven with runOnce(now),
// the clock a test moves; mails are read from the outbox, and over SMTP for the headers.
import { createHmac } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_MSG } from '../../../common/rules/notification-mail.ts';
import { NOTIFY_DEFAULTS } from '../../../common/rules/notification-preferences.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { categoryFollows, comments, conversations, emails, jobs, messages, notificationMailState, notificationPreferences, notifications, posts, sessions, users } from '../../db/schema/index.ts';
import { readNotifyPreferences } from '../../identity/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { get, post } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, insertComment, insertPost } from '../../test/forum.ts';
import { member, type Member } from '../../test/members.ts';
import { startSmtpSink, waitFor, type SmtpSink } from '../../test/smtp-sink.ts';
import { connect, listen, pause } from '../../test/sockets.ts';
import { unsubscribeSecret, unsubscribeToken } from './index.ts';

const MIN = 60_000;

describe('NOTIFY_EMAIL_DELAY_S', () => {
  it('defaults to 15 minutes and refuses a value that is not whole seconds between a minute and a week', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).notifyEmailDelayS).toBe(900);
    expect(loadConfig({ NODE_ENV: 'test', NOTIFY_EMAIL_DELAY_S: '120' }).notifyEmailDelayS).toBe(120);
    for (const bad of ['10', 'soon', '1.5', '999999999']) {
      expect(() => loadConfig({ NODE_ENV: 'test', NOTIFY_EMAIL_DELAY_S: bad }), bad).toThrow(ConfigError);
    }
  });
});

describe.each(testDatabases)('notification mail (%s)', (kind) => {
  let t: TestApp;
  let db: Db;
  let categoryId: number;

  beforeAll(async () => {
    t = await buildTestApp(kind, { APP_URL: 'https://kerbside.test' });
    db = t.database.db;
    categoryId = (await addCategory(db, 'Depots')).id;
  });
  afterAll(async () => t?.close());

  /** A minute offset from `base`. */
  const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * MIN);
  const run = (now: Date) => t.app.notificationMail.runOnce(now);

  async function emailOf(m: Member) {
    const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, m.id));
    return u.email;
  }
  async function mailsTo(m: Member, kind = 'notification') {
    return db
      .select()
      .from(emails)
      .where(and(eq(emails.to, await emailOf(m)), eq(emails.kind, kind)))
      .orderBy(desc(emails.id));
  }

  /** A chat message from one member to another, sent at `createdAt` and unread. */
  async function chat(from: Member, to: Member, content: string, createdAt: Date) {
    const [low, high] = from.id < to.id ? [from.id, to.id] : [to.id, from.id];
    await db.insert(conversations).values({ userLowId: low, userHighId: high }).onConflictDoNothing();
    const [c] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.userLowId, low), eq(conversations.userHighId, high)));
    await db.insert(messages).values({ conversationId: c.id, senderId: from.id, content, createdAt });
    return c.id;
  }

  /** A reply to `to`'s post by `from` (its comment and the bell's row), at `createdAt`. */
  async function reply(from: Member, to: Member, createdAt: Date, opts: { type?: 'comment' | 'reply' | 'mention' | 'followed_post' | 'area_alert' | 'answer'; readAt?: Date } = {}) {
    const p = await insertPost(db, { categoryId, authorId: to.id });
    const c = await insertComment(db, { postId: p.id, authorId: from.id });
    await db.update(comments).set({ content: 'Try the **north** gate after six.' }).where(eq(comments.id, c.id));
    const [n] = await db
      .insert(notifications)
      .values({
        userId: to.id,
        type: opts.type ?? 'comment',
        actorId: from.id,
        postId: p.id,
        commentId: c.id,
        title: 'New comment on your post',
        message: `${from.username} commented on “${p.title}”`,
        createdAt,
        readAt: opts.readAt ?? null,
      })
      .returning();
    return { post: p, comment: c, notification: n };
  }

  async function setSwitches(m: Member, settings: object) {
    await db.insert(notificationPreferences).values({ userId: m.id, settings }).onConflictDoUpdate({ target: notificationPreferences.userId, set: { settings } });
  }

  it('mails a member who is away once, after the delay and not before: messages and replies, with links, excerpts and unsubscribe links', async () => {
    const [alice, bob] = [await member(t), await member(t)];
    const now = new Date();
    const conversationId = await chat(alice, bob, 'Are you at the depot tomorrow?', now);
    await chat(alice, bob, 'The **north** gate is open again', at(now, 1));
    const r = await reply(alice, bob, now);

    // Ten minutes on: not away long enough.
    await run(at(now, 10));
    expect(await mailsTo(bob)).toEqual([]);

    await run(at(now, 17));
    const [mail, ...more] = await mailsTo(bob);
    expect(more).toEqual([]);
    expect(mail.subject).toBe('You have 2 new messages and 1 reply on Kerbside');
    expect(mail.text).toContain(`2 new messages from ${alice.username}`);
    expect(mail.text).toContain('"The **north** gate is open again"'); // the latest message, as written
    expect(mail.text).toContain(`https://kerbside.test/inbox/${conversationId}`);
    expect(mail.text).toContain(`${alice.username} commented on “${r.post.title}”`);
    expect(mail.text).toContain('"Try the north gate after six."');
    expect(mail.text).toContain(`https://kerbside.test/forum/posts/${r.post.slug}#comment-${r.comment.id}`);
    expect(mail.text).toContain('Choose which emails you get: https://kerbside.test/settings/notifications');
    expect(mail.html).toContain(`href="https://kerbside.test/inbox/${conversationId}"`);
    expect(mail.html).toContain('Stop emails about chat messages');
    expect(mail.html).toContain('Stop emails about replies');
    // One link for the whole mail in the headers (both kinds), one per kind in the body.
    const headerLink = /^<(.+)>$/.exec(mail.headers!['List-Unsubscribe'])![1];
    expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(decodeURIComponent(headerLink.split('token=')[1])).toBe(await unsubscribeToken(db, bob.id, ['chat', 'replies']));
    expect(mail.text).toContain(`Stop emails about chat messages: https://kerbside.test/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(db, bob.id, ['chat']))}`);
    // The sender is not mailed their own messages.
    expect(await mailsTo(alice)).toEqual([]);
    const [state] = await db.select().from(notificationMailState).where(eq(notificationMailState.userId, bob.id));
    expect(state).toMatchObject({ mailedAt: at(now, 17), mailedThrough: at(now, 2) });

    // The next run has nothing new for bob.
    await run(at(now, 18));
    expect(await mailsTo(bob)).toHaveLength(1);
  });

  it('mails nobody with a socket open, nor anyone who made a request within the delay', async () => {
    const [alice, carol, dave] = [await member(t), await member(t), await member(t)];
    const now = new Date();
    await chat(alice, carol, 'Carol, you there?', now);
    await chat(alice, dave, 'Dave, you there?', now);
    const url = await listen(t);
    const socket = await connect(url, carol.cookie);
    await pause(100);
    // Dave's session was used a minute before the run: not away.
    await db.execute(sql`update sessions set last_seen_at = ${at(now, 16)} where user_id = ${dave.id}`);
    await run(at(now, 17));
    expect(await mailsTo(carol)).toEqual([]);
    expect(await mailsTo(dave)).toEqual([]);

    // Carol leaves; Dave stays away: both are mailed at the next run.
    await socket.close();
    await pause(100);
    await run(at(now, 32));
    expect((await mailsTo(carol)).map((m) => m.subject)).toEqual(['You have 1 new message on Kerbside']);
    expect((await mailsTo(dave)).map((m) => m.subject)).toEqual(['You have 1 new message on Kerbside']);
  });

  it('sends no second mail within 15 minutes; the next one covers only what is new', async () => {
    const [alice, erin] = [await member(t), await member(t)];
    const now = new Date();
    const first = await reply(alice, erin, now);
    await run(at(now, 16));
    expect(await mailsTo(erin)).toHaveLength(1);

    const second = await reply(alice, erin, at(now, 2), { type: 'mention' });
    // Old enough, but erin was mailed 14 minutes ago.
    await run(at(now, 30));
    expect(await mailsTo(erin)).toHaveLength(1);

    await run(at(now, 31));
    const [latest] = await mailsTo(erin);
    expect(latest.subject).toBe('You have 1 mention on Kerbside');
    expect(latest.text).toContain(second.post.title);
    expect(latest.text).not.toContain(first.post.title);
  });

  it('mails only the kinds whose email switch is on; rows the bell stored as read (its switch off) still count', async () => {
    const [alice, fran, gus] = [await member(t), await member(t), await member(t)];
    const now = new Date();
    await setSwitches(fran, { chat: { email: false }, mentions: { site: false } });
    await chat(alice, fran, 'Not by mail, please', now);
    // The bell's switch is off for mentions: stored read at its creation, still mailed.
    await reply(alice, fran, now, { type: 'mention', readAt: now });
    // A reply fran has read on the site is not news.
    await reply(alice, fran, now, { readAt: at(now, 1) });
    // Followed posts are off by mail by default.
    await reply(alice, fran, now, { type: 'followed_post' });
    expect(NOTIFY_DEFAULTS.followed.email).toBe(false);

    await setSwitches(gus, { chat: { email: false }, replies: { email: false } });
    await chat(alice, gus, 'Gus?', now);
    await reply(alice, gus, now);

    await run(at(now, 16));
    const [mail, ...more] = await mailsTo(fran);
    expect(more).toEqual([]);
    expect(mail.subject).toBe('You have 1 mention on Kerbside');
    expect(mail.text).not.toContain('/inbox/');
    expect(await mailsTo(gus)).toEqual([]);
  });

  it('mails local alerts only to a member who chose it, and accepted answers as replies (issues 32, 33)', async () => {
    const [alice, hana, ivo] = [await member(t), await member(t), await member(t)];
    const now = new Date();
    expect(NOTIFY_DEFAULTS.alerts.email).toBe(false);
    await setSwitches(hana, { alerts: { email: true } });
    await reply(alice, hana, now, { type: 'area_alert' });
    await reply(alice, ivo, now, { type: 'area_alert' });
    await reply(alice, ivo, now, { type: 'answer' });
    await run(at(now, 16));
    const [mail] = await mailsTo(hana);
    expect(mail.subject).toBe('You have 1 local alert on Kerbside');
    expect(mail.text).toContain('Local alerts:');
    expect(mail.text).toContain('Stop emails about local alerts');
    const [ivoMail, ...more] = await mailsTo(ivo);
    expect(more).toEqual([]);
    expect(ivoMail.subject).toBe('You have 1 reply on Kerbside');
  });

  it('mails nobody unverified, suspended or deleted', async () => {
    const alice = await member(t);
    const [unverified, suspended, deleted] = [await member(t, 'unverified'), await member(t, 'suspended'), await member(t)];
    const now = new Date();
    for (const m of [unverified, suspended, deleted]) await reply(alice, m, now);
    await db.update(users).set({ deletedAt: now }).where(eq(users.id, deleted.id));
    await run(at(now, 16));
    for (const m of [unverified, suspended, deleted]) expect(await mailsTo(m)).toEqual([]);
  });

  it('a one-click POST to the List-Unsubscribe link turns off email for the kinds of that mail; a per-kind link for its kind; the page says which', async () => {
    const [alice, hal] = [await member(t), await member(t)];
    const now = new Date();
    await chat(alice, hal, 'Hello Hal', now);
    await reply(alice, hal, now);
    await run(at(now, 16));
    const [mail] = await mailsTo(hal);
    const headerLink = /^<https:\/\/kerbside\.test(.+)>$/.exec(mail.headers!['List-Unsubscribe'])![1];

    // Opening the link changes nothing and says what would stop.
    const page = await get(t, headerLink);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Unsubscribe from new chat messages and replies to your posts and comments');
    expect(page.body).toContain('href="/settings/notifications"');
    expect((await readNotifyPreferences(db, hal.id)).chat.email).toBe(true);

    // A mail provider's one-click POST: no Origin, no cookie.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: headerLink,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('You are unsubscribed');
    expect(oneClick.body).toContain(UNSUBSCRIBE_MSG.unsubscribed(['chat', 'replies']).replace(/'/g, '&#39;'));
    const prefs = await readNotifyPreferences(db, hal.id);
    expect([prefs.chat.email, prefs.replies.email, prefs.mentions.email]).toEqual([false, false, true]);
    // The other switches of those kinds are kept.
    expect([prefs.chat.push, prefs.replies.site]).toEqual([true, true]);

    // The per-kind link of mentions, through the JSON call: only that kind; twice is the same.
    const token = await unsubscribeToken(db, hal.id, ['mentions']);
    for (let i = 0; i < 2; i++) {
      const res = await post(t, '/api/unsubscribe', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: UNSUBSCRIBE_MSG.unsubscribed(['mentions']), kinds: ['mentions'] });
    }
    expect((await readNotifyPreferences(db, hal.id)).mentions).toEqual({ site: true, push: true, email: false });

    // Now switched off, nothing more is mailed of those kinds.
    await chat(alice, hal, 'Still there?', at(now, 20));
    await run(at(now, 40));
    expect(await mailsTo(hal)).toHaveLength(1);
  });

  it('still honours the links of announcements mailed before the switches existed', async () => {
    const ivy = await member(t);
    const secret = await unsubscribeSecret(db);
    const old = `${ivy.id}.${createHmac('sha256', secret).update(`unsubscribe:${ivy.id}`).digest('base64url')}`;
    const page = await get(t, `/unsubscribe?token=${encodeURIComponent(old)}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Unsubscribe from announcements');
    const done = await t.app.inject({
      method: 'POST',
      url: '/unsubscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: old }).toString(),
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('you will no longer receive emails about announcements');
    const prefs = await readNotifyPreferences(db, ivy.id);
    expect(prefs.announcements).toEqual({ push: true, email: false });
    expect(prefs.chat.email).toBe(true);
    // A forged old-style token is refused, and the page says so.
    const forged = await get(t, `/unsubscribe?token=${ivy.id + 1}.${old.split('.')[1]}`);
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('Invalid unsubscribe link');
  });

  it('runs as a scheduled job of the runner: once a minute, in one process', async () => {
    const [alice, kim] = [await member(t), await member(t)];
    // Kim left the site 16 minutes ago, just after Alice wrote.
    const away = at(new Date(), -16);
    await chat(alice, kim, 'By the runner', away);
    await db.update(sessions).set({ lastSeenAt: away }).where(eq(sessions.userId, kim.id));
    await t.app.jobs.runDue();
    expect((await mailsTo(kim)).map((m) => m.subject)).toEqual(['You have 1 new message on Kerbside']);
    expect(await db.select({ state: jobs.state }).from(jobs).where(eq(jobs.name, 'notification-mail.run'))).toEqual([{ state: 'done' }]);
  });

  describe('weekly digest', () => {
    it('mails the week’s most popular posts in followed categories (at most 10), then waits a week; nothing when there is nothing', async () => {
      const [reader, quiet, off, author] = [await member(t), await member(t), await member(t), await member(t)];
      const followed = await addCategory(db, 'Followed');
      const other = await addCategory(db, 'Other');
      const empty = await addCategory(db, 'Empty');
      const now = new Date();
      const made = [];
      for (let i = 0; i < 12; i++) {
        const p = await insertPost(db, { categoryId: followed.id, authorId: author.id, createdAt: at(now, -60 * i) });
        await db.update(posts).set({ hotScore: 100 + i, upvotes: i }).where(eq(posts.id, p.id));
        made.push(p);
      }
      const elsewhere = await insertPost(db, { categoryId: other.id, authorId: author.id, createdAt: now });
      await db.update(posts).set({ hotScore: 1000 }).where(eq(posts.id, elsewhere.id));
      const old = await insertPost(db, { categoryId: followed.id, authorId: author.id, createdAt: at(now, -8 * 24 * 60) });
      await db.update(posts).set({ hotScore: 2000 }).where(eq(posts.id, old.id));
      const gone = await insertPost(db, { categoryId: followed.id, authorId: author.id, createdAt: now, deleted: true });
      await db.update(posts).set({ hotScore: 3000 }).where(eq(posts.id, gone.id));

      await setSwitches(reader, { digest: { email: true } });
      await setSwitches(quiet, { digest: { email: true } });
      await db.insert(categoryFollows).values([
        { userId: reader.id, categoryId: followed.id },
        { userId: quiet.id, categoryId: empty.id },
        { userId: off.id, categoryId: followed.id }, // the digest is off by default
      ]);

      await run(at(now, 1));
      const [digest, ...more] = await mailsTo(reader, 'digest');
      expect(more).toEqual([]);
      const best = [...made].reverse().slice(0, 10);
      expect(digest.subject).toBe(`This week on Kerbside: ${best[0].title} and 9 more posts`);
      const order = best.map((p) => digest.text.indexOf(p.title));
      expect(order.every((i) => i > 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      for (const p of [made[0], made[1], elsewhere, old, gone]) expect(digest.text).not.toContain(p.title);
      expect(digest.text).toContain(`https://kerbside.test/forum/posts/${best[0].slug}`);
      expect(digest.headers!['List-Unsubscribe']).toBe(`<https://kerbside.test/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(db, reader.id, ['digest']))}>`);
      expect(await mailsTo(quiet, 'digest')).toEqual([]);
      expect(await mailsTo(off, 'digest')).toEqual([]);

      // Not again within the week, whatever happens.
      const fresh = await insertPost(db, { categoryId: followed.id, authorId: author.id, createdAt: at(now, 2 * 24 * 60) });
      await db.update(posts).set({ hotScore: 5000 }).where(eq(posts.id, fresh.id));
      await run(at(now, 6 * 24 * 60));
      expect(await mailsTo(reader, 'digest')).toHaveLength(1);
      // A week on: the next one, of that week's posts.
      await run(at(now, 7 * 24 * 60 + 2));
      const [next] = await mailsTo(reader, 'digest');
      expect(await mailsTo(reader, 'digest')).toHaveLength(2);
      expect(next.subject).toBe(`This week on Kerbside: ${fresh.title}`);
      expect(next.text).not.toContain(made[5].title); // more than a week old by then
    });
  });
});

describe.each(testDatabases)('notification mail over SMTP (%s)', (kind) => {
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

  it('arrives with List-Unsubscribe and List-Unsubscribe-Post headers', async () => {
    const [alice, bob] = [await member(t), await member(t)];
    const db = t.database.db;
    const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, bob.id));
    const [low, high] = [alice.id, bob.id].sort((a, b) => a - b);
    const [c] = await db.insert(conversations).values({ userLowId: low, userHighId: high }).returning();
    const now = new Date();
    await db.insert(messages).values({ conversationId: c.id, senderId: alice.id, content: 'Over SMTP', createdAt: now });
    expect(await t.app.notificationMail.runOnce(new Date(now.getTime() + 16 * MIN))).toEqual({ mailed: 1, digests: 0 });
    const message = await waitFor(() => sink.received.find((m) => m.to.includes(u.email) && m.raw.includes('Subject: You have')));
    const head = message.raw.split('\r\n\r\n')[0].replace(/\r\n[ \t]+/g, ' ');
    expect(head).toMatch(/^Subject: You have 1 new message on Kerbside$/m);
    expect(head).toMatch(/^List-Unsubscribe: <https:\/\/kerbside\.test\/unsubscribe\?token=[^>\s]+>$/m);
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it('two runs at once on two processes mail once (each member’s mail state is claimed by one)', async () => {
    if (!t.databaseUrl) return; // PGlite is one process
    const other = await buildTestApp('postgres', { APP_URL: 'https://kerbside.test' }, { sameDatabaseAs: t });
    try {
      const [alice, bob] = [await member(t), await member(t)];
      const db = t.database.db;
      const [low, high] = [alice.id, bob.id].sort((a, b) => a - b);
      const [c] = await db.insert(conversations).values({ userLowId: low, userHighId: high }).returning();
      const now = new Date();
      await db.insert(messages).values({ conversationId: c.id, senderId: alice.id, content: 'Once only', createdAt: now });
      const later = new Date(now.getTime() + 16 * MIN);
      const results = await Promise.all([t.app.notificationMail.runOnce(later), other.app.notificationMail.runOnce(later)]);
      const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, bob.id));
      expect(await db.select().from(emails).where(and(eq(emails.to, u.email), eq(emails.kind, 'notification')))).toHaveLength(1);
      expect(results.filter((r) => r.mailed > 0)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
