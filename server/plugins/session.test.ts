import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.ts';
import { SESSION_IDLE_MS, SESSION_TTL_MS } from '../identity/index.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { get, signUp } from '../test/auth.ts';
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

  it(`a session not used for 14 days is signed out (idle timeout), one used within them is not; the 30-day limit stays`, async () => {
    const member = await signUp(t);
    const db = t.database.db;
    // The session's times moved as days passing would move them; nothing the member cache keeps lives that long.
    const setSession = async (values: { lastSeenAt?: Date; expiresAt?: Date }) => {
      await db.update(sessions).set(values).where(eq(sessions.userId, member.id));
      await t.app.memberCache.invalidate();
    };
    const day = 24 * 60 * 60 * 1000;
    expect(SESSION_IDLE_MS).toBe(14 * day);
    expect(SESSION_TTL_MS).toBe(30 * day);

    await setSession({ lastSeenAt: new Date(Date.now() - 13 * day) });
    expect((await get(t, '/api/auth/user', member.cookie)).statusCode).toBe(200);
    // That request counted as use: the idle clock starts again.
    await expect.poll(async () => (await db.select().from(sessions).where(eq(sessions.userId, member.id)))[0]!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);

    await setSession({ lastSeenAt: new Date(Date.now() - 14 * day - 60_000) });
    const idle = await get(t, '/api/auth/user', member.cookie);
    expect(idle.statusCode).toBe(401);
    // Used again, still idle: a dead session does not come back by being presented.
    expect((await get(t, '/api/auth/user', member.cookie)).statusCode).toBe(401);

    await setSession({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() - 1000) });
    expect((await get(t, '/api/auth/user', member.cookie)).statusCode).toBe(401);
  });
});
