import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZRevisionHistory } from '../../../common/contracts/revisions.ts';
import { REVISIONS_SHOWN } from '../../../common/rules/revisions.ts';
import { categories, comments, posts, revisions, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, insertComment, insertPost } from '../../test/forum.ts';
import { call, member, type Member } from '../../test/members.ts';

// Edit history (issue 28 item 7): every edit keeps the version it replaced; "edited" opens the versions
// for everyone; a removed post or comment's history is the moderators' alone.

describe.each(testDatabases)('edit history (%s)', (kind) => {
  let t: TestApp;
  let author: Member;
  let admin: Member;
  let moderator: Member;
  let reader: Member;
  let categoryId: number;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    author = await member(t);
    admin = await member(t, 'admin');
    moderator = await member(t);
    await t.database.db.update(users).set({ isModerator: true }).where(eq(users.id, moderator.id));
    reader = await member(t);
    categoryId = (await addCategory(t.database.db)).id;
  });
  afterAll(() => t.close());

  // Posts and comments stored as writing them stores them (counters included), so these tests read the
  // edit and history paths alone.
  const createPost = async (_t: TestApp, _cookie: string, category: number, text: { title?: string; content?: string } = {}) => {
    const p = await insertPost(t.database.db, { categoryId: category, authorId: author.id, createdAt: new Date(Date.now() - 60 * 60_000) });
    const title = text.title ?? p.title;
    const content = text.content ?? p.content;
    await t.database.db.update(posts).set({ title, content, contentHtml: `<p>${content}</p>` }).where(eq(posts.id, p.id));
    await t.database.db.update(categories).set({ postCount: sql`${categories.postCount} + 1` }).where(eq(categories.id, category));
    return p;
  };
  const createComment = async (_t: TestApp, _cookie: string, postId: number, body: { content: string }, authorId = author.id) => {
    const c = await insertComment(t.database.db, { postId, authorId });
    await t.database.db.update(comments).set({ content: body.content, contentHtml: `<p>${body.content}</p>` }).where(eq(comments.id, c.id));
    await t.database.db.update(posts).set({ commentCount: sql`${posts.commentCount} + 1` }).where(eq(posts.id, postId));
    return c;
  };

  const history = async (url: string, cookie?: string) => {
    const res = await call(t, 'GET', url, { cookie });
    return { status: res.statusCode, body: res.statusCode === 200 ? ZRevisionHistory.parse(res.json()) : res.json() };
  };
  const edit = async (cookie: string, postId: number, body: object) => {
    const res = await call(t, 'PATCH', `/api/forum/posts/${postId}`, { cookie, body });
    expect(res.statusCode, res.body).toBe(200);
  };

  it("a post's edits by its author and by an admin are kept, newest first, for a guest to read", async () => {
    const p = await createPost(t, author.cookie, categoryId, { title: 'Van insurance quotes', content: 'Cheapest quote was 900 a year.' });
    expect((await history(`/api/forum/posts/${p.id}/revisions`)).body).toMatchObject({ kind: 'post', id: p.id, removed: false, hidden: false, total: 1 });

    await edit(author.cookie, p.id, { content: 'Cheapest quote was 850 a year.' });
    await edit(admin.cookie, p.id, { title: 'Van insurance quotes 2026' });

    const { status, body } = await history(`/api/forum/posts/${p.id}/revisions`);
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.versions.map((v: { number: number; title: string | null; content: string; writtenBy: { username: string } | null }) => [v.number, v.title, v.content, v.writtenBy?.username])).toEqual([
      [3, 'Van insurance quotes 2026', 'Cheapest quote was 850 a year.', admin.username],
      [2, 'Van insurance quotes', 'Cheapest quote was 850 a year.', author.username],
      [1, 'Van insurance quotes', 'Cheapest quote was 900 a year.', author.username],
    ]);
    // Each version's time is when it was written: the original at creation, the others at their edit.
    const times = body.versions.map((v: { writtenAt: string }) => Date.parse(v.writtenAt));
    expect(times[0]).toBeGreaterThanOrEqual(times[1]);
    expect(times[1]).toBeGreaterThan(times[2]);

    // The same for a member.
    expect((await history(`/api/forum/posts/${p.id}/revisions`, reader.cookie)).body.total).toBe(3);
  });

  it('keeps the editor and the replaced text in the edit\'s own transaction; a refused edit keeps nothing', async () => {
    const p = await createPost(t, author.cookie, categoryId, { content: 'First words.' });
    // Someone else's edit is refused (403): no revision.
    expect((await call(t, 'PATCH', `/api/forum/posts/${p.id}`, { cookie: reader.cookie, body: { content: 'Vandalised by someone else' } })).statusCode).toBe(403);
    // A moderator edits only their own (issue 18): refused too.
    expect((await call(t, 'PATCH', `/api/forum/posts/${p.id}`, { cookie: moderator.cookie, body: { content: 'Moderated by a moderator' } })).statusCode).toBe(403);
    // A Save with the same text, or a category move alone, is no new version.
    await edit(author.cookie, p.id, { content: 'First words.' });
    const other = await addCategory(t.database.db);
    await edit(author.cookie, p.id, { categoryId: other.id });
    expect(await t.database.db.select().from(revisions).where(eq(revisions.postId, p.id))).toEqual([]);

    await edit(author.cookie, p.id, { content: 'Second words.' });
    const rows = await t.database.db.select().from(revisions).where(eq(revisions.postId, p.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ content: 'First words.', editedBy: author.id, commentId: null });
  });

  it("a comment's edits are kept and listed; a moderator's own edit is theirs", async () => {
    const p = await createPost(t, author.cookie, categoryId);
    const c = await createComment(t, moderator.cookie, p.id, { content: 'Depot opens at 6.' }, moderator.id);
    const res = await call(t, 'PATCH', `/api/forum/comments/${c.id}`, { cookie: moderator.cookie, body: { content: 'Depot opens at 7.' } });
    expect(res.statusCode, res.body).toBe(200);
    const ok = await call(t, 'PATCH', `/api/forum/comments/${c.id}`, { cookie: admin.cookie, body: { content: 'Depot opens at 7 on weekdays.' } });
    expect(ok.statusCode, ok.body).toBe(200);

    const { status, body } = await history(`/api/forum/comments/${c.id}/revisions`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ kind: 'comment', id: c.id, removed: false, total: 3 });
    expect(body.versions.map((v: { title: string | null; content: string; writtenBy: { username: string } | null }) => [v.title, v.content, v.writtenBy?.username])).toEqual([
      [null, 'Depot opens at 7 on weekdays.', admin.username],
      [null, 'Depot opens at 7.', moderator.username],
      [null, 'Depot opens at 6.', moderator.username],
    ]);
  });

  it('a deleted post or comment: 404 to guests and members, its text and history to moderators and admins', async () => {
    const p = await createPost(t, author.cookie, categoryId, { content: 'Something I regret.' });
    await edit(author.cookie, p.id, { content: 'Something I regret even more.' });
    const c = await createComment(t, author.cookie, p.id, { content: 'A comment I regret.' });
    expect((await call(t, 'PATCH', `/api/forum/comments/${c.id}`, { cookie: author.cookie, body: { content: 'A comment I regret more.' } })).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/forum/comments/${c.id}`, { cookie: author.cookie })).statusCode).toBe(200);

    for (const cookie of [undefined, reader.cookie, author.cookie]) {
      const gone = await history(`/api/forum/comments/${c.id}/revisions`, cookie);
      expect(gone).toEqual({ status: 404, body: { message: 'Comment not found' } });
    }
    for (const cookie of [moderator.cookie, admin.cookie]) {
      const seen = await history(`/api/forum/comments/${c.id}/revisions`, cookie);
      expect(seen.status).toBe(200);
      expect(seen.body).toMatchObject({ removed: true, hidden: false, total: 2 });
      expect(seen.body.versions.map((v: { content: string }) => v.content)).toEqual(['A comment I regret more.', 'A comment I regret.']);
    }

    expect((await call(t, 'DELETE', `/api/forum/posts/${p.id}`, { cookie: author.cookie })).statusCode).toBe(200);
    for (const cookie of [undefined, reader.cookie, author.cookie]) {
      expect(await history(`/api/forum/posts/${p.id}/revisions`, cookie)).toEqual({ status: 404, body: { message: 'Post not found' } });
    }
    const seen = await history(`/api/forum/posts/${p.id}/revisions`, moderator.cookie);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ removed: true, total: 2 });
    expect(seen.body.versions[0].content).toBe('Something I regret even more.');
  });

  it('a missing or malformed id is 404', async () => {
    for (const url of ['/api/forum/posts/999999999/revisions', '/api/forum/posts/abc/revisions', '/api/forum/comments/999999999/revisions', '/api/forum/comments/0/revisions']) {
      expect((await call(t, 'GET', url)).statusCode, url).toBe(404);
    }
  });

  it(`lists at most ${REVISIONS_SHOWN} versions, newest first, and counts the rest`, async () => {
    const p = await createPost(t, author.cookie, categoryId, { content: 'The first version.' });
    const now = Date.now();
    // Fifty-four earlier versions, as fifty-four edits would have kept them.
    await t.database.db.insert(revisions).values(
      Array.from({ length: 54 }, (_, i) => ({
        postId: p.id,
        title: 'T',
        content: `v${i + 1}`,
        editedBy: i === 53 ? admin.id : author.id,
        writtenAt: new Date(now - (60 - i) * 60_000),
        createdAt: new Date(now - (59 - i) * 60_000),
      })),
    );
    const { body } = await history(`/api/forum/posts/${p.id}/revisions`);
    expect(body.total).toBe(55);
    expect(body.versions).toHaveLength(REVISIONS_SHOWN);
    expect(body.versions[0]).toMatchObject({ number: 55, writtenBy: { username: admin.username } });
    expect(body.versions[1]).toMatchObject({ number: 54, content: 'v54', writtenBy: { username: author.username } });
    expect(body.versions.at(-1)).toMatchObject({ number: 6, content: 'v6' });
  });
});
