// New forum notifications reach the recipient's devices by Web Push: the app's push service posts to
// an in-process HTTPS push service (server/test/push-service.ts), and each request is decrypted with
// the device's own keys, as the browser would. One push per notification: its title and message, the
// post (at the comment) it opens, one tag per post; never to the actor; nothing to a suspended member.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { unique } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createComment, createPost } from '../../test/forum.ts';
import { call, member, suspend, type Member } from '../../test/members.ts';
import { browserSubscription, decryptPush, startPushService, type BrowserSubscription, type PushServiceStandIn } from '../../test/push-service.ts';
import { pause } from '../../test/sockets.ts';
import { notificationUrl } from './service.ts';

describe.each(testDatabases)('notifications by web push on %s', (kind) => {
  let t: TestApp;
  let ps: PushServiceStandIn;
  let cat: { id: number };

  beforeAll(async () => {
    ps = await startPushService();
    t = await buildTestApp(kind, { PUSH_ENDPOINT_HOSTS: ps.host }, { push: { agent: ps.agent, retryBaseMs: 20, timeoutMs: 2_000 } });
    cat = await addCategory(t.database.db);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await ps?.close();
  });
  afterEach(async () => {
    await t.app.jobs.settled();
    ps.reset();
  });

  /** A phone of `m`, subscribed through the API. */
  async function phoneOf(m: Member): Promise<BrowserSubscription> {
    const b = browserSubscription(`https://${ps.host}/wpush/${unique('d')}`);
    const res = await call(t, 'POST', '/api/push/subscriptions', { cookie: m.cookie, body: b.json });
    expect(res.statusCode, res.body).toBe(201);
    return b;
  }
  /** The decrypted payloads each device received, once every send has ended. */
  async function pushesTo(...devices: BrowserSubscription[]) {
    await t.app.jobs.settled();
    return devices.map((d) => ps.received.filter((r) => r.path === new URL(d.json.endpoint).pathname).map((r) => JSON.parse(decryptPush(r.body, d)) as unknown));
  }

  it('a comment on your post, a reply to your comment, a mention: one push each, opening the comment', async () => {
    const [author, replier, commenter, named] = [await member(t), await member(t), await member(t), await member(t)];
    const [authorPhone, replierPhone, commenterPhone, namedPhone] = await Promise.all([author, replier, commenter, named].map(phoneOf));
    const p = await createPost(t, author.cookie, cat.id, { title: 'Van insurance renewals' });

    const first = await createComment(t, commenter.cookie, p.id, { content: 'Mine went up 20% this year.' });
    const reply = await createComment(t, replier.cookie, p.id, { content: `Same here, and @${named.username} says the same`, parentId: first.id });
    await ps.until(4);

    const [toAuthor, toReplier, toCommenter, toNamed] = await pushesTo(authorPhone, replierPhone, commenterPhone, namedPhone);
    const page = `/forum/posts/${p.slug}`;
    expect(toAuthor).toEqual([
      { title: 'New comment on your post', body: `${commenter.username} commented on "Van insurance renewals"`, url: `${page}#comment-${first.id}`, tag: `post:${p.id}` },
      { title: 'New comment on your post', body: `${replier.username} commented on "Van insurance renewals"`, url: `${page}#comment-${reply.id}`, tag: `post:${p.id}` },
    ]);
    expect(toCommenter).toEqual([
      { title: 'New reply to your comment', body: `${replier.username} replied to your comment on "Van insurance renewals"`, url: `${page}#comment-${reply.id}`, tag: `post:${p.id}` },
    ]);
    expect(toNamed).toEqual([
      { title: 'You were mentioned', body: `${replier.username} mentioned you in a comment on "Van insurance renewals"`, url: `${page}#comment-${reply.id}`, tag: `post:${p.id}` },
    ]);
    // The actors hear nothing of what they did themselves.
    expect(toReplier).toEqual([]);
    expect(ps.received).toHaveLength(4);
  });

  it('a mention in a new post opens the post; the author mentioning themself gets nothing', async () => {
    const [author, named] = [await member(t), await member(t)];
    const [authorPhone, namedPhone] = await Promise.all([author, named].map(phoneOf));
    const p = await createPost(t, author.cookie, cat.id, { title: 'Depot parking', content: `Ask @${named.username} or me (@${author.username}) about it` });
    await ps.until(1);
    const [toAuthor, toNamed] = await pushesTo(authorPhone, namedPhone);
    expect(toNamed).toEqual([{ title: 'You were mentioned', body: `${author.username} mentioned you in "Depot parking"`, url: `/forum/posts/${p.slug}`, tag: `post:${p.id}` }]);
    expect(toAuthor).toEqual([]);
  });

  it('a suspended member still gets the stored notification but nothing on their devices', async () => {
    const [author, commenter] = [await member(t), await member(t)];
    const authorPhone = await phoneOf(author);
    const p = await createPost(t, author.cookie, cat.id);
    await suspend(t.database.db, author.id);
    await createComment(t, commenter.cookie, p.id);
    await pause(100);
    expect(await pushesTo(authorPhone)).toEqual([[]]);
  });

  it('writes the page a notification opens with the slug escaped and the comment anchor the client scrolls to', () => {
    expect(notificationUrl('van-insurance', null)).toBe('/forum/posts/van-insurance');
    expect(notificationUrl('van-insurance', 42)).toBe('/forum/posts/van-insurance#comment-42');
    expect(notificationUrl('café-run', 7)).toBe('/forum/posts/caf%C3%A9-run#comment-7');
  });
});
