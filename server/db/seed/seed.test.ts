import argon2 from 'argon2';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_KEYS } from '../../../common/avatars.ts';
import { renderMarkdown } from '../../lib/markdown.ts';
import { hotScore } from '../../modules/posts/index.ts';
import { openTestDatabase, testDatabases } from '../../test/databases.ts';
import type { Database, Db } from '../client.ts';
import { categories, comments, posts, users } from '../schema/index.ts';
import { CATEGORIES } from './categories.ts';
import { planDemo } from './demo.ts';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './demo-members.ts';
import { logDemoAdmin, seedDatabase, type SeedSummary } from './index.ts';

const NOW = new Date('2026-03-01T12:00:00Z');
const DAY = 86_400_000;

function collectingLog() {
  const lines: string[] = [];
  return { lines, info: (m: string) => void lines.push(m) };
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function tableCounts(db: Db) {
  const [r] = await rows<Record<string, string | number>>(
    db,
    sql`select (select count(*) from categories) as categories, (select count(*) from users) as users,
               (select count(*) from posts) as posts, (select count(*) from comments) as comments,
               (select count(*) from post_votes) as post_votes, (select count(*) from comment_votes) as comment_votes,
               (select coalesce(sum(upvotes + downvotes + comment_count + view_count), 0) from posts) as post_counters,
               (select coalesce(sum(post_count), 0) from categories) as category_counters`,
  );
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)]));
}

