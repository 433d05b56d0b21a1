import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZPostList } from '../../../common/contracts/forum.ts';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { createBackup, restoreCommand } from '../../backup/index.ts';
import { openBundle } from '../../backup/bundle.ts';
import { createPglite, openDatabase, type Db } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import { postSearch, posts, users } from '../../db/schema/index.ts';
import { seedDatabase } from '../../db/seed/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { unique } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createPost, insertPost } from '../../test/forum.ts';
import { call, member, type Member } from '../../test/members.ts';

// derived.post_search (drizzle/0009_post_search.sql) is what a text search reads: triggers on posts keep it
// equal to the live posts' search columns through every way a post is written.

/** The rows as they are, and as they should be: one per live post, with its columns. */
async function expectInStep(db: Db) {
  const rows = (await db.execute(sql`
    select post_id as id, category_id, author_id, created_at::text, search::text from ${postSearch} order by post_id`)) as unknown as { rows: unknown[] };
  const expected = (await db.execute(sql`
    select id, category_id, author_id, created_at::text, search::text from ${posts} where deleted_at is null order by id`)) as unknown as { rows: unknown[] };
  expect(rows.rows).toEqual(expected.rows);
  return rows.rows.length;
}

describe.each(testDatabases)('derived.post_search on %s', (kind) => {
  let t: TestApp;
  let author: Member;
  let admin: Member;
  const db = () => t.database.db;

  const inStep = () => expectInStep(db());

  async function row(postId: number) {
    const [r] = await db().select().from(postSearch).where(eq(postSearch.postId, postId));
    return r;
  }

  /** The ids a member's search finds (a member's answer is never the guest cache's). */
  async function found(query: string) {
    const res = await call(t, 'GET', `/api/forum/search?${query}`, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return ZPostList.parse(res.json()).posts.map((p) => p.id);
  }

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedDatabase(t.database.db, { seedDemo: false }, { info: () => {} });
    author = await member(t);
    admin = await member(t, 'admin');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await inStep();
  });

  it('holds a new post at once, and only live ones of a bulk insert', async () => {
    const category = await addCategory(db());
    const word = unique('newword');
    const created = await createPost(t, author.cookie, category.id, { title: `Asking about ${word}` });
    expect(await row(created.id)).toMatchObject({ categoryId: category.id, authorId: author.id });
    expect(await found(`q=${word}`)).toEqual([created.id]);

    // One statement, several rows (the insert trigger runs once per statement): a deleted one is left out.
    const bulk = await db()
      .insert(posts)
      .values(
        [false, true, false].map((deleted, i) => ({
          slug: unique('bulk-'),
          title: `Bulk ${word} ${i}`,
          content: 'Inserted together.',
          contentHtml: '<p>Inserted together.</p>',
          excerpt: 'Inserted together.',
          categoryId: category.id,
          authorId: author.id,
          deletedAt: deleted ? new Date() : null,
        })),
      )
      .returning({ id: posts.id });
    const ids = bulk.map((b) => b.id);
    expect((await db().select({ id: postSearch.postId }).from(postSearch).where(inArray(postSearch.postId, ids))).map((r) => r.id).sort()).toEqual(
      [ids[0], ids[2]].sort(),
    );
    await inStep();
  });

  it('rewrites the row when the title or text is edited, and leaves it alone for anything else', async () => {
    const category = await addCategory(db());
    const [before, after] = [unique('beforeedit'), unique('afteredit')];
    const created = await createPost(t, author.cookie, category.id, { title: `Title with ${before}`, content: 'Body text.' });
    expect(await found(`q=${before}`)).toEqual([created.id]);

    const res = await call(t, 'PATCH', `/api/forum/posts/${created.id}`, { cookie: author.cookie, body: { content: `Now about ${after}.` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await found(`q=${before}`)).toEqual([created.id]); // still in the title
    expect(await found(`q=${after}`)).toEqual([created.id]);
    await call(t, 'PATCH', `/api/forum/posts/${created.id}`, { cookie: author.cookie, body: { title: 'A plain title' } });
    expect(await found(`q=${before}`)).toEqual([]);
    await inStep();

    // Views, votes, pins and counters never reach the row: it is not even rewritten (same row version).
    const version = async () =>
      ((await db().execute(sql`select xmin::text as v from ${postSearch} where post_id = ${created.id}`)) as unknown as { rows: Array<{ v: string }> }).rows[0].v;
    const was = await version();
    await db()
      .update(posts)
      .set({ viewCount: sql`${posts.viewCount} + 1`, hotScore: 99, isPinned: true, updatedAt: new Date() })
      .where(eq(posts.id, created.id));
    // Set to what they already are: the trigger's condition sees no change.
    const [current] = await db().select().from(posts).where(eq(posts.id, created.id));
    await db()
      .update(posts)
      .set({ title: current.title, content: current.content, categoryId: current.categoryId, deletedAt: null })
      .where(eq(posts.id, created.id));
    expect(await version()).toBe(was);
  });

  it('drops a deleted post and puts it back when it is restored', async () => {
    const category = await addCategory(db());
    const word = unique('deleteword');
    const created = await createPost(t, author.cookie, category.id, { title: `About ${word}` });
    const kept = await row(created.id);

    const res = await call(t, 'DELETE', `/api/forum/posts/${created.id}`, { cookie: author.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(created.id)).toBeUndefined();
    expect(await found(`q=${word}`)).toEqual([]);
    await inStep();

    // Edited while deleted (an admin's correction): still no row.
    await db().update(posts).set({ title: `Still about ${word}, corrected` }).where(eq(posts.id, created.id));
    expect(await row(created.id)).toBeUndefined();

    await db().update(posts).set({ title: `About ${word}`, deletedAt: null }).where(eq(posts.id, created.id));
    expect(await row(created.id)).toEqual(kept);
    expect(await found(`q=${word}`)).toEqual([created.id]);
    await inStep();
  });

  it('follows a post moved to another category, one by one or with its whole category', async () => {
    const [from, to, last] = [await addCategory(db()), await addCategory(db()), await addCategory(db())];
    const word = unique('moveword');
    const created = await createPost(t, author.cookie, from.id, { title: `Moving ${word}` });
    const other = await createPost(t, author.cookie, from.id, { title: `Staying ${word}` });
    expect(await found(`q=${word}&category=${from.slug}`)).toHaveLength(2);

    const moved = await call(t, 'POST', `/api/admin/posts/${created.id}/move`, { cookie: admin.cookie, body: { categoryId: to.id } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await row(created.id)).categoryId).toBe(to.id);
    expect(await found(`q=${word}&category=${from.slug}`)).toEqual([other.id]);
    expect(await found(`q=${word}&category=${to.slug}`)).toEqual([created.id]);

    // Deleting a category moves its posts (one UPDATE of many rows).
    const deleted = await call(t, 'DELETE', `/api/admin/categories/${from.id}`, { cookie: admin.cookie, body: { moveTo: last.id } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await row(other.id)).categoryId).toBe(last.id);
    expect(await found(`q=${word}&category=${last.slug}`)).toEqual([other.id]);
    await inStep();
  });

  it('follows the author: a deleted account leaves its posts without one', async () => {
    const category = await addCategory(db());
    const word = unique('authorword');
    const created = await createPost(t, author.cookie, category.id, { title: `Written by a driver: ${word}` });
    await db().update(users).set({ avatar: 'van' }).where(eq(users.id, author.id));
    expect(await found(`q=${word}&profession=van`)).toEqual([created.id]);

    // What deleting an account does to its posts (server/modules/members/service.ts).
    await db().update(posts).set({ authorId: null }).where(eq(posts.authorId, author.id));
    expect((await row(created.id)).authorId).toBeNull();
    expect(await found(`q=${word}`)).toEqual([created.id]);
    expect(await found(`q=${word}&profession=van`)).toEqual([]);
    await inStep();
  });

  it('loses the row with the post: a hard delete cascades', async () => {
    const category = await addCategory(db());
    const live = await insertPost(db(), { categoryId: category.id, authorId: null });
    expect(await row(live.id)).toBeDefined();
    await db().delete(posts).where(eq(posts.id, live.id));
    expect(await row(live.id)).toBeUndefined();
    await inStep();
  });
});

describe('derived.post_search and backups', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-post-search-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('is left out of a logical backup and refilled by the restore', async () => {
    const source = path.join(tmp, 'source');
    const database = await openDatabase({ dataDir: source });
    let file: string;
    try {
      await seedDatabase(database.db, { seedDemo: false }, { info: () => {} });
      const category = await addCategory(database.db);
      for (const deleted of [false, true, false]) await insertPost(database.db, { categoryId: category.id, authorId: null, deleted });
      expect(await expectInStep(database.db)).toBe(2);
      ({ file } = await createBackup(database, { dataDir: source, logical: true, out: path.join(tmp, 'forum.tar') }));
    } finally {
      await database.close();
    }
    // Derived from posts, so not copied: the backup's database holds the public schema's tables only.
    const { database: dump } = await openBundle(file);
    const fd = fs.openSync(file, 'r');
    const gz = Buffer.alloc(dump.size);
    fs.readSync(fd, gz, 0, dump.size, dump.start);
    fs.closeSync(fd);
    expect(zlib.gunzipSync(gz).toString()).not.toContain('post_search');

    const restoredDir = path.join(tmp, 'restored');
    await restoreCommand({ file, dataDir: restoredDir });
    const restored = await openDatabase({ dataDir: restoredDir });
    try {
      expect(await expectInStep(restored.db)).toBe(2);
    } finally {
      await restored.close();
    }
  }, 120_000);
});

describe('the migration that adds derived.post_search', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-post-search-migration-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('fills it from the posts already there', async () => {
    // The migrations up to the one before it, as a database had them.
    const drizzleDir = path.resolve(import.meta.dirname, '../../../drizzle');
    const journal = JSON.parse(fs.readFileSync(path.join(drizzleDir, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
    const before = journal.entries.filter((e) => e.tag < '0009_post_search');
    fs.mkdirSync(path.join(tmp, 'meta'));
    fs.writeFileSync(path.join(tmp, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: before }));
    for (const e of before) fs.copyFileSync(path.join(drizzleDir, `${e.tag}.sql`), path.join(tmp, `${e.tag}.sql`));

    const client = await createPglite('memory://');
    try {
      const db = drizzle(client, { schema }) as unknown as Db;
      await migrate(drizzle(client), { migrationsFolder: tmp });
      await db.execute(sql`insert into categories (name, slug) values ('Before', 'before')`);
      await db.execute(sql`
        insert into posts (slug, title, content, content_html, excerpt, category_id, deleted_at)
        select 'before-' || i, 'Written before the copy ' || i, 'About the depot', '<p>x</p>', 'x', (select id from categories), case when i = 2 then now() end
        from generate_series(1, 3) i`);
      await migrate(drizzle(client), { migrationsFolder: drizzleDir });
      expect(await expectInStep(db)).toBe(2);
    } finally {
      await client.close();
    }
  }, 60_000);
});
