import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPostList } from '../../common/contracts/forum.ts';
import { createSession } from '../identity/index.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { addCategory, createPost } from '../test/forum.ts';
import { call, member, suspend, type Member } from '../test/members.ts';
import { changesMemberState } from './member-cache.ts';

// The member cache (ADR 0019): a member's reads find their session and their list in memory until the
// next write anywhere; these are the ways a kept session could outlive what ended it.
describe('the member cache', () => {
  let t: TestApp;
  let admin: Member;
  // The real time (sign-up's defences read it), moved on by `skipped` as a test needs.
  let skipped = 0;
  const clock = { now: () => new Date(Date.now() + skipped) };
  const whoAmI = (cookie: string) => call(t, 'GET', '/api/auth/user', { cookie });
  /** A second device of the member: another session of theirs. */
  const secondDevice = async (m: Member) => `sid=${await createSession(t.database.db, m.id, clock.now())}`;

  beforeAll(async () => {
    t = await buildTestApp('pglite', {}, { clock });
    admin = await member(t, 'admin');
  });
  afterAll(() => t.close());

  it('counts every write as a change but the beacons', () => {
    for (const [method, url] of [
      ['POST', '/api/logout'],
      ['POST', '/api/forum/posts/1/vote'],
      ['PUT', '/api/forum/posts/1/bookmark'],
      ['POST', '/api/blocks'],
      ['POST', '/api/admin/members/3/suspension'],
      ['POST', '/api/profile/sessions/end-others'],
      ['POST', '/api/auth/reset-password'],
    ]) {
      expect(changesMemberState(method!, url!), `${method} ${url}`).toBe(true);
    }
    for (const [method, url] of [
      ['GET', '/api/auth/user'],
      ['HEAD', '/api/forum/posts'],
      ['POST', '/api/analytics/pageview'],
      ['POST', '/api/metrics/vitals'],
    ]) {
      expect(changesMemberState(method!, url!), `${method} ${url}`).toBe(false);
    }
  });

  it('a read keeps the session until the next write; a write always reads it from the database', async () => {
    const m = await member(t);
    expect((await whoAmI(m.cookie)).statusCode).toBe(200);
    // Suspended behind the API's back (as a job would): reads go on from memory for at most the TTL…
    await suspend(t.database.db, m.id);
    expect((await whoAmI(m.cookie)).statusCode).toBe(200);
    // …but nothing can be written with it.
    const cat = await addCategory(t.database.db);
    const refused = await call(t, 'POST', '/api/forum/posts', { cookie: m.cookie, body: { title: 'Still here?', content: 'Trying to post while suspended.', categoryId: cat.id } });
    expect(refused.statusCode).toBe(401);
    // The TTL passes: the read finds the suspension.
    skipped += 5_001;
    expect((await whoAmI(m.cookie)).statusCode).toBe(401);
  });

  it('an admin’s role change and suspension reach the member’s next read at once', async () => {
    const m = await member(t);
    const phone = await secondDevice(m);
    expect((await whoAmI(phone)).json()).toMatchObject({ isModerator: false });
    expect((await call(t, 'PUT', `/api/admin/members/${m.id}/role`, { cookie: admin.cookie, body: { role: 'moderator' } })).statusCode).toBe(200);
    expect((await whoAmI(phone)).json()).toMatchObject({ isModerator: true });
    expect((await call(t, 'POST', `/api/admin/members/${m.id}/suspension`, { cookie: admin.cookie, body: { reason: 'Spam', duration: '7d' } })).statusCode).toBe(200);
    expect((await whoAmI(phone)).statusCode).toBe(401);
    expect((await whoAmI(m.cookie)).statusCode).toBe(401);
  });

  it('a sign-out, by the button or by the header’s link (a GET), ends the kept session at once', async () => {
    const m = await member(t);
    expect((await whoAmI(m.cookie)).statusCode).toBe(200);
    expect((await call(t, 'POST', '/api/logout', { cookie: m.cookie })).statusCode).toBe(200);
    expect((await whoAmI(m.cookie)).statusCode).toBe(401);

    const other = await member(t);
    expect((await whoAmI(other.cookie)).statusCode).toBe(200);
    const link = await call(t, 'GET', '/api/logout', { cookie: other.cookie, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(link.statusCode).toBe(302);
    expect((await whoAmI(other.cookie)).statusCode).toBe(401);
  });

  it('“sign out everywhere” ends the other devices’ kept sessions at once; this one stays', async () => {
    const m = await member(t);
    const lost = await secondDevice(m);
    expect((await whoAmI(lost)).statusCode).toBe(200);
    expect((await call(t, 'POST', '/api/profile/sessions/end-others', { cookie: m.cookie })).statusCode).toBe(200);
    expect((await whoAmI(lost)).statusCode).toBe(401);
    expect((await whoAmI(m.cookie)).statusCode).toBe(200);
  });

  it('a member’s kept list shows their own vote and saved post at once, and never another member’s marks', async () => {
    const author = await member(t);
    const reader = await member(t);
    const cat = await addCategory(t.database.db, 'Kept lists');
    const post = await createPost(t, author.cookie, cat.id, { title: 'Depot wait times at Leeds' });
    const list = async (cookie: string) => (await call(t, 'GET', `/api/forum/posts?category=${cat.slug}`, { cookie })).json() as TPostList;
    const mine = (l: TPostList) => l.posts.find((p) => p.id === post.id)!;
    expect(mine(await list(reader.cookie))).toMatchObject({ userVote: null, bookmarked: false });
    expect((await call(t, 'POST', `/api/forum/posts/${post.id}/vote`, { cookie: reader.cookie, body: { voteType: 'upvote' } })).statusCode).toBe(200);
    expect(mine(await list(reader.cookie))).toMatchObject({ userVote: 'upvote', bookmarked: false, upvotes: 1 });
    expect((await call(t, 'PUT', `/api/forum/posts/${post.id}/bookmark`, { cookie: reader.cookie })).statusCode).toBe(200);
    expect(mine(await list(reader.cookie))).toMatchObject({ userVote: 'upvote', bookmarked: true });
    // The author reads the same kept list with their own marks (none), not the reader's.
    expect(mine(await list(author.cookie))).toMatchObject({ userVote: null, bookmarked: false, upvotes: 1 });
    // Another device of the reader: the same marks.
    expect(mine(await list(await secondDevice(reader)))).toMatchObject({ userVote: 'upvote', bookmarked: true });
  });

  it('a cookie longer than any token is neither looked up nor kept; an unknown token is kept as no session', async () => {
    const before = t.app.memberCache.sessions.size();
    expect((await whoAmI(`sid=${'x'.repeat(4000)}`)).statusCode).toBe(401);
    expect(t.app.memberCache.sessions.size()).toBe(before);
    expect((await whoAmI('sid=not-a-session')).statusCode).toBe(401);
    expect(t.app.memberCache.sessions.size()).toBe(before + 1);
  });

  it('a session idle for the idle window is dead on a read even while kept', async () => {
    const m = await member(t);
    expect((await whoAmI(m.cookie)).statusCode).toBe(200);
    skipped += 14 * 24 * 60 * 60 * 1000 + 1;
    // The kept session would be past its TTL anyway; what decides is its own idle check. (Last: sign-up
    // tokens do not live two weeks.)
    expect((await whoAmI(m.cookie)).statusCode).toBe(401);
  });
});
