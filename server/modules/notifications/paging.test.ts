import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZNotificationList } from '../../../common/contracts/notifications.ts';
import { NOTIFICATION_MSG } from '../../../common/rules/notifications.ts';
import { notifications } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, member, type Member } from '../../test/members.ts';

// Issue 18: "All notifications": GET /api/forum/notifications pages back past the newest 50 with
// `before` (keyset on created_at, id).

describe.each(testDatabases)('notification paging on %s', (kind) => {
  let t: TestApp;
  let owner: Member;
  const page = async (m: Member, query = '') => {
    const res = await call(t, 'GET', `/api/forum/notifications${query}`, { cookie: m.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return ZNotificationList.parse(res.json());
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    owner = await member(t);
    // 120 rows, in pairs sharing one created_at (ties), inserted out of order.
    const base = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: 120 }, (_, i) => ({
      userId: owner.id,
      type: 'comment' as const,
      title: 'New comment on your post',
      message: `n${i}`,
      createdAt: new Date(base + Math.floor(i / 2) * 1000),
    }));
    await t.database.db.insert(notifications).values(rows.filter((_, i) => i % 3 === 0));
    await t.database.db.insert(notifications).values(rows.filter((_, i) => i % 3 !== 0));
  });
  afterAll(() => t.close());

  it('walks every notification once, newest first, past the newest 50, ties split by id', async () => {
    const expected = (await t.database.db.select().from(notifications).where(eq(notifications.userId, owner.id)))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .map((r) => r.id);
    expect(expected).toHaveLength(120);
    const seen: number[] = [];
    let before: number | null = null;
    const sizes: number[] = [];
    for (;;) {
      const p = await page(owner, before ? `?before=${before}` : '');
      sizes.push(p.length);
      seen.push(...p.map((n) => n.id));
      // A page shorter than the limit is the last; the next `before` is the oldest shown.
      if (p.length < 50) break;
      before = p[p.length - 1]!.id;
    }
    expect(sizes).toEqual([50, 50, 20]);
    expect(seen).toEqual(expected);
    // A smaller limit pages the same order; past the oldest there is an empty page.
    const small = await page(owner, `?limit=7&before=${expected[9]}`);
    expect(small.map((n) => n.id)).toEqual(expected.slice(10, 17));
    expect(await page(owner, `?limit=10&before=${expected[119]}`)).toEqual([]);
  });

  it("another member's cursor pages nothing of theirs and shows nothing of yours", async () => {
    const [mine] = await t.database.db.select().from(notifications).where(eq(notifications.userId, owner.id)).limit(1);
    const other = await member(t);
    expect(await page(other, `?before=${mine!.id}`)).toEqual([]);
    // The largest id there can be, and none: an empty last page, not an error.
    expect(await page(owner, '?before=2147483647')).toEqual([]);
  });

  it('a bad cursor is a 400 with its message; guests and suspended accounts 401', async () => {
    for (const before of ['abc', '0', '-1', '1.5', '2147483648', '99999999999999999', '']) {
      const res = await call(t, 'GET', `/api/forum/notifications?before=${before}`, { cookie: owner.cookie });
      expect(res.statusCode, before).toBe(400);
      expect(res.json().message).toBe(NOTIFICATION_MSG.badCursor);
    }
    const suspended = await member(t, 'suspended');
    for (const cookie of [undefined, suspended.cookie]) {
      expect((await call(t, 'GET', '/api/forum/notifications?before=5', { cookie })).statusCode).toBe(401);
    }
  });
});
