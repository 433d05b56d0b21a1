// Members for the server tests: signed up through the real API in any role (member), or inserted
// directly with a session when a test needs many cheaply (insertMember); and requests as the site's own
// pages send them (call).
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog, users } from '../db/schema/index.ts';
import { cookieName, createSession } from '../identity/index.ts';
import type { TestApp } from './app.ts';
import { freshIp, signUp, unique } from './auth.ts';

const DAY = 24 * 3_600_000;

export type Role = 'member' | 'admin' | 'unverified' | 'suspended' | 'newcomer';
export type Member = { id: number; cookie: string; username: string };

/**
 * A signed-in account through the real sign-up. Accounts are a month old unless 'newcomer' (an hour old),
 * so the first-day posting limit only applies where a test asks for it.
 */
export async function member(t: TestApp, role: Role = 'member'): Promise<Member> {
  const u = await signUp(t);
  const db = t.database.db;
  await db
    .update(users)
    .set({
      createdAt: new Date(Date.now() - (role === 'newcomer' ? 3_600_000 : 30 * DAY)),
      isAdmin: role === 'admin',
      emailVerifiedAt: role === 'unverified' ? null : new Date(),
      suspendedAt: role === 'suspended' ? new Date() : null,
      // An established member (issue 28's trust levels): the month-old account has earned level 2, so the
      // new-member limits and the review queue apply only where a test asks for a newcomer.
      trustLevel: role === 'newcomer' ? 0 : 2,
    })
    .where(eq(users.id, u.id));
  return { id: u.id, cookie: u.cookie, username: u.username };
}

/**
 * A verified member, a month old unless `firstDay`, signed in (its session cookie), inserted directly:
 * cheap enough for a property test that wants fresh members, each with a fresh allowance under
 * MEMBER_LIMITS.
 */
export async function insertMember(t: TestApp, opts: { firstDay?: boolean; /** Trust level (default: 0 on the first day, else 2). */ level?: number } = {}) {
  const username = unique('m_');
  const [u] = await t.database.db
    .insert(users)
    .values({
      email: `${username}@example.test`,
      username,
      firstName: 'Sam',
      lastName: 'Driver',
      passwordHash: 'not-a-hash: this member never signs in with a password',
      emailVerifiedAt: new Date(),
      createdAt: new Date(Date.now() - (opts.firstDay ? 3_600_000 : 30 * DAY)),
      trustLevel: opts.level ?? (opts.firstDay ? 0 : 2),
    })
    .returning({ id: users.id });
  const token = await createSession(t.database.db, u.id, new Date());
  return { id: u.id, username, cookie: `${cookieName(t.app.deps.config)}=${token}` };
}

/** A suspended account keeps its cookie, but the session plugin treats it as a guest. */
export async function suspend(db: Db, userId: number) {
  await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, userId));
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A request as the site's own pages send it (same Origin, a fresh client address). */
export function call(t: TestApp, method: Method, url: string, opts: { body?: object; cookie?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method,
    url,
    payload: opts.body,
    headers: {
      origin: t.app.deps.config.appUrl,
      'x-forwarded-for': freshIp(),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...opts.headers,
    },
  });
}

/** The newest audit-log row: what the last admin action recorded. */
export async function lastAudit(db: Db) {
  return (await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];
}
