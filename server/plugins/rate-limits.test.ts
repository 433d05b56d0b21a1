import { and, count, eq, or } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { comments, conversations } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { freshIp } from '../test/auth.ts';
import { testDatabases } from '../test/databases.ts';
import { addCategory, insertComment, insertPost } from '../test/forum.ts';
import { call, insertMember } from '../test/members.ts';
import { TRUST_LIMITS } from '../../common/rules/trust.ts';
import { MEMBER_LIMITS, waitText, type MemberLimitName } from './rate-limits.ts';

type Member = Awaited<ReturnType<typeof insertMember>>;

// The per-member limits of issue 12 (MEMBER_LIMITS): comments, votes, reactions and new chat
// conversations. Every request comes from a different X-Forwarded-For (call() sends a fresh one, and
// some here send a chain): the limits are per member, so no address changes them.

const [commentBurst] = MEMBER_LIMITS.comment.windows;
const [voteBurst] = MEMBER_LIMITS.vote.windows;
const [reactionBurst] = MEMBER_LIMITS.reaction.windows;
const [chatHour] = MEMBER_LIMITS.chatStart.windows;
// Issue 28: the day's comments and new conversations are the member's trust level's.
const commentsPerDay = TRUST_LIMITS.commentsPerDay;
const chatStartsPerDay = TRUST_LIMITS.chatStartsPerDay;

/** The action's 429 message, whatever the wait. */
const tooFast = (name: MemberLimitName) =>
  new RegExp(`^${MEMBER_LIMITS[name].message('WAIT').replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('WAIT', '\\d+ (second|minute|hour)s?')}$`);

describe('waitText', () => {
  it('rounds up to whole seconds, minutes or hours', () => {
    expect([1, 1_000, 1_001, 59_500, 60_000, 60_001, 3_600_000, 3_600_001, 86_400_000].map(waitText)).toEqual([
      '1 second',
      '1 second',
      '2 seconds',
      '60 seconds',
      '60 seconds',
      '2 minutes',
      '60 minutes',
      '2 hours',
      '24 hours',
    ]);
  });
});