describe('seed categories', () => {
  it('has at least 12 categories with unique slugs, names, colours and positions', () => {
    expect(CATEGORIES.length).toBeGreaterThanOrEqual(12);
    for (const key of ['slug', 'name', 'color'] as const) expect(new Set(CATEGORIES.map((c) => c[key])).size).toBe(CATEGORIES.length);
    for (const c of CATEGORIES) {
      expect(c.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(c.description.length).toBeGreaterThan(30);
      expect(c.description.endsWith('.')).toBe(true);
    }
  });

  it('uses colours that read as text on white (WCAG AA, 4.5:1)', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    for (const c of CATEGORIES) {
      expect(c.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(1.05 / (luminance(c.color) + 0.05), `${c.name} ${c.color}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('planDemo', () => {
  it('is deterministic for the same clock', () => {
    const a = planDemo(NOW, 'hash');
    const b = planDemo(NOW, 'hash');
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it('plans about 30 members, ~200 posts with unique titles and slugs, 0–12 comments each', () => {
    const plan = planDemo(NOW, 'hash');
    expect(plan.users.length).toBe(31);
    expect(plan.posts.length).toBe(200);
    expect(new Set(plan.posts.map((p) => p.title)).size).toBe(200);
    expect(new Set(plan.posts.map((p) => p.slug)).size).toBe(200);
    expect(new Set(plan.users.map((u) => u.avatar)).size).toBeGreaterThanOrEqual(10);
    for (const u of plan.users) expect(AVATAR_KEYS).toContain(u.avatar);
    const perPost = new Map<number, number>();
    for (const c of plan.comments) perPost.set(c.post, (perPost.get(c.post) ?? 0) + 1);
    expect(Math.max(...perPost.values())).toBeLessThanOrEqual(12);
    expect(new Set(plan.posts.map((p) => p.category)).size).toBe(CATEGORIES.length);
  });
});

// Issue 30 item 12: the demo is a newcomer's first impression, so it must read as people wrote it.
const NETWORK_NAMES = ['Evri', 'DPD', 'Yodel', 'Amazon Flex', 'Royal Mail', 'Parcelforce', 'DHL', 'UPS', 'InPost'];
/** "a" before a vowel sound, or "an" before a consonant sound (the words people get wrong). */
const ARTICLE_ERRORS = [
  /\ba (?=Amazon|Evri|InPost|e-|Uber|Aldi|Argos|Asda|Easter|hour|honest|HGV|MOT|SDP|MP\b|NI\b|[AEIO]\w*\b|[aeio])(?!Euro|One|Once|one\b|once\b|eu)/,
  /\bA (?=Amazon|Evri|InPost|e-|Uber|HGV|MOT|SDP)/,
  /\ban (?=[b-df-hj-np-tv-zB-DF-HJ-NP-TV-Z])(?!hour|honest|HGV|MOT|SDP|MP\b|NI\b|LED|SUV|X-?ray)/i,
];

describe('demo content reads as written by people', () => {
  const plan = planDemo(NOW, 'hash');
  const texts = [...plan.posts.flatMap((p) => [p.title, p.content]), ...plan.comments.map((c) => c.content)];

  it('never names one network twice in a title (no "leaving Royal Mail for Royal Mail")', () => {
    for (const p of plan.posts) {
      for (const n of NETWORK_NAMES) expect(p.title.split(n).length - 1, p.title).toBeLessThanOrEqual(1);
    }
  });

  it('puts a and an where people do ("an Amazon Flex courier", "an e-Transit")', () => {
    for (const text of texts) for (const wrong of ARTICLE_ERRORS) expect(text).not.toMatch(wrong);
  });

  it('has people answer each other, not themselves, and the author answer replies to their post', () => {
    for (const c of plan.comments) {
      if (c.parent === null) continue;
      expect(c.author, c.content).not.toBe(plan.comments[c.parent].author);
      expect(plan.comments[c.parent].post).toBe(c.post);
    }
    // The post's author takes part in some threads, as people do.
    const byAuthor = plan.comments.filter((c) => c.author === plan.posts[c.post].author);
    expect(byAuthor.length).toBeGreaterThan(40);
    // Nobody says the same thing twice in a thread.
    const seen = new Set<string>();
    for (const c of plan.comments) {
      const key = `${c.post}|${c.content}`;
      expect(seen.has(key), c.content).toBe(false);
      seen.add(key);
    }
  });

  it('dates replies after their post and their parent, spread out, with nothing in the last hour', () => {
    const hourAgo = NOW.getTime() - 3_600_000;
    const byPost = new Map<number, number[]>();
    for (const c of plan.comments) {
      const at = c.createdAt!.getTime();
      expect(at).toBeGreaterThan(plan.posts[c.post].createdAt!.getTime());
      if (c.parent !== null) expect(at).toBeGreaterThan(plan.comments[c.parent].createdAt!.getTime());
      expect(at).toBeLessThan(hourAgo);
      byPost.set(c.post, [...(byPost.get(c.post) ?? []), at]);
    }
    for (const p of plan.posts) expect(p.createdAt!.getTime()).toBeLessThan(hourAgo);
    for (const [pi, times] of byPost) {
      const post = plan.posts[pi];
      const age = NOW.getTime() - post.createdAt!.getTime();
      // An older thread's replies came while it was new: within three weeks of the post.
      expect(Math.max(...times) - post.createdAt!.getTime()).toBeLessThan(21 * DAY);
      // Several replies to a thread older than two days came over hours, not in one burst.
      if (times.length >= 3 && age > 2 * DAY) expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(3_600_000);
    }
  });

  it('gives the admin a person\'s name and the members join dates that match what they say', () => {
    const admin = plan.users.find((u) => u.isAdmin)!;
    expect(admin.firstName).not.toBe('Kerbside');
    expect(admin.firstName).toMatch(/^[A-Z][a-z]+$/);
    // "Three weeks into DPD": joined about three weeks ago; everyone else has been around for months.
    const connor = plan.users.find((u) => u.username === 'connor_new')!;
    expect((NOW.getTime() - connor.joined) / DAY).toBeGreaterThan(14);
    expect((NOW.getTime() - connor.joined) / DAY).toBeLessThan(28);
    for (const u of plan.users.filter((x) => x.username !== 'connor_new')) expect(NOW.getTime() - u.joined).toBeGreaterThan(60 * DAY);
  });
});

describe.each(testDatabases)('seedDatabase on %s', (kind) => {
  describe('an empty database with the demo on', () => {
    let database: Database;
    let db: Db;
    let summary: SeedSummary;
    const log = collectingLog();

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      db = database.db;
      summary = await seedDatabase(db, { seedDemo: true }, log, { now: NOW });
    });
    afterAll(() => database.close());

    it('returns what it inserted, and the tables hold exactly that', async () => {
      expect(summary.categories).toBe(CATEGORIES.length);
      expect(summary.users).toBe(31);
      expect(summary.posts).toBe(200);
      expect(summary.comments).toBeGreaterThan(500);
      const counts = await tableCounts(db);
      expect(counts).toMatchObject({ categories: summary.categories, users: summary.users, posts: summary.posts, comments: summary.comments });
      expect(counts.post_votes).toBeGreaterThan(500);
      expect(counts.comment_votes).toBeGreaterThan(300);
    });

    it('keeps every counter equal to the rows it counts', async () => {
      const postMismatch = await rows(
        db,
        sql`select p.id from posts p
            left join (select post_id, count(*) filter (where value = 1) up, count(*) filter (where value = -1) down
                       from post_votes group by post_id) v on v.post_id = p.id
            left join (select post_id, count(*) n from comments where deleted_at is null group by post_id) c on c.post_id = p.id
            where p.upvotes <> coalesce(v.up, 0) or p.downvotes <> coalesce(v.down, 0) or p.comment_count <> coalesce(c.n, 0)`,
      );
      expect(postMismatch).toEqual([]);
      // Latest activity (issue 30): the newest visible comment's time, or the post's own.
      const activityMismatch = await rows(
        db,
        sql`select p.id from posts p
            where p.last_activity_at <> greatest(p.created_at, (select max(c.created_at) from comments c where c.post_id = p.id and c.deleted_at is null))`,
      );
      expect(activityMismatch).toEqual([]);
      // No demo thread looks as if someone just replied to it (issue 30: "2 minutes ago" on old threads).
      const [{ latest }] = await rows<{ latest: string | Date }>(db, sql`select max(last_activity_at) as latest from posts`);
      expect(new Date(latest).getTime()).toBeLessThan(NOW.getTime() - 3_600_000);
      const commentMismatch = await rows(
        db,
        sql`select c.id from comments c
            left join (select comment_id, count(*) filter (where value = 1) up, count(*) filter (where value = -1) down
                       from comment_votes group by comment_id) v on v.comment_id = c.id
            where c.upvotes <> coalesce(v.up, 0) or c.downvotes <> coalesce(v.down, 0)`,
      );
      expect(commentMismatch).toEqual([]);
      const categoryMismatch = await rows(
        db,
        sql`select k.slug from categories k
            where k.post_count <> (select count(*) from posts p where p.category_id = k.id and p.deleted_at is null)`,
      );
      expect(categoryMismatch).toEqual([]);
      const [{ empty }] = await rows<{ empty: number | string }>(db, sql`select count(*) as empty from categories where post_count = 0`);
      expect(Number(empty)).toBe(0);
    });

    it('stores the hot score of the final counters', async () => {
      const all = await db.select().from(posts);
      for (const p of all) expect(p.hotScore).toBeCloseTo(hotScore(p.upvotes, p.downvotes, p.commentCount, p.createdAt), 9);
    });

    it('writes plausible, well-formed content', async () => {
      const all = await db.select().from(posts).orderBy(asc(posts.id));
      for (const p of all) {
        expect(p.contentHtml).toBe(renderMarkdown(p.content));
        expect(p.excerpt.length).toBeLessThanOrEqual(200);
        expect(p.excerpt).not.toMatch(/[*#<>]/);
        expect(p.title).not.toMatch(/[{}]/);
        expect(p.content).not.toMatch(/\{\w+\}/);
        expect(p.createdAt.getTime()).toBeLessThan(NOW.getTime());
        expect(p.createdAt.getTime()).toBeGreaterThan(NOW.getTime() - 181 * DAY);
        expect(p.viewCount).toBeGreaterThan(p.upvotes + p.downvotes);
        expect(p.deletedAt).toBeNull();
      }
      expect(all.filter((p) => p.authorId === null).length).toBe(2);
      const pinned = all.filter((p) => p.isPinned);
      expect(pinned.length).toBe(2);
      const [admin] = await db.select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
      for (const p of pinned) expect(p.authorId).toBe(admin.id);
      expect(all.filter((p) => p.isLocked).length).toBe(1);
      // Some threads have lists, as real posts do.
      expect(all.filter((p) => p.contentHtml.includes('<li>')).length).toBeGreaterThan(30);
    });

    it('threads replies under earlier comments of the same post, nothing in the future', async () => {
      const bad = await rows(
        db,
        sql`select c.id from comments c join posts p on p.id = c.post_id
            left join comments parent on parent.id = c.parent_id
            where c.created_at <= p.created_at or c.created_at >= ${NOW.toISOString()}::timestamptz
               or (c.parent_id is not null and (parent.id is null or parent.post_id <> c.post_id or parent.created_at >= c.created_at))`,
      );
      expect(bad).toEqual([]);
      const [{ replies }] = await rows<{ replies: number | string }>(db, sql`select count(*) as replies from comments where parent_id is not null`);
      expect(Number(replies)).toBeGreaterThan(50);
      const [{ max }] = await rows<{ max: number | string }>(db, sql`select max(n) as max from (select count(*) n from comments group by post_id) t`);
      expect(Number(max)).toBeLessThanOrEqual(12);
      const selfVotes = await rows(
        db,
        sql`select 1 from post_votes v join posts p on p.id = v.post_id where v.user_id = p.author_id
            union all select 1 from comment_votes v join comments c on c.id = v.comment_id where v.user_id = c.author_id`,
      );
      expect(selfVotes).toEqual([]);
    });

    it('creates verified, onboarded accounts with the demo password (argon2id) and the admin', async () => {
      const all = await db.select().from(users);
      expect(all.length).toBe(31);
      for (const u of all) {
        expect(u.emailVerifiedAt).not.toBeNull();
        expect(u.onboardedAt).not.toBeNull();
        expect(u.statusText.length).toBeGreaterThan(5);
        expect(u.createdAt.getTime()).toBeGreaterThan(NOW.getTime() - 548 * DAY);
        expect(u.passwordHash).toBe(all[0].passwordHash); // hashed once
      }
      expect(all[0].passwordHash.startsWith('$argon2id$v=19$m=19456,p=1,t=2$')).toBe(true);
      expect(await argon2.verify(all[0].passwordHash, DEMO_PASSWORD)).toBe(true);
      const admins = all.filter((u) => u.isAdmin);
      expect(admins.map((u) => [u.email, u.username])).toEqual([[DEMO_ADMIN_EMAIL, 'kerbside_admin']]);
      expect(log.lines).toContain(`Demo admin: ${DEMO_ADMIN_EMAIL} / ${DEMO_PASSWORD}`);
    });

    it('gives the members visits and trust levels (issue 28), more than one level among them', async () => {
      const all = await db.select({ username: users.username, level: users.trustLevel, at: users.trustComputedAt }).from(users);
      for (const u of all) expect(u.at).toEqual(NOW);
      const levels = new Set(all.map((u) => u.level));
      expect(levels.size, JSON.stringify(all)).toBeGreaterThanOrEqual(2);
      expect(levels.has(3)).toBe(true);
      expect(all.find((u) => u.username === 'connor_new')!.level).toBeLessThan(3);
      const [v] = await rows<{ n: number }>(db, sql`select count(*)::int as n from user_visits`);
      expect(v.n).toBeGreaterThan(300);
    });

    it('changes nothing when run again, and still prints the demo sign-in', async () => {
      const before = await tableCounts(db);
      const again = collectingLog();
      expect(await seedDatabase(db, { seedDemo: true }, again)).toEqual({ categories: 0, users: 0, posts: 0, comments: 0 });
      expect(await tableCounts(db)).toEqual(before);
      expect(again.lines).toEqual([`Demo admin: ${DEMO_ADMIN_EMAIL} / ${DEMO_PASSWORD}`]);
    });

    it('leaves the demo sign-in to logDemoAdmin when told to (the server logs it once listening)', async () => {
      const quiet = collectingLog();
      await seedDatabase(db, { seedDemo: true }, quiet, { logDemoAdmin: false });
      expect(quiet.lines).toEqual([]);
      const later = collectingLog();
      await logDemoAdmin(db, later);
      expect(later.lines).toEqual([`Demo admin: ${DEMO_ADMIN_EMAIL} / ${DEMO_PASSWORD}`]);
    });
  });

  describe('a database that already has data', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openTestDatabase(kind);
    });
    afterAll(() => database.close());

    it('gets the missing categories but no demo content when a user exists', async () => {
      const db = database.db;
      await db.insert(users).values({ email: 'someone@example.com', username: 'someone', firstName: 'Some', lastName: 'One', passwordHash: 'x' });
      const log = collectingLog();
      const summary = await seedDatabase(db, { seedDemo: true }, log);
      expect(summary).toEqual({ categories: CATEGORIES.length, users: 0, posts: 0, comments: 0 });
      expect(await tableCounts(db)).toMatchObject({ categories: CATEGORIES.length, users: 1, posts: 0, comments: 0 });
      expect(log.lines.join('\n')).not.toContain('Demo admin');
    });

    it('leaves existing categories alone', async () => {
      const db = database.db;
      await db.update(categories).set({ name: 'Renamed by an admin' }).where(eq(categories.slug, 'off-topic'));
      await db.delete(categories).where(eq(categories.slug, 'newcomers'));
      const summary = await seedDatabase(db, { seedDemo: true }, collectingLog());
      expect(summary.categories).toBe(0);
      const all = await db.select().from(categories);
      expect(all.length).toBe(CATEGORIES.length - 1);
      expect(all.find((c) => c.slug === 'off-topic')?.name).toBe('Renamed by an admin');
    });
  });

  it('adds only categories when the demo is off', async () => {
    const database = await openTestDatabase(kind);
    try {
      const summary = await seedDatabase(database.db, { seedDemo: false }, collectingLog());
      expect(summary).toEqual({ categories: CATEGORIES.length, users: 0, posts: 0, comments: 0 });
      const all = await database.db.select().from(categories).orderBy(asc(categories.position));
      expect(all.map((c) => c.slug)).toEqual(CATEGORIES.map((c) => c.slug));
      expect((await database.db.select().from(comments)).length).toBe(0);
    } finally {
      await database.close();
    }
  });
});
