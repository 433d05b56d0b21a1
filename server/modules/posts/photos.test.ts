import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZComment, ZPostDetail } from '../../../common/contracts/forum.ts';
import { UPLOAD_LIMITS, UPLOAD_MSG } from '../../../common/rules/uploads.ts';
import { comments, posts, uploads, uploadUses } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createComment, createPost, postBody } from '../../test/forum.ts';
import { call, member, type Member } from '../../test/members.ts';
import { insertUpload, photoMarkdown } from '../../test/photos.ts';
import { createUploadService } from '../uploads/index.ts';

describe.each(testDatabases)('photos in posts and comments on %s', (kind) => {
  let t: TestApp;
  let cat: { id: number };
  let author: Member;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    cat = await addCategory(t.database.db, 'Photos');
    author = await member(t);
  });
  afterAll(() => t.close());

  const usesOf = async (type: 'post' | 'comment', id: number) =>
    (
      await t.database.db
        .select({ uploadId: uploadUses.uploadId })
        .from(uploadUses)
        .where(and(eq(uploadUses.targetType, type), eq(uploadUses.targetId, id)))
    )
      .map((u) => u.uploadId)
      .sort();
  const imgs = (html: string) => [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);

  it("a post showing an upload renders an <img> of its files (srcset, sizes, width, height, lazy); a foreign image stays a link; the use is recorded", async () => {
    const id = await insertUpload(t.database.db, author.id);
    const content = `${photoMarkdown([id])}\n\n![pixel](https://evil.example/p.gif)`;
    const created = ZPostDetail.parse(await createPost(t, author.cookie, cat.id, { content }));
    const [img, ...more] = imgs(created.contentHtml);
    expect(more).toEqual([]);
    expect(img).toBe(
      `<img src="/uploads/${id}/full.jpg" srcset="/uploads/${id}/w320.webp 320w, /uploads/${id}/w640.webp 640w, /uploads/${id}/w1280.webp 1280w, /uploads/${id}/full.webp 1600w" ` +
        'sizes="(max-width: 768px) 100vw, 768px" width="1600" height="1200" alt="Photo 1" loading="lazy" decoding="async" />',
    );
    expect(created.contentHtml).toContain('<a href="https://evil.example/p.gif" rel="nofollow ugc noopener" target="_blank">pixel</a>');
    expect(await usesOf('post', created.id)).toEqual([id]);
    const [row] = await t.database.db.select({ usedAt: uploads.usedAt }).from(uploads).where(eq(uploads.id, id));
    expect(row!.usedAt).not.toBeNull();
  });

  it('an unknown or removed upload shows no <img> and records no use', async () => {
    const removed = await insertUpload(t.database.db, author.id, { removed: true });
    const content = photoMarkdown([removed, 'qqqqqqqqqqqqqqqqqqqq']);
    const created = ZPostDetail.parse(await createPost(t, author.cookie, cat.id, { content }));
    expect(imgs(created.contentHtml)).toEqual([]);
    expect(await usesOf('post', created.id)).toEqual([]);
  });

  it(`more than ${UPLOAD_LIMITS.perContent} photos is a 400 on content, and nothing is stored`, async () => {
    const ids = await Promise.all(Array.from({ length: UPLOAD_LIMITS.perContent + 1 }, () => insertUpload(t.database.db, author.id)));
    const before = await t.database.db.select({ id: posts.id }).from(posts);
    const res = await call(t, 'POST', '/api/forum/posts', { cookie: author.cookie, body: postBody(cat.id, { content: photoMarkdown(ids) }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: UPLOAD_MSG.tooManyInContent, errors: { content: UPLOAD_MSG.tooManyInContent } });
    expect(await t.database.db.select({ id: posts.id }).from(posts)).toHaveLength(before.length);
    // The same photo twice counts once: exactly the limit is fine.
    const atLimit = photoMarkdown([...ids.slice(0, UPLOAD_LIMITS.perContent), ids[0]!]);
    const ok = ZPostDetail.parse(await createPost(t, author.cookie, cat.id, { content: atLimit }));
    expect(imgs(ok.contentHtml)).toHaveLength(UPLOAD_LIMITS.perContent + 1);
    expect(await usesOf('post', ok.id)).toHaveLength(UPLOAD_LIMITS.perContent);
  });

  it("editing a post replaces its recorded photos; editing the title alone keeps them", async () => {
    const [a, b] = [await insertUpload(t.database.db, author.id), await insertUpload(t.database.db, author.id)];
    const created = await createPost(t, author.cookie, cat.id, { content: photoMarkdown([a]) });
    const edit = (body: object) => call(t, 'PATCH', `/api/forum/posts/${created.id}`, { cookie: author.cookie, body });
    let res = await edit({ content: photoMarkdown([b]) });
    expect(res.statusCode, res.body).toBe(200);
    expect(imgs(ZPostDetail.parse(res.json()).contentHtml)[0]).toContain(`/uploads/${b}/full.jpg`);
    expect(await usesOf('post', created.id)).toEqual([b]);
    res = await edit({ title: 'A new title for the photo post' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await usesOf('post', created.id)).toEqual([b]);
    res = await edit({ content: 'No photos any more, sorry.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await usesOf('post', created.id)).toEqual([]);
    const tooMany = await Promise.all(Array.from({ length: UPLOAD_LIMITS.perContent + 1 }, () => insertUpload(t.database.db, author.id)));
    res = await edit({ content: photoMarkdown(tooMany) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UPLOAD_MSG.tooManyInContent);
    const [stored] = await t.database.db.select({ content: posts.content }).from(posts).where(eq(posts.id, created.id));
    expect(stored!.content).toBe('No photos any more, sorry.');
  });

  // Issue 28: photos are their owner's. Another member's upload written into a body renders as a photo
  // that does not exist would, and is not marked used, so the 24 h clean-up still takes it.
  it("another member's upload in a post, a comment or an edit shows no <img>, records no use and is still swept after 24 hours", async () => {
    const owner = await member(t);
    const writer = await member(t);
    const theirs = await insertUpload(t.database.db, owner.id);
    const own = await insertUpload(t.database.db, writer.id);
    const absolute = `![Abs](${t.app.deps.config.appUrl}/uploads/${theirs}/full.webp)`;

    const post = ZPostDetail.parse(await createPost(t, writer.cookie, cat.id, { content: `${photoMarkdown([theirs, own])}\n\n${absolute}` }));
    expect(imgs(post.contentHtml)).toHaveLength(1);
    expect(imgs(post.contentHtml)[0]).toContain(`src="/uploads/${own}/full.jpg"`);
    expect(post.contentHtml).not.toContain(`src="/uploads/${theirs}/`);
    // As for a photo that does not exist: the relative image is its alt text, the absolute one a link.
    expect(post.contentHtml).toContain('Photo 1');
    expect(post.contentHtml).toContain(`<a href="${t.app.deps.config.appUrl}/uploads/${theirs}/full.webp" rel="nofollow ugc noopener" target="_blank">Abs</a>`);
    expect(await usesOf('post', post.id)).toEqual([own]);

    const comment = ZComment.parse(await createComment(t, writer.cookie, post.id, { content: photoMarkdown([theirs]) }));
    expect(imgs(comment.contentHtml)).toEqual([]);
    expect(await usesOf('comment', comment.id)).toEqual([]);

    const edited = await call(t, 'PATCH', `/api/forum/comments/${comment.id}`, { cookie: writer.cookie, body: { content: photoMarkdown([theirs], 'Edited') } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(imgs(ZComment.parse(edited.json()).contentHtml)).toEqual([]);
    expect(await usesOf('comment', comment.id)).toEqual([]);
    const editedPost = await call(t, 'PATCH', `/api/forum/posts/${post.id}`, { cookie: writer.cookie, body: { content: photoMarkdown([theirs]) } });
    expect(editedPost.statusCode, editedPost.body).toBe(200);
    expect(imgs(ZPostDetail.parse(editedPost.json()).contentHtml)).toEqual([]);
    expect(await usesOf('post', post.id)).toEqual([]);

    const [row] = await t.database.db.select({ usedAt: uploads.usedAt }).from(uploads).where(eq(uploads.id, theirs));
    expect(row!.usedAt).toBeNull();
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    await t.database.db.update(uploads).set({ createdAt: dayAgo }).where(eq(uploads.id, theirs));
    const service = createUploadService({ ...t.app.deps, db: t.database.db, clock: { now: () => new Date() }, log: t.app.log });
    await service.sweepUnused(new Date());
    expect(await t.database.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, theirs))).toEqual([]);
  });

  it("an admin's edit of a member's post or comment keeps the author's photos and shows none of the admin's", async () => {
    const admin = await member(t, 'admin');
    const writer = await member(t);
    const [first, second] = [await insertUpload(t.database.db, writer.id), await insertUpload(t.database.db, writer.id)];
    const adminsOwn = await insertUpload(t.database.db, admin.id);
    const post = await createPost(t, writer.cookie, cat.id, { content: photoMarkdown([first]) });
    const res = await call(t, 'PATCH', `/api/forum/posts/${post.id}`, { cookie: admin.cookie, body: { content: photoMarkdown([first, second, adminsOwn]) } });
    expect(res.statusCode, res.body).toBe(200);
    const html = ZPostDetail.parse(res.json()).contentHtml;
    expect(imgs(html).map((img) => /src="\/uploads\/([0-9a-z]+)\//.exec(img)![1])).toEqual([first, second]);
    expect(await usesOf('post', post.id)).toEqual([first, second].sort());

    const comment = ZComment.parse(await createComment(t, writer.cookie, post.id, { content: 'No photo yet' }));
    const c = await call(t, 'PATCH', `/api/forum/comments/${comment.id}`, { cookie: admin.cookie, body: { content: photoMarkdown([second, adminsOwn]) } });
    expect(c.statusCode, c.body).toBe(200);
    expect(imgs(ZComment.parse(c.json()).contentHtml)).toHaveLength(1);
    expect(imgs(ZComment.parse(c.json()).contentHtml)[0]).toContain(`src="/uploads/${second}/full.jpg"`);
    expect(await usesOf('comment', comment.id)).toEqual([second]);
    const [row] = await t.database.db.select({ usedAt: uploads.usedAt }).from(uploads).where(eq(uploads.id, adminsOwn));
    expect(row!.usedAt).toBeNull();
  });

  it("rendering again (an admin removes a photo) shows only the author's own photos, whatever the stored HTML had", async () => {
    const admin = await member(t, 'admin');
    const owner = await member(t);
    const writer = await member(t);
    const theirs = await insertUpload(t.database.db, owner.id);
    const [own, gone] = [await insertUpload(t.database.db, writer.id), await insertUpload(t.database.db, writer.id)];
    const post = await createPost(t, writer.cookie, cat.id, { content: photoMarkdown([theirs, own, gone]) });
    const res = await call(t, 'DELETE', `/api/admin/uploads/${gone}`, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = await t.database.db.select({ html: posts.contentHtml }).from(posts).where(eq(posts.id, post.id));
    expect(imgs(stored!.html)).toHaveLength(1);
    expect(imgs(stored!.html)[0]).toContain(`src="/uploads/${own}/full.jpg"`);
  });

  it('a comment shows its photos and records them; an edit replaces them; too many is a 400', async () => {
    const post = await createPost(t, author.cookie, cat.id);
    const commenter = await member(t);
    const [a, b] = [await insertUpload(t.database.db, commenter.id), await insertUpload(t.database.db, commenter.id)];
    const comment = ZComment.parse(await createComment(t, commenter.cookie, post.id, { content: photoMarkdown([a], 'Same at my depot') }));
    expect(imgs(comment.contentHtml)[0]).toContain(`src="/uploads/${a}/full.jpg"`);
    expect(imgs(comment.contentHtml)[0]).toContain('loading="lazy"');
    expect(await usesOf('comment', comment.id)).toEqual([a]);

    const res = await call(t, 'PATCH', `/api/forum/comments/${comment.id}`, { cookie: commenter.cookie, body: { content: photoMarkdown([b]) } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await usesOf('comment', comment.id)).toEqual([b]);
    const [stored] = await t.database.db.select({ html: comments.contentHtml }).from(comments).where(eq(comments.id, comment.id));
    expect(stored!.html).toContain(`/uploads/${b}/full.jpg`);

    const ids = await Promise.all(Array.from({ length: UPLOAD_LIMITS.perContent + 1 }, () => insertUpload(t.database.db, commenter.id)));
    const tooMany = await call(t, 'POST', `/api/forum/posts/${post.id}/comments`, { cookie: commenter.cookie, body: { content: photoMarkdown(ids) } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: UPLOAD_MSG.tooManyInContent, errors: { content: UPLOAD_MSG.tooManyInContent } });
  });
});
