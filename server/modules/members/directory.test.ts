import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDirectoryQuery, type TDirectoryResponse } from '../../../common/contracts/members.ts';
import { directorySearchMode, MEMBERS_MSG } from '../../../common/rules/members.ts';
import { systemClock } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { get, PASSWORD, unique } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, member, type Member } from '../../test/members.ts';
import {
  cachedValue,
  candidatesPageQuery,
  createDirectoryService,
  directoryPageQuery,
  likePattern,
  SEARCH_SCAN_MAX,
  STEP_SETTINGS,
} from './directory-service.ts';

describe('directory search text', () => {
  it('three letters or digits in a row match anywhere; shorter match the start; punctuation first is refused', () => {
    expect(directorySearchMode('hgv')).toBe('contains');
    expect(directorySearchMode('_ab1')).toBe('contains');
    expect(directorySearchMode('jo')).toBe('prefix');
    expect(directorySearchMode('a b')).toBe('prefix');
    expect(directorySearchMode('Łó')).toBe('prefix');
    expect(directorySearchMode('%')).toBeNull();
    expect(directorySearchMode('_a')).toBeNull();
  });

  it('escapes % _ and \\ so they match themselves, lower-cased', () => {
    expect(likePattern('100%')).toBe('%100\\%%');
    expect(likePattern('Snake_Case')).toBe('%snake\\_case%');
    expect(likePattern('a\\b_c')).toBe('a\\\\b\\_c%');
    expect(likePattern('Jo')).toBe('jo%');
  });

  it('the query contract trims, defaults and refuses with messages', () => {
    expect(ZDirectoryQuery.parse({ q: '   ' })).toEqual({ q: undefined, sort: 'username', page: 1, limit: 20 });
    expect(ZDirectoryQuery.parse({ q: ' van ', sort: 'joined', page: '-3', limit: '999' })).toEqual({ q: 'van', sort: 'joined', page: 1, limit: 50 });
    expect(ZDirectoryQuery.safeParse({ sort: 'karma' }).error?.issues[0].message).toBe(MEMBERS_MSG.sortInvalid);
    expect(ZDirectoryQuery.safeParse({ q: '%%' }).error?.issues[0].message).toBe(MEMBERS_MSG.queryStart);
    expect(ZDirectoryQuery.safeParse({ q: 'a'.repeat(101) }).error?.issues[0].message).toBe(MEMBERS_MSG.queryTooLong);
  });
});

describe('cachedValue', () => {
  it('loads once per ttl, shares a load in flight, and reloads after invalidate', async () => {
    let now = 0;
    let loads = 0;
    const c = cachedValue(async () => ++loads, 60_000, () => now);
    expect(await Promise.all([c.get(), c.get()])).toEqual([1, 1]);
    now = 59_999;
    expect(await c.get()).toBe(1);
    now = 60_000;
    expect(await c.get()).toBe(2);
    c.invalidate();
    expect(await c.get()).toBe(3);
  });

  it('does not keep a failed load', async () => {
    let fail = true;
    const c = cachedValue(async () => {
      if (fail) throw new Error('down');
      return 7;
    }, 60_000, () => 0);
    await expect(c.get()).rejects.toThrow('down');
    fail = false;
    expect(await c.get()).toBe(7);
  });
});

