import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMentionSuggestions } from '../../../common/contracts/mentions.ts';
import { MENTION_MSG, MENTION_SUGGESTIONS_MAX, MENTION_SUGGESTIONS_PER_MINUTE } from '../../../common/rules/mentions.ts';
import { comments, memberBlocks, posts, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { unique } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createComment, createPost } from '../../test/forum.ts';
import { call, insertMember, member, type Member } from '../../test/members.ts';
import { relinkMentions } from '../posts/index.ts';

// Issue 18: the composers' @autocomplete (GET /api/members/mention-suggestions) and mentions stored as
// profile links, on write and by the one-off re-render of older content.

describe.each(testDatabases)('mentions on %s', (kind) => {
  let t: TestApp;
  /** A prefix no other test's usernames share, so each search sees only this file's members. */
  const tag = unique('mz').slice(0, 8).toLowerCase();
  const named = async (username: string, set: Partial<typeof users.$inferInsert> = {}) => {
    const m = await insertMember(t);
    await t.database.db.update(users).set({ username, ...set }).where(eq(users.id, m.id));
    return { ...m, username };
  };
  const suggest = (q: string, cookie?: string) => call(t, 'GET', `/api/members/mention-suggestions?q=${encodeURIComponent(q)}`, { cookie });
  const names = async (q: string, asker: Member) => {
    const res = await suggest(q, asker.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return ZMentionSuggestions.parse(res.json()).members.map((m) => m.username);
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  describe('suggestions', () => {
    let asker: Member;
    beforeAll(async () => {
      asker = await named(`${tag}_asker`);
      // Prefix matches of "<tag>ad", and names that only contain it.
      await named(`${tag}adam`);
      await named(`${tag}Adele`);
      await named(`x${tag}adz`);
      await named(`${tag}ad_gone`, { deletedAt: new Date() });
      await named(`${tag}ad_susp`, { suspendedAt: new Date() });
      await named(`${tag}ad_unver`, { emailVerifiedAt: null });
      const blocked = await named(`${tag}ad_blocked`);
      await t.database.db.insert(memberBlocks).values({ blockerId: asker.id, blockedId: blocked.id });
    });

    it('guest and suspended 401, unverified 403, each with its message; member, other member and admin 200', async () => {
      const guest = await suggest(`${tag}ad`);
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toEqual({ message: 'Authentication required' });
      const suspended = await member(t, 'suspended');
      expect((await suggest(`${tag}ad`, suspended.cookie)).statusCode).toBe(401);
      const unverified = await member(t, 'unverified');
      const res = await suggest(`${tag}ad`, unverified.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MENTION_MSG.verificationRequired });
      for (const who of [await member(t), await member(t, 'admin')]) expect((await suggest(`${tag}ad`, who.cookie)).statusCode).toBe(200);
    });

    it('prefix matches first, then contains, each by name; deleted, suspended, unverified and blocked left out', async () => {
      expect(await names(`${tag}ad`, asker)).toEqual([`${tag}adam`, `${tag}Adele`, `x${tag}adz`]);
      // Case-insensitive; the member's own spelling comes back.
      expect(await names(`${tag}ADE`.toUpperCase(), asker)).toEqual([`${tag}Adele`]);
    });

    it('the blocked member is only hidden from the member who blocked them; the asker is never listed', async () => {
      const other = await member(t);
      expect(await names(`${tag}ad_b`, other)).toEqual([`${tag}ad_blocked`]);
      expect(await names(`${tag}_ask`, asker)).toEqual([]);
    });

    it(`at most ${MENTION_SUGGESTIONS_MAX}; _ and % in q match themselves`, async () => {
      for (let i = 0; i < MENTION_SUGGESTIONS_MAX + 2; i++) await named(`${tag}many${i}`);
      expect(await names(`${tag}many`, asker)).toHaveLength(MENTION_SUGGESTIONS_MAX);
      // "_" is a literal underscore, not LIKE's any-character: "<tag>_a" matches "<tag>_asker" only (not "<tag>adam").
      const other = await member(t);
      expect(await names(`${tag}_a`, other)).toEqual([`${tag}_asker`]);
    });

    it('bad q: 400 with its message', async () => {
      for (const [q, message] of [
        ['', MENTION_MSG.queryRequired],
        ['   ', MENTION_MSG.queryRequired],
        ['a'.repeat(31), MENTION_MSG.queryTooLong],
        ['ad%', MENTION_MSG.queryInvalid],
        ['<img>', MENTION_MSG.queryInvalid],
      ] as const) {
        const res = await suggest(q, asker.cookie);
        expect(res.statusCode, q).toBe(400);
        expect(res.json().message, q).toBe(message);
      }
      expect((await call(t, 'GET', '/api/members/mention-suggestions', { cookie: asker.cookie })).json().message).toBe(MENTION_MSG.queryRequired);
    });
  });

  it(`${MENTION_SUGGESTIONS_PER_MINUTE} calls a minute per address, then 429 with its message`, async () => {
    const asker = await member(t);
    const fromOneAddress = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/members/mention-suggestions?q=abc',
        headers: { origin: t.app.deps.config.appUrl, 'x-forwarded-for': '203.0.113.77', cookie: asker.cookie },
      });
    for (let i = 0; i < MENTION_SUGGESTIONS_PER_MINUTE; i++) expect((await fromOneAddress()).statusCode).toBe(200);
    const limited = await fromOneAddress();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: MENTION_MSG.tooFast });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  describe('stored as links', () => {
    it('a comment and a post link existing members in their own spelling; unknown and deleted names stay text', async () => {
      const cat = await addCategory(t.database.db);
      const author = await member(t);
      const sam = await named(`${tag}Sam`);
      await named(`${tag}gone`, { deletedAt: new Date() });
      const text = `Ask @${tag}sam, not @${tag}gone or @${tag}nobody. \`@${tag}sam\` [@${tag}sam](https://example.com)`;
      const link = `<a href="/profile/${sam.username}" class="mention">@${sam.username}</a>`;
      const p = await createPost(t, author.cookie, cat.id, { content: text });
      const c = await createComment(t, author.cookie, p.id, { content: text });
      for (const html of [
        (await t.database.db.select().from(posts).where(eq(posts.id, p.id)))[0]!.contentHtml,
        (await t.database.db.select().from(comments).where(eq(comments.id, c.id)))[0]!.contentHtml,
      ]) {
        expect(html.split(link)).toHaveLength(2); // once: not in code, not inside the link
        expect(html).toContain(`@${tag}gone`);
        expect(html).toContain(`@${tag}nobody`);
        expect(html).toContain(`<code>@${tag}sam</code>`);
        expect(html).toContain(`rel="nofollow ugc noopener" target="_blank">@${tag}sam</a>`);
      }
    });

    it('relinkMentions renders older content again, once', async () => {
      const cat = await addCategory(t.database.db);
      const author = await member(t);
      const late = `${tag}late`;
      // Written before the member existed: stored as text.
      const p = await createPost(t, author.cookie, cat.id, { content: `Hello @${late}` });
      const c = await createComment(t, author.cookie, p.id, { content: `And @${late} again` });
      await named(late);
      const uploads = { ownPhotos: async () => new Map() };
      const first = await relinkMentions(t.database.db, uploads, 2);
      expect(first.posts).toBeGreaterThanOrEqual(1);
      expect(first.comments).toBeGreaterThanOrEqual(1);
      const [post] = await t.database.db.select().from(posts).where(eq(posts.id, p.id));
      const [comment] = await t.database.db.select().from(comments).where(eq(comments.id, c.id));
      expect(post!.contentHtml).toBe(`<p>Hello <a href="/profile/${late}" class="mention">@${late}</a></p>`);
      expect(comment!.contentHtml).toBe(`<p>And <a href="/profile/${late}" class="mention">@${late}</a> again</p>`);
      expect(await relinkMentions(t.database.db, uploads, 2)).toEqual({ posts: 0, comments: 0 });
    });
  });
});
