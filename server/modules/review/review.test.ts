import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPostDetail } from '../../../common/contracts/forum.ts';
import { ZAdminHeldList, ZReviewDecision } from '../../../common/contracts/review.ts';
import { CENSOR_MARK, REPEATED_OWN_MSG, REVIEW_MSG, REVIEW_NOTICE, WATCHED_MSG } from '../../../common/rules/review.ts';
import { ROLE_MSG } from '../../../common/rules/roles.ts';
import { TRUST_MSG } from '../../../common/rules/trust.ts';
import { categories, comments, heldItems, messages, notifications, posts, reports, uploads, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { newUser, post as postAs, unique } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createPost } from '../../test/forum.ts';
import { call, lastAudit, member, type Member } from '../../test/members.ts';
import { insertUpload, photoMarkdown } from '../../test/photos.ts';
import { connect, listen, type TestSocket } from '../../test/sockets.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

// The review queue and watched words (issue 28, items 3 and 4; docs/API.md "Review queue and watched
// words"): what a held post or comment is to its author, to everyone else, and to the moderators;
// and what each watched word's action does to every text it is applied to.
describe.each(testDatabases)('the review queue and watched words (%s)', (kind) => {
  let t: TestApp;
  let url: string;
  let admin: Member, moderator: Member, regular: Member, other: Member;
  let cat: { id: number; slug: string };
  const open: TestSocket[] = [];

  const as = (m: Member | null, method: Method, path: string, body?: object) => call(t, method, path, { cookie: m?.cookie, body });
  const newcomer = () => member(t, 'newcomer');
  const linkPost = (marker: string) => ({ title: `Cheap van insurance ${marker}`, content: `Look here ${marker}: https://spam.example/deal`, categoryId: cat.id });
  const notificationsOf = (userId: number) => t.database.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id));
  const openReports = (type: 'post' | 'comment' | 'message' | 'user', id: number) =>
    t.database.db
      .select()
      .from(reports)
      .where(and(eq(reports.targetType, type), eq(reports.targetId, id), isNull(reports.reporterId)));
  const watch = async (phrase: string, action: 'block' | 'require_approval' | 'flag' | 'censor') => {
    const res = await as(admin, 'POST', '/api/admin/watched-words', { phrase, action });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };
  /** A socket of `m` following post `postId`. */
  const follow = async (m: Member, postId: number) => {
    const s = await connect(url, m.cookie);
    open.push(s);
    s.send({ type: 'subscribe_post', postId });
    await s.next('post_subscribed');
    return s;
  };
  /** Every frame the socket has had, once frames sent before now have surely arrived. */
  const settled = async (s: TestSocket) => {
    s.send({ type: 'ping' });
    await s.next('pong');
    return s.frames.filter((f) => f.type !== 'pong' && f.type !== 'post_subscribed');
  };
  const startChat = async (from: Member, to: Member) => {
    const res = await as(from, 'POST', '/api/chat/start', { recipientId: to.id });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { conversationId: number }).conversationId;
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    url = await listen(t);
    [admin, moderator, regular, other] = [await member(t, 'admin'), await member(t), await member(t), await member(t)];
    await t.database.db.update(users).set({ isModerator: true }).where(eq(users.id, moderator.id));
    cat = await addCategory(t.database.db, 'Review');
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await t.close();
  });

  it("a new member's first post with a link is held (202): nobody else sees it in lists, search, profile, sitemap, counts or notifications", async () => {
    const author = await newcomer();
    const follower = await member(t);
    expect((await as(follower, 'PUT', `/api/forum/categories/${cat.id}/follow`)).statusCode).toBe(200);
    const marker = unique('held');
    const body = { ...linkPost(marker), clientId: `client-${marker}` };

    const res = await as(author, 'POST', '/api/forum/posts', body);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      held: true,
      message: TRUST_MSG.heldNotice,
      heldItem: { kind: 'post', status: 'pending', title: body.title, content: body.content, category: { id: cat.id }, post: null },
    });
    const heldId = res.json().heldItem.id;
    // An offline resend is the same held item, not a second one.
    const again = await as(author, 'POST', '/api/forum/posts', body);
    expect(again.statusCode).toBe(202);
    expect(again.json().heldItem.id).toBe(heldId);
    expect(await t.database.db.select().from(heldItems).where(eq(heldItems.authorId, author.id))).toHaveLength(1);

    for (const who of [null, other, author]) {
      const list = (await as(who, 'GET', `/api/forum/posts?category=${cat.slug}&limit=50`)).json();
      expect(JSON.stringify(list)).not.toContain(marker);
      const search = (await as(who, 'GET', `/api/forum/search?q=${marker}`)).json();
      expect(search.posts ?? search.results ?? []).toEqual([]);
    }
    expect((await as(other, 'GET', `/api/users/${author.username}/posts`)).body).not.toContain(marker);
    expect((await t.app.inject({ url: '/sitemaps/posts-1.xml' })).body).not.toContain(marker.toLowerCase());
    expect((await t.database.db.select().from(posts).where(eq(posts.authorId, author.id))).length).toBe(0);
    expect((await t.database.db.select().from(categories).where(eq(categories.id, cat.id)))[0].postCount).toBe(0);
    expect(await notificationsOf(follower.id)).toEqual([]);

    // Its author, and nobody else, has it as awaiting approval.
    const mine = (await as(author, 'GET', '/api/forum/held')).json();
    expect(mine.items.map((i: { id: number }) => i.id)).toEqual([heldId]);
    expect((await as(other, 'GET', '/api/forum/held')).json()).toEqual({ items: [] });
    expect((await as(null, 'GET', '/api/forum/held')).statusCode).toBe(401);
  });

  it('a held comment (202) shows in the thread to its author alone, marked; counts, notifications and live threads hear nothing', async () => {
    const p = await createPost(t, regular.cookie, cat.id, { title: `Depot parking ${unique('p')}` });
    const reader = await follow(other, p.id);
    const author = await newcomer();
    const content = `Try this https://spam.example/${unique('c')}`;

    const res = await as(author, 'POST', `/api/forum/posts/${p.id}/comments`, { content });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ held: true, heldItem: { kind: 'comment', content, post: { id: p.id, slug: p.slug }, parentId: null } });

    expect(await settled(reader)).toEqual([]);
    for (const who of [null, other, regular]) {
      const page = ZPostDetail.parse((await as(who, 'GET', `/api/forum/posts/${p.slug}`)).json());
      expect(page.comments).toEqual([]);
      expect(page.commentCount).toBe(0);
      expect(page.heldComments).toBeUndefined();
      expect((await as(who, 'GET', `/api/forum/posts/${p.id}/comments`)).json().comments).toEqual([]);
    }
    expect(await notificationsOf(regular.id)).toEqual([]);
    const own = ZPostDetail.parse((await as(author, 'GET', `/api/forum/posts/${p.slug}`)).json());
    expect(own.comments).toEqual([]);
    expect(own.heldComments).toMatchObject([{ id: res.json().heldItem.id, status: 'pending', content }]);
  });

  it('approving publishes through the forum (followers and the post author told then), tells the author; audited; once only', async () => {
    const follower = await member(t);
    await as(follower, 'PUT', `/api/forum/categories/${cat.id}/follow`);
    const author = await newcomer();
    const marker = unique('ok');
    const clientId = `client-${marker}`;
    const held = (await as(author, 'POST', '/api/forum/posts', { ...linkPost(marker), clientId })).json().heldItem;

    expect((await as(other, 'GET', '/api/admin/review')).statusCode).toBe(403);
    const queue = ZAdminHeldList.parse((await as(moderator, 'GET', '/api/admin/review')).json());
    expect(queue.items.find((i) => i.id === held.id)).toMatchObject({ reason: 'link', matched: null, author: { id: author.id, username: author.username, trustLevel: 0 } });
    expect(queue.pendingCount).toBeGreaterThanOrEqual(1);

    const res = await as(moderator, 'POST', `/api/admin/review/${held.id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    const decision = ZReviewDecision.parse(res.json());
    expect(decision).toMatchObject({ message: REVIEW_MSG.approved, item: { status: 'approved', decidedBy: { username: expect.any(String) } } });
    const [published] = await t.database.db.select().from(posts).where(eq(posts.authorId, author.id));
    expect(decision.item.href).toBe(`/forum/posts/${published.slug}`);
    expect(published).toMatchObject({ title: held.title, content: held.content, clientId });

    const list = (await as(null, 'GET', `/api/forum/posts?category=${cat.slug}&limit=50`)).json();
    expect(list.posts.map((x: { id: number }) => x.id)).toContain(published.id);
    expect((await notificationsOf(follower.id))[0]).toMatchObject({ type: 'followed_category', postId: published.id });
    expect((await notificationsOf(author.id))[0]).toMatchObject({
      type: 'review',
      postId: published.id,
      title: REVIEW_NOTICE.approvedTitle('post'),
      message: REVIEW_NOTICE.approvedMessage('post', held.title),
    });
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'review.approve', targetType: 'held_item', targetId: String(held.id), actorId: moderator.id });
    expect((await as(author, 'GET', '/api/forum/held')).json()).toEqual({ items: [] });

    // Decided once: approving or rejecting again is 409; the author's device resending it gets the post.
    const twice = await as(admin, 'POST', `/api/admin/review/${held.id}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(REVIEW_MSG.decided);
    expect((await as(admin, 'POST', `/api/admin/review/${held.id}/reject`, { reason: 'Too late' })).statusCode).toBe(409);
    const resend = await as(author, 'POST', '/api/forum/posts', { ...linkPost(marker), clientId });
    expect(resend.statusCode).toBe(201);
    expect(resend.json().id).toBe(published.id);
    expect((await as(moderator, 'POST', '/api/admin/review/999999999/approve')).statusCode).toBe(404);

    // A comment: the thread's readers see it arrive live, the post's author is told, now.
    const p = await createPost(t, regular.cookie, cat.id);
    const reader = await follow(other, p.id);
    const c = (await as(author, 'POST', `/api/forum/posts/${p.id}/comments`, { content: 'https://spam.example/two' })).json();
    // The author has published one item: the setting's 2 first items are not done yet.
    expect(c.held).toBe(true);
    expect((await as(admin, 'POST', `/api/admin/review/${c.heldItem.id}/approve`)).statusCode).toBe(200);
    const frame = await reader.next('post_comment_new');
    expect(frame.comment).toMatchObject({ content: 'https://spam.example/two', author: { username: author.username } });
    expect((await notificationsOf(regular.id))[0]).toMatchObject({ type: 'comment', postId: p.id });
    expect((await notificationsOf(author.id))[0]).toMatchObject({ type: 'review', postId: p.id, commentId: frame.comment.id, title: REVIEW_NOTICE.approvedTitle('comment') });
    const page = ZPostDetail.parse((await as(null, 'GET', `/api/forum/posts/${p.slug}`)).json());
    expect(page.commentCount).toBe(1);
  });

  it('rejecting needs a reason, tells the author it, is audited and publishes nothing', async () => {
    const author = await newcomer();
    const held = (await as(author, 'POST', '/api/forum/posts', linkPost(unique('no')))).json().heldItem;
    const short = await as(moderator, 'POST', `/api/admin/review/${held.id}/reject`, { reason: 'x' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(REVIEW_MSG.rejectReasonMin);

    const res = await as(moderator, 'POST', `/api/admin/review/${held.id}/reject`, { reason: 'Adverts are not allowed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: REVIEW_MSG.rejected, item: { status: 'rejected', rejectReason: 'Adverts are not allowed', href: null } });
    expect(await t.database.db.select().from(posts).where(eq(posts.authorId, author.id))).toEqual([]);
    expect((await notificationsOf(author.id))[0]).toMatchObject({
      type: 'review',
      postId: null,
      title: REVIEW_NOTICE.rejectedTitle('post'),
      message: REVIEW_NOTICE.rejectedMessage('post', held.title, 'Adverts are not allowed'),
    });
    expect(REVIEW_NOTICE.rejectedMessage('post', 'T', 'Adverts are not allowed')).toBe('“T” was not published. Reason: Adverts are not allowed.');
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'review.reject', targetId: String(held.id), details: { reason: 'Adverts are not allowed' } });
    const rejected = (await as(moderator, 'GET', '/api/admin/review?status=rejected')).json();
    expect(rejected.items.map((i: { id: number }) => i.id)).toContain(held.id);
    expect((await as(author, 'GET', '/api/forum/held')).json()).toEqual({ items: [] });
  });

  it("a held item's photos are kept from the unused-upload sweep while it waits; rejected, they are unused again", async () => {
    const author = await newcomer();
    const photo = await insertUpload(t.database.db, author.id);
    const usedAt = async () => (await t.database.db.select({ usedAt: uploads.usedAt }).from(uploads).where(eq(uploads.id, photo)))[0].usedAt;
    const content = `${photoMarkdown([photo], 'My van today')}\n\nMore at https://vans.example/mine`;
    const held = (await as(author, 'POST', '/api/forum/posts', { title: 'My van today, any good?', content, categoryId: cat.id })).json().heldItem;
    expect(held).toMatchObject({ kind: 'post', status: 'pending' });
    expect(await usedAt()).not.toBeNull();
    expect((await as(moderator, 'POST', `/api/admin/review/${held.id}/reject`, { reason: 'Links to a sales site' })).statusCode).toBe(200);
    expect(await usedAt()).toBeNull();
  });

  it("who is held: not a level ≥ 1 member's link, not a newcomer past their first items; 'all' holds every first item; never a moderator", async () => {
    const basic = await member(t);
    await t.database.db.update(users).set({ trustLevel: 1 }).where(eq(users.id, basic.id));
    expect((await as(basic, 'POST', '/api/forum/posts', linkPost(unique('l1')))).statusCode).toBe(201);

    const author = await newcomer();
    const p = await createPost(t, regular.cookie, cat.id);
    for (const content of ['Same here, every week.', 'And the week before.']) {
      expect((await as(author, 'POST', `/api/forum/posts/${p.id}/comments`, { content })).statusCode).toBe(201);
    }
    // Two items published: the third may carry a link (within the new member's link limit).
    expect((await as(author, 'POST', `/api/forum/posts/${p.id}/comments`, { content: 'Map: https://maps.example/depot' })).statusCode).toBe(201);

    // The setting: admins only, audited.
    expect((await as(moderator, 'GET', '/api/admin/review-settings')).statusCode).toBe(403);
    expect((await as(moderator, 'PUT', '/api/admin/review-settings', { mode: 'all', firstItems: 1 })).json().message).toBe(ROLE_MSG.adminsOnly);
    expect((await as(admin, 'GET', '/api/admin/review-settings')).json()).toEqual({ mode: 'risky', firstItems: 2 });
    expect((await as(admin, 'PUT', '/api/admin/review-settings', { mode: 'all', firstItems: 99 })).statusCode).toBe(400);
    const saved = await as(admin, 'PUT', '/api/admin/review-settings', { mode: 'all', firstItems: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'review.settings', details: { before: { mode: 'risky', firstItems: 2 }, after: { mode: 'all', firstItems: 1 } } });
    try {
      const fresh = await newcomer();
      const plain = await as(fresh, 'POST', `/api/forum/posts/${p.id}/comments`, { content: 'Hello all, new here.' });
      expect(plain.statusCode).toBe(202);
      expect(plain.json().heldItem).toMatchObject({ kind: 'comment' });
      const queue = (await as(moderator, 'GET', '/api/admin/review')).json();
      expect(queue.items.find((i: { id: number }) => i.id === plain.json().heldItem.id).reason).toBe('all');
      // A moderator at level 0 is never held.
      const mod = await newcomer();
      await t.database.db.update(users).set({ isModerator: true }).where(eq(users.id, mod.id));
      expect((await as(mod, 'POST', '/api/forum/posts', linkPost(unique('mod')))).statusCode).toBe(201);
    } finally {
      await as(admin, 'PUT', '/api/admin/review-settings', { mode: 'risky', firstItems: 2 });
    }
  });

  it('watched words: admins only (moderators too are refused), audited, no wildcard-only phrase, no duplicate, removable', async () => {
    const phrase = unique('ww');
    for (const who of [null, other, moderator]) {
      expect((await as(who, 'POST', '/api/admin/watched-words', { phrase, action: 'block' })).statusCode).toBe(who ? 403 : 401);
      expect((await as(who, 'GET', '/api/admin/watched-words')).statusCode).toBe(who ? 403 : 401);
    }
    const created = await as(admin, 'POST', '/api/admin/watched-words', { phrase: `  ${phrase}   deal ` , action: 'flag' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ phrase: `${phrase} deal`, action: 'flag', createdBy: { username: expect.any(String) } });
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'watched_word.create', targetType: 'watched_word', details: { phrase: `${phrase} deal`, action: 'flag' } });
    const dup = await as(admin, 'POST', '/api/admin/watched-words', { phrase: `${phrase.toUpperCase()} DEAL`, action: 'block' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(WATCHED_MSG.duplicate);
    const stars = await as(admin, 'POST', '/api/admin/watched-words', { phrase: '** *', action: 'block' });
    expect(stars.statusCode).toBe(400);
    expect(stars.json().message).toBe(WATCHED_MSG.phraseLetters);
    expect((await as(admin, 'POST', '/api/admin/watched-words', { phrase: 'x', action: 'ban' })).json().message).toBe(WATCHED_MSG.actionInvalid);
    const list = (await as(admin, 'GET', '/api/admin/watched-words')).json();
    expect(list.words.map((w: { phrase: string }) => w.phrase)).toContain(`${phrase} deal`);

    const id = created.json().id;
    expect((await as(admin, 'DELETE', `/api/admin/watched-words/${id}`)).json()).toEqual({ message: WATCHED_MSG.removed });
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'watched_word.delete', targetId: String(id) });
    expect((await as(admin, 'DELETE', `/api/admin/watched-words/${id}`)).statusCode).toBe(404);
  });

  it('block: posts (title and text, new and edited), comments, chat messages, status lines and usernames are refused with the word as written', async () => {
    const word = unique('bk');
    await watch(word, 'block');
    const written = word.replace(/o/g, '0').toUpperCase(); // l33t and capitals: the same word
    const refused = (res: Awaited<ReturnType<typeof as>>, field: Parameters<typeof WATCHED_MSG.blocked>[0], key: string) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: WATCHED_MSG.blocked(field, written), errors: { [key]: WATCHED_MSG.blocked(field, written) } });
    };
    refused(await as(regular, 'POST', '/api/forum/posts', { title: `About ${written} today`, content: 'Plain words here.', categoryId: cat.id }), 'title', 'title');
    refused(await as(regular, 'POST', '/api/forum/posts', { title: 'A plain title here', content: `Plain ${written}.`, categoryId: cat.id }), 'post', 'content');
    const p = await createPost(t, regular.cookie, cat.id);
    refused(await as(regular, 'PATCH', `/api/forum/posts/${p.id}`, { content: `Now with ${written}` }), 'post', 'content');
    refused(await as(other, 'POST', `/api/forum/posts/${p.id}/comments`, { content: `${written}!` }), 'comment', 'content');
    const c = (await as(other, 'POST', `/api/forum/posts/${p.id}/comments`, { content: 'Fine words' })).json();
    refused(await as(other, 'PATCH', `/api/forum/comments/${c.id}`, { content: `edited ${written}` }), 'comment', 'content');
    const conversationId = await startChat(other, regular);
    refused(await as(other, 'POST', `/api/inbox/conversations/${conversationId}/messages`, { text: `hey ${written}` }), 'message', 'text');
    refused(await as(other, 'PATCH', '/api/profile', { statusText: `Driving ${written}` }), 'status', 'statusText');
    const name = `x_${written}`.slice(0, 30);
    const reg = await postAs(t, '/api/auth/register', newUser({ username: name }));
    expect(reg.statusCode, reg.body).toBe(400);
    expect(reg.json().message).toBe(WATCHED_MSG.blocked('username', written));
    expect(await t.database.db.select().from(users).where(eq(users.username, name))).toEqual([]);
    expect(await t.database.db.select().from(messages).where(eq(messages.conversationId, conversationId))).toEqual([]);
  });

  it('censor: the stored text of posts, comments, messages and status lines says ■■■; a username with it is refused', async () => {
    const word = unique('cn');
    await watch(`${word}*`, 'censor');
    const p = (await as(regular, 'POST', '/api/forum/posts', { title: `The ${word}s again`, content: `What a ${word}!`, categoryId: cat.id })).json();
    expect(p).toMatchObject({ title: `The ${CENSOR_MARK} again`, content: `What a ${CENSOR_MARK}!` });
    expect(p.contentHtml).toContain(CENSOR_MARK);
    const c = (await as(other, 'POST', `/api/forum/posts/${p.id}/comments`, { content: `${word}ing hell` })).json();
    expect(c.content).toBe(`${CENSOR_MARK} hell`);
    const edited = (await as(other, 'PATCH', `/api/forum/comments/${c.id}`, { content: `still ${word}` })).json();
    expect(edited.content).toBe(`still ${CENSOR_MARK}`);
    const conversationId = await startChat(other, regular);
    const m = await as(other, 'POST', `/api/inbox/conversations/${conversationId}/messages`, { text: `you ${word}` });
    expect(m.statusCode, m.body).toBe(201);
    expect(m.json().content).toBe(`you ${CENSOR_MARK}`);
    expect((await as(other, 'PATCH', '/api/profile', { statusText: `Mostly ${word}` })).json().statusText).toBe(`Mostly ${CENSOR_MARK}`);
    expect((await as(other, 'POST', '/api/onboarding', { statusText: `Onboard ${word}` })).json().statusText).toBe(`Onboard ${CENSOR_MARK}`);
    const reg = await postAs(t, '/api/auth/register', newUser({ username: `a_${word}`.slice(0, 30) }));
    expect(reg.statusCode).toBe(400);
    expect(reg.json().message).toBe(WATCHED_MSG.blocked('username', word));
  });

  it('flag: posts, comments, messages, status lines and usernames are published, and the system reports each for the moderators', async () => {
    const word = unique('fl');
    await watch(word, 'flag');
    const reason = WATCHED_MSG.flagReason(word);
    const p = await as(regular, 'POST', '/api/forum/posts', { title: 'A flagged post here', content: `It says ${word}.`, categoryId: cat.id });
    expect(p.statusCode).toBe(201);
    expect(await openReports('post', p.json().id)).toMatchObject([{ reason, status: 'open' }]);
    const c = await as(other, 'POST', `/api/forum/posts/${p.json().id}/comments`, { content: `${word} too` });
    expect(c.statusCode).toBe(201);
    expect(await openReports('comment', c.json().id)).toMatchObject([{ reason }]);
    const conversationId = await startChat(other, regular);
    const m = await as(other, 'POST', `/api/inbox/conversations/${conversationId}/messages`, { text: `a ${word}` });
    expect(m.statusCode).toBe(201);
    expect(await openReports('message', m.json().id)).toMatchObject([{ reason }]);
    expect((await as(other, 'PATCH', '/api/profile', { statusText: `Status ${word}` })).statusCode).toBe(200);
    expect(await openReports('user', other.id)).toMatchObject([{ reason }]);
    const name = `n_${word}`.slice(0, 30);
    expect((await postAs(t, '/api/auth/register', newUser({ username: name }))).statusCode).toBe(201);
    const [created] = await t.database.db.select().from(users).where(eq(users.username, name));
    expect(await openReports('user', created.id)).toMatchObject([{ reason }]);
    // The moderators' reports queue shows them, by no member.
    const queue = (await as(moderator, 'GET', '/api/admin/reports')).json();
    expect(queue.reports.find((r: { target: { type: string; id: number } }) => r.target.type === 'post' && r.target.id === p.json().id)).toMatchObject({ reason, reporter: null });
  });

  it("require approval: any member's post or comment is held (not a moderator's); a message or status with it is reported", async () => {
    const word = unique('ra');
    await watch(`${word} deal*`, 'require_approval');
    const p = await as(regular, 'POST', '/api/forum/posts', { title: 'A bargain for all', content: `Get the ${word} dealz now`, categoryId: cat.id });
    expect(p.statusCode, p.body).toBe(202);
    const queue = (await as(moderator, 'GET', '/api/admin/review')).json();
    expect(queue.items.find((i: { id: number }) => i.id === p.json().heldItem.id)).toMatchObject({ reason: 'watched_word', matched: `${word} deal*`, author: { trustLevel: 2 } });
    const mine = await createPost(t, regular.cookie, cat.id);
    expect((await as(other, 'POST', `/api/forum/posts/${mine.id}/comments`, { content: `${word} deal` })).statusCode).toBe(202);
    expect((await as(moderator, 'POST', `/api/forum/posts/${mine.id}/comments`, { content: `${word} deal` })).statusCode).toBe(201);
    const conversationId = await startChat(other, regular);
    const m = await as(other, 'POST', `/api/inbox/conversations/${conversationId}/messages`, { text: `${word} deals` });
    expect(m.statusCode).toBe(201);
    expect(await openReports('message', m.json().id)).toHaveLength(1);
    // An edit cannot be held: it is reported.
    expect((await as(regular, 'PATCH', `/api/forum/posts/${mine.id}`, { content: `Edited: ${word} deal` })).statusCode).toBe(200);
    expect(await openReports('post', mine.id)).toHaveLength(1);
  });

  it('a new word applies to the next write at once; a removed one stops applying', async () => {
    const word = unique('nx');
    const p = await createPost(t, regular.cookie, cat.id);
    expect((await as(other, 'POST', `/api/forum/posts/${p.id}/comments`, { content: word })).statusCode).toBe(201);
    const w = await watch(word, 'block');
    expect((await as(other, 'POST', `/api/forum/posts/${p.id}/comments`, { content: word })).statusCode).toBe(400);
    await as(admin, 'DELETE', `/api/admin/watched-words/${w.id}`);
    expect((await as(other, 'POST', `/api/forum/posts/${p.id}/comments`, { content: word })).statusCode).toBe(201);
    expect((await t.database.db.select().from(comments).where(eq(comments.postId, p.id))).length).toBe(2);
  });
  it('a spam wave repeating itself: a new member sending what another account sent today is held, the same member sending it again is refused', async () => {
    const spam = `Work from the van and earn big money, message me for the details ${unique('wave')}`;
    const [first, second, third] = [await newcomer(), await newcomer(), await newcomer()];
    const before = await t.database.db.$count(posts);
    // No link, no watched word: the first account's post is published (nothing yet says it is spam).
    const a = await as(first, 'POST', '/api/forum/posts', { title: 'Opportunity', content: spam, categoryId: cat.id });
    expect(a.statusCode, a.body).toBe(201);
    // The same text from another new account waits for a moderator; a post, or a comment.
    const b = await as(second, 'POST', '/api/forum/posts', { title: 'Opportunity again', content: spam.toUpperCase(), categoryId: cat.id });
    expect(b.statusCode, b.body).toBe(202);
    const [held] = await t.database.db.select().from(heldItems).where(eq(heldItems.id, b.json().heldItem.id));
    expect(held.reason).toBe('repeated');
    const c = await as(third, 'POST', `/api/forum/posts/${a.json().id}/comments`, { content: spam });
    expect(c.statusCode, c.body).toBe(202);
    // An account sending it again (here or held) is refused outright, and nothing is stored.
    expect((await as(second, 'POST', `/api/forum/posts/${a.json().id}/comments`, { content: spam })).statusCode).toBe(409);
    const again = await as(first, 'POST', `/api/forum/posts/${a.json().id}/comments`, { content: spam });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REPEATED_OWN_MSG);
    expect(await t.database.db.$count(posts)).toBe(before + 1);
    // An established member saying the same is a member agreeing: published.
    expect((await as(regular, 'POST', `/api/forum/posts/${a.json().id}/comments`, { content: spam })).statusCode).toBe(201);
  });
});
