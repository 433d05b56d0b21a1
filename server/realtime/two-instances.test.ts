import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZNotification } from '../../common/contracts/notifications.ts';
import { WS_CLOSE } from '../../common/ws-events.ts';
import { createSession } from '../identity/index.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { signUp } from '../test/auth.ts';
import { addCategory, createComment, createPost } from '../test/forum.ts';
import { call, member, type Member } from '../test/members.ts';
import { connect, listen, pause, type TestSocket } from '../test/sockets.ts';

// Two app instances (as two processes or machines would be) on one PostgreSQL database and one Redis:
// a member connected to instance 1 hears what happened through instance 2.
const REDIS_URL = process.env.REDIS_URL;
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const skipReason = !REDIS_URL || !TEST_DATABASE_URL ? 'needs REDIS_URL and TEST_DATABASE_URL (CI sets both)' : '';

describe.skipIf(skipReason !== '')(`two app instances sharing Redis and PostgreSQL${skipReason ? ` — skipped: ${skipReason}` : ''}`, () => {
  let one: TestApp, two: TestApp;
  let url1: string, url2: string;
  let a: Member, b: Member;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    one = await buildTestApp('postgres', { REDIS_URL: REDIS_URL! });
    two = await buildTestApp('postgres', { REDIS_URL: REDIS_URL! }, { sameDatabaseAs: one });
    url1 = await listen(one);
    url2 = await listen(two);
    a = await member(one);
    b = await member(two);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    if (two) await two.close(); // before `one`, whose close drops the shared database
    if (one) await one.close();
  });

  it('A on instance 1, B comments through instance 2 → A gets notification:new; a read on 2 reaches A on 1', async () => {
    const onOne = await connect(url1, a.cookie);
    const onTwo = await connect(url2, a.cookie);
    sockets.push(onOne, onTwo);
    onOne.send({ type: 'authenticate', userId: a.id });
    expect((await onOne.next('authenticated')).success).toBe(true);

    const cat = await addCategory(one.database.db);
    const p = await createPost(one, a.cookie, cat.id, { title: 'Two depots, one rota' });
    const c = await createComment(two, b.cookie, p.id, { content: `Over here, @${a.username}` });

    for (const s of [onOne, onTwo]) {
      const { notification } = await s.next('notification:new', (f) => f.notification.commentId === c.id);
      expect(ZNotification.parse(notification)).toMatchObject({ type: 'comment', postId: p.id, postSlug: p.slug, isRead: false });
    }
    // One per event, though the member is both the post's author and mentioned, and has two sockets.
    expect(onOne.frames.filter((f) => f.type === 'notification:new')).toHaveLength(1);

    const res = await call(two, 'POST', '/api/forum/notifications/read-all', { cookie: a.cookie });
    expect(res.statusCode).toBe(200);
    expect((await onOne.next('notification:markRead')).ids).toEqual([]);
    expect((await onTwo.next('notification:markRead')).ids).toEqual([]);
    const count = await call(one, 'GET', '/api/forum/notifications/unread-count', { cookie: a.cookie });
    expect(count.json()).toEqual({ count: 0 });
  });

  it('a sign-out on instance 1 closes that session’s socket on instance 2 at once (4401); another session’s socket there stays', async () => {
    const u = await signUp(one);
    const otherDevice = `sid=${await createSession(two.database.db, u.id, new Date())}`;
    const onTwo = await connect(url2, u.cookie);
    const otherOnTwo = await connect(url2, otherDevice);
    sockets.push(onTwo, otherOnTwo);
    expect(two.app.gateway.socketCount(u.id)).toBe(2);

    expect((await call(one, 'POST', '/api/logout', { cookie: u.cookie })).statusCode).toBe(200);
    const closed = await Promise.race([onTwo.closed, pause(2000).then(() => 'still open after 2 s (the heartbeat is 30 s away)')]);
    expect(closed).toEqual({ code: WS_CLOSE.unauthorized, reason: 'Session ended' });
    otherOnTwo.send({ type: 'ping' });
    await otherOnTwo.next('pong');

    // An admin's suspension through instance 1 closes the rest there too.
    const admin = await member(one, 'admin');
    expect((await call(one, 'POST', `/api/admin/members/${u.id}/suspension`, { cookie: admin.cookie, body: {} })).statusCode).toBe(200);
    expect(await Promise.race([otherOnTwo.closed, pause(2000).then(() => 'still open after 2 s')])).toEqual({ code: WS_CLOSE.unauthorized, reason: 'Session ended' });
  });

  it('a sign-out and a suspension through instance 1 end the sessions instance 2 keeps in its member cache, for its next read', async () => {
    const u = await signUp(one);
    const otherDevice = `sid=${await createSession(two.database.db, u.id, new Date())}`;
    const whoAmI = (cookie: string) => call(two, 'GET', '/api/auth/user', { cookie });
    expect((await whoAmI(u.cookie)).statusCode).toBe(200);
    expect((await whoAmI(otherDevice)).statusCode).toBe(200);
    // The write's answer waits for the publish, so instance 2 has heard it when the next read comes.
    expect((await call(one, 'POST', '/api/logout', { cookie: u.cookie })).statusCode).toBe(200);
    expect((await whoAmI(u.cookie)).statusCode).toBe(401);
    expect((await whoAmI(otherDevice)).statusCode).toBe(200);
    const admin = await member(one, 'admin');
    expect((await call(one, 'POST', `/api/admin/members/${u.id}/suspension`, { cookie: admin.cookie, body: {} })).statusCode).toBe(200);
    expect((await whoAmI(otherDevice)).statusCode).toBe(401);
  });
});
