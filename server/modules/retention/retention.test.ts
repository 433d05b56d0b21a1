import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsActions,
  analyticsPageViews,
  analyticsSessions,
  auditLog,
  emails,
  reports,
  sessions,
  supportTickets,
  users,
  vitalsMetrics,
} from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { createRetentionService } from './service.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 24 * 60 * 60 * 1000);

describe.each(testDatabases)('retention: what the privacy policy promises is deleted on time (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('deletes only what is past its period', async () => {
    const db = t.database.db;
    const [user] = await db
      .insert(users)
      .values({ email: 'keep@example.com', username: 'keeper', firstName: 'K', lastName: 'P', passwordHash: 'x' })
      .returning();
    await db.insert(sessions).values([
      { tokenHash: 'old', userId: user!.id, expiresAt: daysAgo(1), lastSeenAt: daysAgo(2) },
      // Unused for over 14 days (the idle timeout), though not yet 30 days old.
      { tokenHash: 'idle', userId: user!.id, expiresAt: daysAgo(-10), lastSeenAt: daysAgo(15) },
      { tokenHash: 'live', userId: user!.id, expiresAt: daysAgo(-29), lastSeenAt: daysAgo(13) },
    ]);
    const mail = { to: 'a@example.com', subject: 's', text: 't', html: 'h', kind: 'verification' };
    await db.insert(emails).values([
      { ...mail, status: 'sent', createdAt: daysAgo(91) },
      { ...mail, status: 'sent', createdAt: daysAgo(89) },
      // A mail still waiting to go is never thrown away.
      { ...mail, status: 'pending', createdAt: daysAgo(91) },
    ]);
    const sid = (n: number) => `s${String(n).padStart(20, '0')}`;
    await db.insert(analyticsSessions).values([
      { id: sid(1), startedAt: daysAgo(400) },
      { id: sid(2), startedAt: daysAgo(380) },
    ]);
    await db.insert(analyticsPageViews).values([
      { sessionId: sid(1), pageUrl: '/forum', createdAt: daysAgo(400) },
      { sessionId: sid(2), pageUrl: '/forum', createdAt: daysAgo(380) },
    ]);
    await db.insert(analyticsActions).values([{ sessionId: sid(1), actionType: 'search', createdAt: daysAgo(400) }]);
    const vital = { url: '/', name: 'LCP', value: 1, rating: 'good' as const, metricId: 'v', delta: 1, reportedAt: NOW };
    await db.insert(vitalsMetrics).values([
      { ...vital, createdAt: daysAgo(400) },
      { ...vital, createdAt: daysAgo(30) },
    ]);
    const ticket = { name: 'N', email: 'n@example.com', subject: 'Hello', message: 'A message' };
    await db.insert(supportTickets).values([
      { ...ticket, status: 'closed', closedAt: daysAgo(731) },
      { ...ticket, status: 'closed', closedAt: daysAgo(700) },
      // Open tickets stay, however old.
      { ...ticket, status: 'open', createdAt: daysAgo(900) },
    ]);
    await db.insert(reports).values([
      { targetType: 'post', targetId: 1, reason: 'spam spam spam', status: 'resolved', resolvedAt: daysAgo(731) },
      { targetType: 'post', targetId: 1, reason: 'spam spam spam', status: 'open', createdAt: daysAgo(900) },
    ]);
    await db.insert(auditLog).values([
      { action: 'post.pin', targetType: 'post', targetId: '1', createdAt: daysAgo(731) },
      { action: 'post.pin', targetType: 'post', targetId: '1', createdAt: daysAgo(700) },
    ]);

    const retention = createRetentionService({ db, clock: { now: () => NOW }, log: t.app.log });
    const deleted = await retention.purgeExpired();
    expect(deleted).toMatchObject({
      'expired sessions': 2,
      'copies of sent emails': 1,
      'analytics sessions': 1,
      'analytics page views': 1,
      'analytics actions': 1,
      'page-speed records': 1,
      'closed support tickets': 1,
      'closed reports': 1,
      'admin audit log': 1,
    });
    expect((await db.select().from(sessions).where(eq(sessions.userId, user!.id))).map((s) => s.tokenHash)).toEqual(['live']);
    expect(await db.select().from(emails)).toHaveLength(2);
    expect((await db.select().from(analyticsSessions)).map((s) => s.id)).toEqual([sid(2)]);
    expect(await db.select().from(supportTickets)).toHaveLength(2);
    expect(await db.select().from(reports)).toHaveLength(1);
    expect(await db.select().from(auditLog)).toHaveLength(1);
    // A second run finds nothing more.
    expect(Object.values(await retention.purgeExpired()).every((n) => n === 0)).toBe(true);
  });
});