describe.each(testDatabases)('per-member limits (%s)', (kind) => {
  let t: TestApp;
  let postId: number;
  let commentId: number;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    const db = t.database.db;
    const author = await insertMember(t);
    const category = await addCategory(db);
    postId = (await insertPost(db, { categoryId: category.id, authorId: author.id })).id;
    commentId = (await insertComment(db, { postId, authorId: author.id })).id;
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Each request from its own client address, sometimes a whole forwarded chain. */
  const as = (m: Member, method: 'POST', url: string, body: object, i = 0) =>
    call(t, method, url, { cookie: m.cookie, body, headers: { 'x-forwarded-for': i % 2 ? `${freshIp()}, ${freshIp()}` : freshIp() } });

  function expectTooFast(res: Awaited<ReturnType<typeof call>>, name: MemberLimitName, maxWaitSeconds: number) {
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json().message).toMatch(tooFast(name));
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(maxWaitSeconds);
  }

  const comment = (m: Member, i = 0) => as(m, 'POST', `/api/forum/posts/${postId}/comments`, { content: `Comment number ${i}` }, i);
  const commentsBy = async (m: Member) =>
    Number((await t.database.db.select({ n: count() }).from(comments).where(eq(comments.authorId, m.id)))[0].n);

  describe('comments', () => {
    it(`a member writes ${commentBurst.max} a minute; the next is 429 with Retry-After and nothing is stored`, async () => {
      const m = await insertMember(t);
      for (let i = 0; i < commentBurst.max; i++) expect((await comment(m, i)).statusCode).toBe(201);
      const res = await comment(m, 99);
      expectTooFast(res, 'comment', 60);
      expect(res.json().message).toMatch(/^You are commenting too quickly\. Please wait \d+ seconds? before commenting again\.$/);
      expect(await commentsBy(m)).toBe(commentBurst.max);
      // Someone else is not held back.
      expect((await comment(await insertMember(t))).statusCode).toBe(201);
    });

    it(`a new member (level 0) writes ${commentBurst.newMax} a minute and ${commentsPerDay[0]} a day, then is told when in clock time`, async () => {
      const m = await insertMember(t, { level: 0 });
      for (let i = 0; i < commentBurst.newMax; i++) expect((await comment(m, i)).statusCode).toBe(201);
      expectTooFast(await comment(m), 'comment', 60);

      // A minute on, another burst; and so on until the day's allowance is spent.
      vi.useFakeTimers({ toFake: ['Date'] });
      let written = commentBurst.newMax;
      while (written < commentsPerDay[0]) {
        vi.setSystemTime(Date.now() + 61_000);
        for (let i = 0; i < commentBurst.newMax && written < commentsPerDay[0]; i++, written++) {
          const r = await comment(m, written);
          expect(r.statusCode, r.body).toBe(201);
        }
      }
      vi.setSystemTime(Date.now() + 61_000);
      const res = await comment(m);
      // Free again a day after the day's first comment: a clock time, never "1440 minutes".
      expect(res.statusCode, res.body).toBe(429);
      expect(res.json().message).toMatch(/^You can comment again (at|tomorrow at) \d\d:\d\d\.$/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(24 * 3600);
      expect(await commentsBy(m)).toBe(commentsPerDay[0]);
    });

    it(`a member at level 1 is held to ${commentsPerDay[1]} a day, not a new member's ${commentsPerDay[0]}`, async () => {
      const m = await insertMember(t, { level: 1 });
      vi.useFakeTimers({ toFake: ['Date'] });
      for (let written = 0; written < commentsPerDay[0] + 1; ) {
        for (let i = 0; i < commentBurst.max && written < commentsPerDay[0] + 1; i++, written++) {
          const r = await comment(m, written);
          expect(r.statusCode, r.body).toBe(201);
        }
        vi.setSystemTime(Date.now() + 61_000);
      }
      expect(await commentsBy(m)).toBe(commentsPerDay[0] + 1);
    });

    it('a refused body costs nothing: validation runs before the count', async () => {
      const m = await insertMember(t, { level: 0 });
      for (let i = 0; i < 5; i++) expect((await as(m, 'POST', `/api/forum/posts/${postId}/comments`, { content: '' })).statusCode).toBe(400);
      for (let i = 0; i < commentBurst.newMax; i++) expect((await comment(m, i)).statusCode).toBe(201);
    });
  });

  describe.each([
    ['vote', voteBurst, 'vote', (i: number): object => ({ voteType: i % 4 < 2 ? 'upvote' : 'downvote' })],
    ['reaction', reactionBurst, 'reactions', (i: number): object => ({ emoji: i % 4 < 2 ? '👍' : '🚚' })],
  ] as const)('%ss (posts and comments draw on one allowance)', (name, burst, path, body) => {
    // Every other one on the comment, the rest on the post.
    const act = (m: Member, i: number) =>
      as(m, 'POST', i % 2 ? `/api/forum/comments/${commentId}/${path}` : `/api/forum/posts/${postId}/${path}`, body(i), i);

    it(`a member: ${burst.max} a minute, then 429`, async () => {
      const m = await insertMember(t);
      for (let i = 0; i < burst.max; i++) expect((await act(m, i)).statusCode).toBe(200);
      expectTooFast(await act(m, 0), name, 60);
    });

    it(`a first-day account: ${burst.firstDayMax} a minute, then 429`, async () => {
      const m = await insertMember(t, { firstDay: true });
      for (let i = 0; i < burst.firstDayMax; i++) expect((await act(m, i)).statusCode).toBe(200);
      expectTooFast(await act(m, 1), name, 60);
    });
  });

  describe('chat: new conversations', () => {
    const start = (m: Member, recipient: Member, i = 0) => as(m, 'POST', '/api/chat/start', { recipientId: recipient.id }, i);
    const conversationsOf = async (m: Member) =>
      Number(
        (await t.database.db.select({ n: count() }).from(conversations).where(or(eq(conversations.userLowId, m.id), eq(conversations.userHighId, m.id))))[0].n,
      );

    it(`a member starts ${chatHour.max} an hour; reopening one is free; the next new one is 429`, async () => {
      const m = await insertMember(t);
      const recipients = await Promise.all(Array.from({ length: chatHour.max + 1 }, () => insertMember(t)));
      for (let i = 0; i < chatHour.max; i++) expect((await start(m, recipients[i], i)).statusCode).toBe(200);
      const res = await start(m, recipients[chatHour.max]);
      // The hour's wait is said in clock time (issue 28), with Retry-After.
      expect(res.statusCode, res.body).toBe(429);
      expect(res.json().message).toMatch(/^You can start another conversation at \d\d:\d\d\.$|^You can start another conversation tomorrow at \d\d:\d\d\.$/);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3600);
      expect(await conversationsOf(m)).toBe(chatHour.max);
      // Opening a conversation that already exists, from either side, is not a new one.
      for (let i = 0; i < 5; i++) expect((await start(m, recipients[i], i)).statusCode).toBe(200);
      expect((await start(recipients[0], m)).statusCode).toBe(200);
      const [existing] = await t.database.db
        .select()
        .from(conversations)
        .where(and(eq(conversations.userLowId, Math.min(m.id, recipients[0].id)), eq(conversations.userHighId, Math.max(m.id, recipients[0].id))));
      expect(existing).toBeDefined();
    });

    it(`a new member (level 0) starts ${chatStartsPerDay[0]} a day, then is told when in clock time`, async () => {
      const m = await insertMember(t, { level: 0 });
      const recipients = await Promise.all(Array.from({ length: chatStartsPerDay[0] + 1 }, () => insertMember(t)));
      for (let i = 0; i < chatStartsPerDay[0]; i++) expect((await start(m, recipients[i], i)).statusCode).toBe(200);
      const res = await start(m, recipients[chatStartsPerDay[0]]);
      expect(res.statusCode, res.body).toBe(429);
      expect(res.json().message).toMatch(/^You can start another conversation (at|tomorrow at) \d\d:\d\d\.$/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      expect(await conversationsOf(m)).toBe(chatStartsPerDay[0]);
    });
  });
});