describe.each(testDatabases)('directory API (%s)', (kind) => {
  let t: TestApp;
  let viewer: Member;
  const tag = unique('dir').toLowerCase(); // in every fixture member's username or status, so searches see only them
  const fixture: Record<string, Member> = {};
  const DAY = 86_400_000;

  const db = () => t.database.db;
  const list = async (query: string, cookie = viewer.cookie) => {
    const res = await get(t, `/api/directory/users?${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TDirectoryResponse;
  };
  const names = (r: TDirectoryResponse) => r.users.map((u) => u.username);
  const listedRecount = async () =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`email_verified_at is not null and deleted_at is null and suspended_at is null`)
    )[0].n;

  async function fixtureMember(key: string, username: string, statusText: string, joinedDaysAgo: number, role: 'member' | 'unverified' | 'suspended' = 'member') {
    const m = await member(t, role);
    await db()
      .update(users)
      .set({ username, statusText, createdAt: new Date(Date.now() - joinedDaysAgo * DAY) })
      .where(eq(users.id, m.id));
    fixture[key] = { ...m, username };
  }

  beforeAll(async () => {
    t = await buildTestApp(kind);
    viewer = await member(t);
    // Usernames: mixed case; statuses with % and _ to prove they match literally.
    await fixtureMember('alpha', `Alpha_${tag}`, 'Multi-drop in Leeds', 5);
    await fixtureMember('bravo', `bravo${tag}`, '100% on time', 1);
    await fixtureMember('charlie', `CHARLIE${tag}x`, 'snake_case fan', 3);
    await fixtureMember('delta', `delta_${tag}`, '1000 parcels a week', 2);
    await fixtureMember('echo', `echo_zz${unique('e')}`, `Night shift ${tag.toUpperCase()} hub`, 4); // matches by status only
    await fixtureMember('unverified', `unv_${tag}`, '', 0, 'unverified');
    await fixtureMember('suspended', `sus_${tag}`, '', 0, 'suspended');
    await fixtureMember('deleted', `del_${tag}`, '', 0);
    const res = await call(t, 'DELETE', '/api/profile', { cookie: fixture.deleted.cookie, body: { password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('guest 401, suspended 401, unverified 403 with the spec §8 message', async () => {
    expect((await get(t, '/api/directory/users')).statusCode).toBe(401);
    expect((await get(t, '/api/directory/users', fixture.suspended.cookie)).statusCode).toBe(401);
    const res = await get(t, '/api/directory/users', fixture.unverified.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Email verification required to access directory' });
  });

  it('lists verified members with the spec §3 fields; verifiedCount counts every listed member', async () => {
    const r = await list('limit=50');
    expect(r.verifiedCount).toBe(await listedRecount());
    expect(r.totalCount).toBe(r.verifiedCount);
    expect(r.users.length).toBe(r.verifiedCount);
    const alpha = r.users.find((u) => u.id === fixture.alpha.id);
    const [row] = await db().select().from(users).where(eq(users.id, fixture.alpha.id));
    expect(alpha).toEqual({ id: row.id, username: row.username, avatar: 'car', statusText: 'Multi-drop in Leeds', joinedDate: row.createdAt.toISOString() });
    // The viewer is listed too (the client hides their own Message button).
    expect(r.users.some((u) => u.id === viewer.id)).toBe(true);
  });

  it('never lists unverified, suspended or deleted members', async () => {
    const all = await list('limit=50');
    const ids = all.users.map((u) => u.id);
    for (const key of ['unverified', 'suspended', 'deleted']) expect(ids).not.toContain(fixture[key].id);
    const searched = await list(`q=${tag}&limit=50`);
    expect(searched.users.map((u) => u.id)).not.toEqual(expect.arrayContaining([fixture.unverified.id]));
    expect(names(searched).some((n) => /^(unv|sus|del)_/.test(n) || n.startsWith('deleted-'))).toBe(false);
    expect(searched.totalCount).toBe(5);
  });

  it('search is case-insensitive on username or status text, sorted A-Z by default', async () => {
    const r = await list(`q=${tag.toUpperCase()}`);
    expect(names(r)).toEqual([fixture.alpha, fixture.bravo, fixture.charlie, fixture.delta, fixture.echo].map((m) => m.username));
    expect(r).toMatchObject({ totalCount: 5, hasMore: false });
    expect(r.verifiedCount).toBe(await listedRecount());
    // By status text only, any case.
    expect(names(await list('q=MULTI-DROP%20in%20leeds'))).toEqual([fixture.alpha.username]);
  });

  it('% and _ in the search match themselves', async () => {
    expect(names(await list('q=100%25'))).toEqual([fixture.bravo.username]); // not '1000 parcels'
    expect(names(await list('q=e_case'))).toEqual([fixture.charlie.username]); // not 'snake case' lookalikes
    expect(names(await list(`q=a_${tag}`))).toEqual([fixture.alpha.username, fixture.delta.username]);
    expect(names(await list(`q=v_${tag}`))).toEqual([]); // as a wildcard, _ would match the 'o' of 'bravo…'
  });

  it('one or two characters match the start of the username or status', async () => {
    const r = await list('q=Sn&limit=50');
    expect(names(r)).toEqual([fixture.charlie.username]);
    expect(names(await list('q=ul&limit=50'))).toEqual([]); // 'Multi-drop' contains 'ul' but does not start with it
  });

  it('sorts by joined date, newest first, and pages with totals', async () => {
    const byJoined = await list(`q=${tag}&sort=joined`);
    expect(names(byJoined)).toEqual([fixture.bravo, fixture.delta, fixture.charlie, fixture.echo, fixture.alpha].map((m) => m.username));
    const p1 = await list(`q=${tag}&sort=joined&limit=2`);
    const p2 = await list(`q=${tag}&sort=joined&limit=2&page=2`);
    const p3 = await list(`q=${tag}&sort=joined&limit=2&page=3`);
    const p4 = await list(`q=${tag}&sort=joined&limit=2&page=4`);
    expect([p1, p2, p3, p4].map((p) => [names(p), p.totalCount, p.hasMore])).toEqual([
      [[fixture.bravo.username, fixture.delta.username], 5, true],
      [[fixture.charlie.username, fixture.echo.username], 5, true],
      [[fixture.alpha.username], 5, false],
      [[], 5, false],
    ]);
    const a2 = await list(`q=${tag}&limit=2&page=2`);
    expect(names(a2)).toEqual([fixture.charlie.username, fixture.delta.username]);
  });

  it('pages the whole directory in index order without a search', async () => {
    const all = await list('limit=50');
    const sorted = [...all.users].sort((a, b) => (a.username.toLowerCase() < b.username.toLowerCase() ? -1 : 1));
    // Same order as the database's lower(username), id (the fixture names avoid collation differences).
    expect(names(all).map((n) => n.toLowerCase())).toEqual(sorted.map((u) => u.username.toLowerCase()));
    const first = await list('limit=3');
    expect(first).toMatchObject({ hasMore: true, totalCount: all.totalCount });
    expect(names(first)).toEqual(names(all).slice(0, 3));
    const joined = await list('sort=joined&limit=50');
    const dates = joined.users.map((u) => u.joinedDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('an empty result says so; bad parameters are 400 with the message', async () => {
    expect(await list('q=nobody_has_this_text')).toMatchObject({ users: [], totalCount: 0, hasMore: false });
    const bad = await get(t, '/api/directory/users?sort=karma', viewer.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: MEMBERS_MSG.sortInvalid });
    expect((await get(t, '/api/directory/users?q=%25', viewer.cookie)).json()).toMatchObject({ message: MEMBERS_MSG.queryStart });
  });

  it('a member deleted through this process leaves verifiedCount at once', async () => {
    const before = (await list('limit=1')).verifiedCount;
    const gone = await member(t); // created after the count was cached: not in it yet
    await call(t, 'DELETE', '/api/profile', { cookie: gone.cookie, body: { password: PASSWORD } });
    const after = await list('limit=1');
    expect(after.verifiedCount).toBe(await listedRecount());
    expect(after.verifiedCount).toBe(before);
  });

  describe('many matches (the capped path)', () => {
    it('a search with more than SEARCH_SCAN_MAX matches shows the newest 1000, sorted, totalCount 1000', async () => {
      // Straight into the table: 10,050 verified members sharing a word in their status.
      const word = unique('many').toLowerCase();
      await db().execute(sql`
        insert into users (email, username, first_name, last_name, password_hash, status_text, email_verified_at, created_at)
        select ${word} || i || '@example.test', ${word} || '_' || lpad(i::text, 5, '0'), 'A', 'B', 'x', 'Works ' || ${word},
               now(), now() - i * interval '1 minute'
        from generate_series(1, ${SEARCH_SCAN_MAX + 50}) i`);
      const service = createDirectoryService({ db: db(), clock: systemClock });
      const joined = await service.list({ q: word, sort: 'joined', page: 1, limit: 3 });
      expect(joined.users.map((u) => u.username)).toEqual([`${word}_00001`, `${word}_00002`, `${word}_00003`]);
      expect(joined).toMatchObject({ totalCount: 1000, hasMore: true });
      const last = await service.list({ q: word, sort: 'joined', page: 20, limit: 50 });
      expect(last.users.at(-1)?.username).toBe(`${word}_01000`);
      expect(last.hasMore).toBe(false);
      expect((await service.list({ q: word, sort: 'joined', page: 21, limit: 50 })).users).toEqual([]);
      // Sorted by username: the same newest 1000, A-Z.
      const az = await service.list({ q: word, sort: 'username', page: 1, limit: 2 });
      expect(az.users.map((u) => u.username)).toEqual([`${word}_00001`, `${word}_00002`]);
      // Between 1000 and SEARCH_SCAN_MAX matches every match is a candidate: the first 1000 in order.
      const some = `${word}_01`; // 01000…01999: 1000 of them, plus none else
      const r = await service.list({ q: some, sort: 'username', page: 1, limit: 1 });
      expect(r).toMatchObject({ totalCount: 1000, hasMore: true });
      expect(r.users[0].username).toBe(`${word}_01000`);
    });
  });

  describe('query plans', () => {
    beforeAll(async () => {
      // Enough varied rows, with statistics, for the planner to cost the indexes as it would in production.
      await db().execute(sql`
        insert into users (email, username, first_name, last_name, password_hash, status_text, email_verified_at, created_at)
        select 'plan' || i || '@example.test', 'plan_' || md5(i::text), 'A', 'B', 'x',
               (array['Multi-drop in Leeds', 'Owner driver', 'Nights at the hub', 'Pallet work, Midlands', ''])[1 + i % 5],
               now(), now() - i * interval '1 hour'
        from generate_series(1, 5000) i`);
      await db().execute(sql`vacuum analyze users`); // also moves the GIN pending list into the index, as autovacuum does
    });

    /** The plan of a query, under the session settings the service uses for it. */
    async function plan(query: { toSQL(): { sql: string; params: unknown[] } }, settings: readonly ReturnType<typeof sql>[], dbx: Db) {
      return dbx.transaction(async (tx) => {
        for (const s of [sql`set local enable_seqscan = off`, ...settings]) await tx.execute(s);
        const { sql: text, params } = query.toSQL();
        const res = (await tx.execute(sql.raw(`explain ${inline(text, params)}`))) as unknown as { rows: Array<Record<string, string>> };
        return res.rows.map((r) => Object.values(r)[0]).join('\n');
      });
    }
    const inline = (text: string, params: unknown[]) =>
      text.replace(/\$(\d+)/g, (_, i) => {
        const v = params[Number(i) - 1];
        return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
      });

    it('use the partial directory indexes (trigram for searches, btree for the sorts)', async () => {
      const q = { sort: 'username' as const, page: 1, limit: 20 };
      expect(await plan(directoryPageQuery(db(), q), [], db())).toContain('users_directory_username_idx');
      expect(await plan(directoryPageQuery(db(), { ...q, sort: 'joined' }), [], db())).toMatch(/users_directory_joined_idx|users_created_at_idx/);
      const step1 = await plan(candidatesPageQuery(db(), { ...q, q: 'glasgow' }, 'search'), STEP_SETTINGS.search, db());
      expect(step1).toContain('users_directory_username_trgm_idx');
      expect(step1).toContain('users_directory_status_trgm_idx');
      expect(step1).not.toMatch(/Seq Scan/);
      const prefix = await plan(candidatesPageQuery(db(), { ...q, q: 'jo' }, 'search'), STEP_SETTINGS.search, db());
      // Under the C collation (PGlite) the planner may answer the username prefix from the btree, a range scan.
      expect(prefix).toMatch(/users_directory_username_(trgm_)?idx/);
      expect(prefix).toContain('users_directory_status_trgm_idx');
      expect(prefix).not.toMatch(/Seq Scan/);
      const step2 = await plan(candidatesPageQuery(db(), { ...q, q: 'glasgow' }, 'newest'), STEP_SETTINGS.newest, db());
      expect(step2).toMatch(/Index Scan Backward using users_created_at_idx|Index Scan using users_directory_joined_idx/);
    });
  });
});
