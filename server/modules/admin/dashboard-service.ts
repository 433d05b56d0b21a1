import { and, count, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TDashboard } from '../../../common/contracts/admin.ts';
import { londonDayStart } from '../../../common/london-day.ts';
import type { Core } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import type { DiskStatus } from '../../db/disk-space.ts';
import { categories, comments, messages, posts, reports, supportTickets, users } from '../../db/schema/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const RECENT = 10;

const one = async (q: Promise<Array<{ n: number }>>) => (await q)[0]?.n ?? 0;

/** What the dashboard reads of the maintenance switch (buildApp passes the app's maintenance service). */
export type MaintenanceReader = { current(): Promise<TDashboard['maintenance']> };
/** What the dashboard reads of DATA_DIR's free space: the write guard's last reading (buildApp passes it). */
export type DiskReader = { status(): DiskStatus };

/** Figures of the admin dashboard. Sequential on purpose: one pooled connection per request. */
async function buildDashboard(db: Db, maintenance: MaintenanceReader, disk: DiskReader, now: Date): Promise<TDashboard> {
  const today = londonDayStart(now);
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const live = isNull(users.deletedAt);

  const membersTotal = await one(db.select({ n: count() }).from(users).where(live));
  const membersNew = await one(db.select({ n: count() }).from(users).where(and(live, gte(users.createdAt, weekAgo))));
  const membersVerified = await one(db.select({ n: count() }).from(users).where(and(live, isNotNull(users.emailVerifiedAt))));
  const postsTotal = await one(db.select({ n: count() }).from(posts).where(isNull(posts.deletedAt)));
  const postsToday = await one(db.select({ n: count() }).from(posts).where(and(isNull(posts.deletedAt), gte(posts.createdAt, today))));
  const commentsTotal = await one(db.select({ n: count() }).from(comments).where(isNull(comments.deletedAt)));
  const commentsToday = await one(
    db.select({ n: count() }).from(comments).where(and(isNull(comments.deletedAt), gte(comments.createdAt, today))),
  );
  const messagesTotal = await one(db.select({ n: count() }).from(messages));
  const openTickets = await one(db.select({ n: count() }).from(supportTickets).where(eq(supportTickets.status, 'open')));
  const openReports = await one(db.select({ n: count() }).from(reports).where(eq(reports.status, 'open')));

  const signups = await db
    .select({ id: users.id, username: users.username, email: users.email, verifiedAt: users.emailVerifiedAt, createdAt: users.createdAt })
    .from(users)
    .where(live)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(RECENT);
  const recent = await db
    .select({
      id: posts.id,
      slug: posts.slug,
      title: posts.title,
      // Issue 32: an anonymous post's account stays out of the admin's view too (revealing it takes a reason).
      authorUsername: sql<string | null>`case when ${posts.anonymousAs} is null then ${users.username} end`,
      anonymousAs: posts.anonymousAs,
      categoryName: categories.name,
      commentCount: posts.commentCount,
      createdAt: posts.createdAt,
    })
    .from(posts)
    .leftJoin(users, eq(users.id, posts.authorId))
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .where(isNull(posts.deletedAt))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(RECENT);

  const space = disk.status();
  return {
    members: { total: membersTotal, newThisWeek: membersNew, verified: membersVerified },
    posts: { total: postsTotal, today: postsToday },
    comments: { total: commentsTotal, today: commentsToday },
    messages: { total: messagesTotal },
    openSupportTickets: openTickets,
    openReports,
    recentSignups: signups.map((s) => ({
      id: s.id,
      username: s.username,
      email: s.email,
      verified: s.verifiedAt !== null,
      createdAt: s.createdAt.toISOString(),
    })),
    recentPosts: recent.map(({ anonymousAs, ...p }) => ({ ...p, ...(anonymousAs !== null ? { anonymousAs } : {}), createdAt: p.createdAt.toISOString() })),
    maintenance: await maintenance.current(),
    disk: { freeBytes: space.freeBytes, totalBytes: space.totalBytes, reserveBytes: space.reserveBytes, databaseRoomBytes: space.databaseRoomBytes, writable: space.writable },
  };
}

/** The admin dashboard: buildApp creates it once, with the app's maintenance switch. */
export function createDashboardService({ db, clock, maintenance, disk }: Pick<Core, 'db' | 'clock'> & { maintenance: MaintenanceReader; disk: DiskReader }) {
  return { get: () => buildDashboard(db, maintenance, disk, clock.now()) };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
