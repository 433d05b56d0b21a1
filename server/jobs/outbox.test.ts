import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { expect, it } from 'vitest';
import { notifications } from '../db/schema/index.ts';
import { buildTestApp } from '../test/app.ts';
import { addCategory, createPost } from '../test/forum.ts';
import { call, member } from '../test/members.ts';

// Issue 29: a request answers once its change has committed, not once the fan-out is done: with the
// notifications table locked by another connection (the fan-out cannot write), a comment is still 201
// at once, and its author's notification arrives when the lock goes.

it.runIf(!!process.env.TEST_DATABASE_URL)('a comment answers 201 while its notification cannot be written yet; the notification follows', { timeout: 120_000 }, async () => {
  const t = await buildTestApp('postgres', {}, { settleJobs: false });
  const locker = new pg.Client({ connectionString: t.databaseUrl });
  try {
    const [author, commenter] = [await member(t), await member(t)];
    const post = await createPost(t, author.cookie, (await addCategory(t.database.db)).id);
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table notifications in exclusive mode');
    const res = await call(t, 'POST', `/api/forum/posts/${post.id}/comments`, { cookie: commenter.cookie, body: { content: 'Answered before the fan-out' } });
    expect(res.statusCode, res.body).toBe(201);
    const mine = () => t.database.db.select().from(notifications).where(and(eq(notifications.userId, author.id), eq(notifications.type, 'comment')));
    expect(await mine()).toHaveLength(0);
    await locker.query('commit');
    for (let i = 0; i < 100 && (await mine()).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await mine()).toHaveLength(1);
  } finally {
    await locker.end().catch(() => undefined);
    await t.close();
  }
});
