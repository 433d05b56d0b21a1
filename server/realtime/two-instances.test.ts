import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZNotification } from '../../common/contracts/notifications.ts';
import { addCategory, call, createComment, createPost, member, type Member } from '../modules/forum/post-testing.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { connect, listen, type TestSocket } from './testing.ts';

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
    expect(one.app.eventBus.kind).toBe('redis');
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
});
