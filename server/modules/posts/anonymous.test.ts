import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPostDetail } from '../../../common/contracts/forum.ts';
import { ANONYMOUS_BLOCK_NAME, ANONYMOUS_MSG } from '../../../common/rules/anonymous.ts';
import { BLOCK_MSG } from '../../../common/rules/blocks.ts';
import { auditLog, heldItems, posts, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { createComment, createPost } from '../../test/forum.ts';
import { call, lastAudit, member, suspend, type Member } from '../../test/members.ts';
import { connect, listen } from '../../test/sockets.ts';

// Issue 32 part 3, a protected voice (ADR 0022; docs/API.md "Anonymous posts"): who may write anonymously,
// what every other reader sees, and the walk over every route anonymous content reaches, looking for the
// account in each answer.

const LABEL = 'A verified Evri courier in LS';

describe.each(testDatabases)('a protected voice (%s)', (kind) => {
  let t: TestApp;
  let admin: Member;
  let author: Member;
  let reader: Member;
  let moderator: Member;
  let newcomer: Member;
  let open: { id: number; slug: string };
  let closed: { id: number; slug: string };
  /** Every string that would name the author: the walk looks for each in every answer. */
  let marks: string[];

  let dir: string;

  beforeAll(async () => {
    // A built index.html's shape, so the walk reads the pages the server writes (head, JSON-LD, body) too.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-anon-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="en-GB"><head><title>Kerbside</title></head><body><div id="root"></div></body></html>');
    t = await buildTestApp(kind, {}, { clientDir: dir });
    admin = await member(t, 'admin');
    [author, reader, moderator] = [await member(t), await member(t), await member(t)];
    newcomer = await member(t, 'newcomer');
    const db = t.database.db;
    await db.update(users).set({ isModerator: true }).where(eq(users.id, moderator.id));
    // Names and status no other member has, a rare profession, a badge and a home area.
    await db
      .update(users)
      // Their area shown to nobody: the label may still name it (their choice), but the area's page lists only who shows it.
      .set({ firstName: 'Zebedee', lastName: 'Quillfeather', statusText: 'Nightshift on the M62 corridor', avatar: 'aviation', verifiedNetwork: 'evri', verifiedAt: new Date(), courierArea: 'LS', courierAreaVisibility: 'nobody' })
      .where(eq(users.id, author.id));
    marks = [author.username, 'Zebedee', 'Quillfeather', 'Nightshift on the M62 corridor', `"authorId":${author.id}`, `"userId":${author.id}`, `"id":${author.id},"username"`];
    const made = await call(t, 'POST', '/api/admin/categories', { cookie: admin.cookie, body: { name: 'Speak freely', color: '#475569', allowAnonymous: true, isQa: true } });
    expect(made.statusCode, made.body).toBe(201);
    open = made.json();
    closed = (await call(t, 'POST', '/api/admin/categories', { cookie: admin.cookie, body: { name: 'Banter', color: '#1d4ed8' } })).json();
  });

  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const write = (who: Member | null, body: Record<string, unknown>) =>
    call(t, 'POST', '/api/forum/posts', { cookie: who?.cookie, body: { title: `Depot keeps us waiting two hours ${Math.random()}`, content: 'Every morning the same queue at the gate, and nobody pays for the wait.', categoryId: open.id, ...body } });
  const anonymousPost = async (extra: Record<string, unknown> = {}) => {
    // Their earlier posts a day older: each test's writes stay inside the posting limit.
    await t.database.db.update(posts).set({ createdAt: sql`${posts.createdAt} - interval '1 day'` }).where(eq(posts.authorId, author.id));
    const res = await write(author, { anonymous: { network: true, area: true }, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as TPostDetail;
  };
  const expectNoAccount = (where: string, body: string) => {
    for (const mark of marks) expect(body.includes(mark), `${where} carries ${mark}`).toBe(false);
  };

  it('an admin opens a category to anonymous posts (audited); the categories say which', async () => {
    expect(open).toMatchObject({ allowAnonymous: true });
    expect(closed).toMatchObject({ allowAnonymous: false });
    const listed = (await call(t, 'GET', '/api/forum/categories')).json() as Array<{ id: number; allowAnonymous: boolean }>;
    expect(listed.find((c) => c.id === open.id)!.allowAnonymous).toBe(true);
    const changed = await call(t, 'PATCH', `/api/admin/categories/${closed.id}`, { cookie: admin.cookie, body: { allowAnonymous: true } });
    expect(changed.json()).toMatchObject({ allowAnonymous: true });
    expect((await lastAudit(t.database.db))!.details).toEqual({ allowAnonymous: { from: false, to: true } });
    await call(t, 'PATCH', `/api/admin/categories/${closed.id}`, { cookie: admin.cookie, body: { allowAnonymous: false } });
    expect((await call(t, 'PATCH', `/api/admin/categories/${closed.id}`, { cookie: admin.cookie, body: { allowAnonymous: 'yes' } })).statusCode).toBe(400);
  });

  it('the editor learns what it may offer: trust level 2 opens it; the label can show the badge’s network and the home area', async () => {
    const voice = await call(t, 'GET', '/api/forum/anonymous-voice', { cookie: author.cookie });
    expect(voice.json()).toEqual({ allowed: true, message: null, network: 'evri', area: 'LS' });
    expect((await call(t, 'GET', '/api/forum/anonymous-voice', { cookie: newcomer.cookie })).json()).toEqual({ allowed: false, message: ANONYMOUS_MSG.trustTooLow, network: null, area: null });
    expect((await call(t, 'GET', '/api/forum/anonymous-voice')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/forum/anonymous-voice', { cookie: (await member(t, 'unverified')).cookie })).statusCode).toBe(403);
  });

  it('who may not: a closed category, a level below 2 (however many fresh accounts), a suspended account, parts they do not have; nothing is stored', async () => {
    const before = (await t.database.db.select({ id: posts.id }).from(posts)).length;
    const closedRes = await write(author, { categoryId: closed.id, anonymous: { network: false, area: false } });
    expect(closedRes.statusCode).toBe(400);
    expect(closedRes.json()).toMatchObject({ message: ANONYMOUS_MSG.categoryClosed });
    // Four fresh verified accounts are four refusals: the level is what no number of accounts buys.
    for (const fresh of [newcomer, await member(t, 'newcomer'), await member(t, 'newcomer'), await member(t, 'newcomer')]) {
      const res = await write(fresh, { anonymous: {} });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: ANONYMOUS_MSG.trustTooLow });
    }
    const plain = await member(t);
    expect((await write(plain, { anonymous: { network: true } })).json()).toMatchObject({ message: ANONYMOUS_MSG.noBadge });
    expect((await write(plain, { anonymous: { area: true } })).json()).toMatchObject({ message: ANONYMOUS_MSG.noArea });
    expect((await write(plain, { anonymous: 'yes' })).statusCode).toBe(400);
    expect((await write(plain, { anonymous: { network: 'yes' } })).statusCode).toBe(400);
    const gone = await member(t);
    await suspend(t.database.db, gone.id);
    expect((await write(gone, { anonymous: {} })).statusCode).toBe(401);
    expect((await t.database.db.select({ id: posts.id }).from(posts)).length).toBe(before);
    // A reply in a closed category's post is refused too.
    const elsewhere = await createPost(t, reader.cookie, closed.id);
    const reply = await call(t, 'POST', `/api/forum/posts/${elsewhere.id}/comments`, { cookie: author.cookie, body: { content: 'Same at ours.', anonymous: {} } });
    expect(reply.json()).toMatchObject({ message: ANONYMOUS_MSG.categoryClosed });
  });

  it('the label is the parts chosen, frozen when written: a later profile change links nothing', async () => {
    const full = await anonymousPost();
    expect(full).toMatchObject({ author: null, anonymousAs: LABEL, canEdit: true });
    const bare = await anonymousPost({ anonymous: { network: false, area: false } });
    expect(bare.anonymousAs).toBe('A Kerbside member');
    await t.database.db.update(users).set({ courierArea: 'M' }).where(eq(users.id, author.id));
    expect(((await call(t, 'GET', `/api/forum/posts/${full.id}`)).json() as TPostDetail).anonymousAs).toBe(LABEL);
    await t.database.db.update(users).set({ courierArea: 'LS' }).where(eq(users.id, author.id));
  });

  it('the author edits and deletes it; the history names the label; they cannot carry it to a closed category', async () => {
    const post = await anonymousPost();
    const edited = await call(t, 'PATCH', `/api/forum/posts/${post.id}`, { cookie: author.cookie, body: { content: 'Every morning the same queue at the gate. Two hours unpaid.' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ author: null, anonymousAs: LABEL });
    const history = await call(t, 'GET', `/api/forum/posts/${post.id}/revisions`, { cookie: reader.cookie });
    expect(history.json().versions.map((v: { writtenBy: unknown; anonymousAs?: string }) => [v.writtenBy, v.anonymousAs])).toEqual([
      [null, LABEL],
      [null, LABEL],
    ]);
    expectNoAccount('edit history', history.body);
    const moved = await call(t, 'PATCH', `/api/forum/posts/${post.id}`, { cookie: author.cookie, body: { categoryId: closed.id } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ message: ANONYMOUS_MSG.categoryClosed });
    expect((await call(t, 'DELETE', `/api/forum/posts/${post.id}`, { cookie: reader.cookie })).statusCode).toBe(403);
    expect((await call(t, 'DELETE', `/api/forum/posts/${post.id}`, { cookie: author.cookie })).statusCode).toBe(200);
  });

  it('the walk: no answer to anyone else carries the account, on any route the post or reply reaches', async () => {
    const db = t.database.db;
    // Followers and a mention, so the notifications' texts are walked too.
    expect((await call(t, 'PUT', `/api/forum/categories/${open.id}/follow`, { cookie: reader.cookie })).statusCode).toBe(200);
    await call(t, 'PUT', '/api/tags/evri/follow', { cookie: moderator.cookie });
    await call(t, 'PUT', '/api/areas/LS/follow', { cookie: admin.cookie });
    const profileBefore = (await call(t, 'GET', `/api/users/${author.username}`, { cookie: reader.cookie })).json();
    const post = await anonymousPost({ content: `Asking @${moderator.username}: is a two-hour wait at the depot normal?`, tags: ['evri'], areas: ['LS'] });
    // A named reply, then the author's anonymous reply, mentioning a member, accepted by the (anonymous) asker.
    const named = await createComment(t, reader.cookie, post.id, { content: 'Ours is an hour at most.' });
    const replied = await call(t, 'POST', `/api/forum/posts/${post.id}/comments`, { cookie: author.cookie, body: { content: `Thanks @${reader.username}, that helps.`, parentId: named.id, anonymous: { network: true, area: false } } });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json()).toMatchObject({ author: null, anonymousAs: 'A verified Evri courier' });
    const answer = await createComment(t, moderator.cookie, post.id, { content: 'Log it and claim it: waiting time is paid on most contracts.' });
    expect((await call(t, 'PUT', `/api/forum/posts/${post.id}/answer`, { cookie: author.cookie, body: { commentId: answer.id } })).statusCode).toBe(200);
    const ownAnswer = await call(t, 'POST', `/api/forum/posts/${post.id}/comments`, { cookie: author.cookie, body: { content: 'Update: they paid it.', anonymous: {} } });
    await call(t, 'PUT', `/api/forum/posts/${post.id}/bookmark`, { cookie: reader.cookie });
    await call(t, 'POST', '/api/reports', { cookie: reader.cookie, body: { targetType: 'post', targetId: post.id, reason: 'Names a depot manager, please check.' } });
    await call(t, 'POST', '/api/reports', { cookie: reader.cookie, body: { targetType: 'comment', targetId: replied.json().id, reason: 'Checking this reply as well, please.' } });

    const readers: Array<[string, Member | null]> = [['a guest', null], ['another member', reader], ['a moderator', moderator], ['an admin', admin]];
    const routes = [
      '/api/forum/posts',
      `/api/forum/posts?category=${open.slug}`,
      '/api/forum/posts?sortBy=active',
      '/api/forum/posts?tag=evri',
      '/api/forum/posts?area=LS',
      `/api/forum/posts/${post.id}`,
      `/api/forum/posts/${post.slug}`,
      `/api/forum/posts/${post.id}/comments`,
      `/api/forum/posts/${post.id}/revisions`,
      `/api/forum/comments/${replied.json().id}/revisions`,
      '/api/forum/search?q=depot',
      '/api/tags/evri',
      '/api/areas/LS',
      '/api/bookmarks',
      '/api/forum/notifications',
      '/api/admin/posts',
      `/api/admin/posts?q=${post.id}`,
      '/api/admin/reports',
      '/api/admin/dashboard',
      '/feeds/latest.rss',
      '/feeds/latest.atom',
      `/feeds/categories/${open.slug}.rss`,
      '/feeds/tags/evri.rss',
      '/feeds/areas/LS.rss',
      `/feeds/posts/${post.slug}.rss`,
      '/sitemap.xml',
      // The pages the server writes: head meta, share cards, JSON-LD and the readable body.
      `/forum/posts/${post.slug}`,
      '/forum',
      `/forum?category=${open.slug}`,
      '/tags/evri',
      '/areas/LS',
    ];
    for (const [who, as] of readers) {
      for (const url of routes) {
        const res = await call(t, 'GET', url, { cookie: as?.cookie });
        if (res.statusCode !== 200) continue; // not theirs to read (401/403): nothing to leak
        // The dashboard's newest sign-ups list the author as a member, as it should: its posts are what is walked.
        expectNoAccount(`${url} as ${who}`, url === '/api/admin/dashboard' ? JSON.stringify(res.json().recentPosts) : res.body);
      }
    }
    // The label is what they do see.
    const page = (await call(t, 'GET', `/api/forum/posts/${post.id}`)).json() as TPostDetail;
    expect(page).toMatchObject({ author: null, anonymousAs: LABEL, acceptedAnswer: { commentId: answer.id } });
    expect(page.comments.find((c) => c.id === replied.json().id)).toMatchObject({ author: null, anonymousAs: 'A verified Evri courier' });
    expect(page.comments.find((c) => c.id === ownAnswer.json().id)).toMatchObject({ author: null, anonymousAs: 'A Kerbside member' });
    // The page the server writes names the label as the author, in its head and its JSON-LD.
    const html = (await t.app.inject({ url: `/forum/posts/${post.slug}` })).body;
    expect(html).toContain(`<meta property="article:author" content="${LABEL}"`);
    expect(html).toContain(`"author":{"@type":"Person","name":"${LABEL}"}`);
    // Filters by author: the search's profession filter (the author's rare avatar) finds nothing of theirs.
    for (const url of ['/api/forum/search?profession=aviation', '/api/forum/search?q=depot&profession=aviation']) {
      const res = await call(t, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().posts.map((p: { id: number }) => p.id), url).not.toContain(post.id);
    }
    // Their profile: neither its counts nor its posts list moved.
    const profileAfter = await call(t, 'GET', `/api/users/${author.username}`, { cookie: reader.cookie });
    expect(profileAfter.json()).toMatchObject({ postCount: profileBefore.postCount, commentCount: profileBefore.commentCount });
    const theirs = (await call(t, 'GET', `/api/users/${author.username}/posts`, { cookie: reader.cookie })).json();
    expect(theirs.posts.map((p: { id: number }) => p.id)).not.toContain(post.id);
    // Notifications: the follower, the mentioned, the answerer and the replied-to are told by the label.
    const bell = async (who: Member) => {
      const res = await call(t, 'GET', '/api/forum/notifications', { cookie: who.cookie });
      expectNoAccount('notifications', res.body);
      return (res.json() as Array<{ type: string; message: string; postId: number }>).filter((n) => n.postId === post.id);
    };
    expect((await bell(reader)).map((n) => n.message)).toEqual(
      expect.arrayContaining([`A verified Evri courier replied to your comment on "${post.title}"`, `${LABEL} posted "${post.title}"`]),
    );
    expect((await bell(moderator)).map((n) => n.message)).toEqual(
      expect.arrayContaining([`${LABEL} mentioned you in "${post.title}"`, `${LABEL} accepted your reply as the answer to "${post.title}"`]),
    );
    expect((await bell(admin)).map((n) => [n.type, n.message])).toContainEqual(['followed_area', `${LABEL} posted "${post.title}"`]);
    // The mail outbox and the stored push texts are the notifications' own: none names the account.
    for (const mail of await t.outbox()) if (mail.subject.includes(post.title) || mail.text.includes(post.title)) expectNoAccount('mail', `${mail.subject} ${mail.text} ${mail.html}`);
    // The author still hears of replies to what they wrote.
    const told = (await call(t, 'GET', '/api/forum/notifications', { cookie: author.cookie })).json() as Array<{ type: string; postId: number }>;
    expect(told.filter((n) => n.postId === post.id).map((n) => n.type)).toEqual(expect.arrayContaining(['comment']));
    void db;
  });

  it('live frames: readers with the thread open, and their bells, get the label and never the account', async () => {
    const url = await listen(t);
    const post = await anonymousPost();
    const named = await createComment(t, reader.cookie, post.id, { content: 'Which depot?' });
    const s = await connect(url, reader.cookie);
    try {
      s.send({ type: 'subscribe_post', postId: post.id });
      await s.next('post_subscribed');
      const reply = await call(t, 'POST', `/api/forum/posts/${post.id}/comments`, { cookie: author.cookie, body: { content: 'Leeds, the one by the ring road.', parentId: named.id, anonymous: { area: true } } });
      expect(reply.statusCode, reply.body).toBe(201);
      await call(t, 'PUT', `/api/forum/posts/${post.id}/answer`, { cookie: author.cookie, body: { commentId: named.id } });
      await call(t, 'PATCH', `/api/forum/comments/${reply.json().id}`, { cookie: author.cookie, body: { content: 'Leeds, by the ring road.' } });
      const frame = await s.next('post_comment_new');
      expect(frame.comment).toMatchObject({ author: null, anonymousAs: 'A Kerbside member in LS', canEdit: false });
      await s.next('notification:new');
      s.send({ type: 'ping' });
      await s.next('pong');
      const all = JSON.stringify(s.frames);
      expectNoAccount('live frames', all);
      expect(all).toContain('A Kerbside member in LS');
    } finally {
      await s.close();
    }
  });

  it('the review queue holds an anonymous write without the account, and publishes it under its label', async () => {
    const word = await call(t, 'POST', '/api/admin/watched-words', { cookie: admin.cookie, body: { phrase: 'manager name', action: 'require_approval' } });
    expect(word.statusCode, word.body).toBe(201);
    const held = await write(author, { content: 'I will give the manager name to anyone who asks, it is a scandal.', anonymous: { network: true, area: true } });
    expect(held.statusCode, held.body).toBe(202);
    expect(held.json().heldItem).toMatchObject({ anonymousAs: LABEL });
    const queue = await call(t, 'GET', '/api/admin/review', { cookie: moderator.cookie });
    expectNoAccount('review queue', queue.body);
    const item = queue.json().items.find((i: { id: number }) => i.id === held.json().heldItem.id);
    expect(item).toMatchObject({ author: null, anonymousAs: LABEL });
    const approved = await call(t, 'POST', `/api/admin/review/${item.id}/approve`, { cookie: moderator.cookie });
    expect(approved.statusCode, approved.body).toBe(200);
    expectNoAccount('approval', approved.body);
    const [row] = await t.database.db.select().from(heldItems).where(eq(heldItems.id, item.id));
    const [published] = await t.database.db.select({ anonymousAs: posts.anonymousAs, authorId: posts.authorId }).from(posts).where(eq(posts.id, row.publishedId!));
    expect(published).toEqual({ anonymousAs: LABEL, authorId: author.id });
    expectNoAccount('audit of the approval', JSON.stringify((await lastAudit(t.database.db))!.details));
    await call(t, 'DELETE', `/api/admin/watched-words/${word.json().id}`, { cookie: admin.cookie });
  });

  it('blocking the anonymous author blocks the account without naming it; nothing a block by name does reveals it', async () => {
    const blocker = await member(t);
    const post = await anonymousPost();
    expect((await call(t, 'POST', '/api/blocks/anonymous', { cookie: blocker.cookie, body: { postId: post.id } })).statusCode).toBe(201);
    const again = await call(t, 'POST', '/api/blocks/anonymous', { cookie: blocker.cookie, body: { postId: post.id } });
    expect(again.json()).toMatchObject({ name: ANONYMOUS_BLOCK_NAME, anonymousAs: LABEL, postId: post.id, commentId: null });
    const list = await call(t, 'GET', '/api/blocks/anonymous', { cookie: blocker.cookie });
    expect(list.json()).toHaveLength(1);
    expectNoAccount('anonymous block list', list.body);
    expectNoAccount('block list', (await call(t, 'GET', '/api/blocks', { cookie: blocker.cookie })).body);
    // The account no longer reaches them: a reply to their comment, a mention.
    const theirs = await createPost(t, blocker.cookie, open.id);
    const before = ((await call(t, 'GET', '/api/forum/notifications', { cookie: blocker.cookie })).json() as unknown[]).length;
    await createComment(t, author.cookie, theirs.id, { content: `Named this time, @${blocker.username}.` });
    expect(((await call(t, 'GET', '/api/forum/notifications', { cookie: blocker.cookie })).json() as unknown[]).length).toBe(before);
    // The author cannot message them; they can still message the author (a refusal would name who it was).
    expect((await call(t, 'POST', '/api/chat/start', { cookie: author.cookie, body: { recipientId: blocker.id } })).statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/chat/start', { cookie: blocker.cookie, body: { recipientId: author.id } })).statusCode).toBe(200);
    // Blocking the author by name changes nothing of the anonymous block (no row merges, no row goes).
    await call(t, 'POST', '/api/blocks', { cookie: blocker.cookie, body: { userId: author.id } });
    expect((await call(t, 'GET', '/api/blocks/anonymous', { cookie: blocker.cookie })).json()).toEqual(list.json());
    await call(t, 'DELETE', `/api/blocks/${author.id}`, { cookie: blocker.cookie });
    // Bad input, someone's own, named content and a missing post: clear answers, nothing stored.
    expect((await call(t, 'POST', '/api/blocks/anonymous', { cookie: blocker.cookie, body: {} })).statusCode).toBe(400);
    expect((await call(t, 'POST', '/api/blocks/anonymous', { cookie: blocker.cookie, body: { postId: post.id, commentId: 1 } })).statusCode).toBe(400);
    expect((await call(t, 'POST', '/api/blocks/anonymous', { cookie: author.cookie, body: { postId: post.id } })).json()).toMatchObject({ message: BLOCK_MSG.self });
    const named = await call(t, 'POST', '/api/blocks/anonymous', { cookie: blocker.cookie, body: { postId: theirs.id } });
    expect(named.statusCode).toBe(404);
    expect(named.json()).toMatchObject({ message: BLOCK_MSG.contentNotFound });
    expect((await call(t, 'POST', '/api/blocks/anonymous', { body: { postId: post.id } })).statusCode).toBe(401);
    // Lifted: gone from the list; another member's id changes nothing.
    const id = list.json()[0].id;
    expect((await call(t, 'DELETE', `/api/blocks/anonymous/${id}`, { cookie: reader.cookie })).statusCode).toBe(204);
    expect((await call(t, 'GET', '/api/blocks/anonymous', { cookie: blocker.cookie })).json()).toHaveLength(1);
    expect((await call(t, 'DELETE', `/api/blocks/anonymous/${id}`, { cookie: blocker.cookie })).statusCode).toBe(204);
    expect((await call(t, 'GET', '/api/blocks/anonymous', { cookie: blocker.cookie })).json()).toEqual([]);
  });

  it('only an admin reveals the author, only with a reason; the audit log shows it to every admin', async () => {
    const post = await anonymousPost();
    const reply = (await call(t, 'POST', `/api/forum/posts/${post.id}/comments`, { cookie: author.cookie, body: { content: 'And the gate is shut till 7.', anonymous: {} } })).json();
    const reveal = (who: Member | null, body: object, url = `/api/admin/posts/${post.id}/reveal`) => call(t, 'POST', url, { cookie: who?.cookie, body });
    const reason = 'Threats against a named depot manager: the police asked us.';
    expect((await reveal(null, { reason })).statusCode).toBe(401);
    expect((await reveal(reader, { reason })).statusCode).toBe(403);
    expect((await reveal(moderator, { reason })).statusCode).toBe(403);
    const short = await reveal(admin, { reason: 'because' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: ANONYMOUS_MSG.revealReason });
    const named = await createPost(t, reader.cookie, open.id);
    expect((await reveal(admin, { reason }, `/api/admin/posts/${named.id}/reveal`)).json()).toMatchObject({ message: ANONYMOUS_MSG.notAnonymous });
    expect((await reveal(admin, { reason }, '/api/admin/posts/99999999/reveal')).statusCode).toBe(404);
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'post.reveal_author'))).length).toBe(0);

    const res = await reveal(admin, { reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ author: { id: author.id, username: author.username } });
    const audit = await lastAudit(t.database.db);
    expect(audit).toMatchObject({ action: 'post.reveal_author', actorId: admin.id, targetType: 'post', targetId: String(post.id), details: { reason, anonymousAs: LABEL } });
    const other = await member(t, 'admin');
    const log = await call(t, 'GET', '/api/admin/audit-log', { cookie: other.cookie });
    expect(log.body).toContain(reason);
    const comment = await reveal(admin, { reason }, `/api/admin/comments/${reply.id}/reveal`);
    expect(comment.json()).toEqual({ author: { id: author.id, username: author.username } });
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'comment.reveal_author', targetType: 'comment' });
  });
});
