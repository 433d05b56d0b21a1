import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.ts';
import { get, signUp } from '../modules/auth/testing.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { testDatabases } from '../test/databases.ts';

describe.each(testDatabases)('session: last seen (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('a request moves the session’s last seen when it is over 5 minutes old, and not on every call', async () => {
    const member = await signUp(t);
    const lastSeen = async () => (await t.database.db.select().from(sessions).where(eq(sessions.userId, member.id)))[0]!.lastSeenAt;
    const old = new Date(Date.now() - 10 * 60_000);
    await t.database.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.userId, member.id));
    expect((await get(t, '/api/auth/user', member.cookie)).statusCode).toBe(200);
    await expect.poll(async () => (await lastSeen()).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const recent = new Date(Date.now() - 60_000);
    await t.database.db.update(sessions).set({ lastSeenAt: recent }).where(eq(sessions.userId, member.id));
    await get(t, '/api/auth/user', member.cookie);
    await new Promise((r) => setTimeout(r, 100));
    expect((await lastSeen()).getTime()).toBe(recent.getTime());
  });
});
