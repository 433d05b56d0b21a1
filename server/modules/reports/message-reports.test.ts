import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAdminReportList, type TAdminReport } from '../../../common/contracts/moderation.ts';
import { ZChatMessage, ZStartChatResponse } from '../../../common/contracts/chat.ts';
import { MODERATION_MSG } from '../../../common/contracts/moderation.ts';
import { REPORT_MESSAGE_CONTEXT, REPORT_MSG } from '../../../common/rules/reports.ts';
import { reports, uploads } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createComment, createPost } from '../../test/forum.ts';
import { call, member, type Member } from '../../test/members.ts';
import { insertUpload, photoMarkdown, shownPhoto } from '../../test/photos.ts';

const reason = 'This message is abusive and threatening.';

describe.each(testDatabases)('message reports and photos in the reports queue on %s', (kind) => {
  let t: TestApp;
  let admin: Member;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await member(t, 'admin');
  });
  afterAll(() => t.close());

  const report = (m: Member | undefined, body: object) => call(t, 'POST', '/api/reports', { cookie: m?.cookie, body });
  const start = async (a: Member, b: Member) => {
    const res = await call(t, 'POST', '/api/chat/start', { cookie: a.cookie, body: { recipientId: b.id } });
    return ZStartChatResponse.parse(res.json()).id;
  };
  const send = async (m: Member, conv: number, body: object) => {
    const res = await call(t, 'POST', `/api/inbox/conversations/${conv}/messages`, { cookie: m.cookie, body });
    expect(res.statusCode, res.body).toBe(201);
    return ZChatMessage.parse(res.json());
  };
  const queueItem = async (reportId: number): Promise<TAdminReport> => {
    const res = await call(t, 'GET', '/api/admin/reports?status=open', { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const item = ZAdminReportList.parse(res.json()).reports.find((r) => r.id === reportId);
    expect(item).toBeDefined();
    return item!;
  };

  it('authorisation: guest 401, unverified 403, suspended 401; a non-participant and a missing message 404; own message 400', async () => {
    const [a, b, outsider] = [await member(t), await member(t), await member(t)];
    const conv = await start(a, b);
    const m = await send(b, conv, { text: 'Move your van or else' });
    const body = { targetType: 'message', targetId: m.id, reason };
    expect((await report(undefined, body)).statusCode).toBe(401);
    expect((await report(await member(t, 'unverified'), body)).statusCode).toBe(403);
    expect((await report(await member(t, 'suspended'), body)).statusCode).toBe(401);
    const notIn = await report(outsider, body);
    expect(notIn.statusCode).toBe(404);
    expect(notIn.json().message).toBe(REPORT_MSG.messageNotFound);
    const missing = await report(a, { ...body, targetId: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(REPORT_MSG.messageNotFound);
    const own = await report(b, body);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(REPORT_MSG.self);
    expect(await t.database.db.select().from(reports).where(eq(reports.targetType, 'message'))).toEqual([]);
  });

  it('a participant reports a message; the admin sees its text, photo, sender and up to 5 messages either side, the reported one marked', async () => {
    const [a, b] = [await member(t), await member(t)];
    const conv = await start(a, b);
    const sent = [];
    for (let i = 1; i <= 7; i++) sent.push(await send(i % 2 ? a : b, conv, { text: `before ${i}` }));
    const photo = await insertUpload(t.database.db, b.id);
    const reported = await send(b, conv, { text: 'Look what I did to your van', uploadId: photo });
    for (let i = 1; i <= 7; i++) sent.push(await send(i % 2 ? a : b, conv, { text: `after ${i}` }));

    const res = await report(a, { targetType: 'message', targetId: reported.id, reason });
    expect(res.statusCode, res.body).toBe(201);
    expect((await report(a, { targetType: 'message', targetId: reported.id, reason })).statusCode).toBe(409);
    const item = await queueItem(res.json().id);
    expect(item.target).toMatchObject({ type: 'message', id: reported.id, exists: true, href: null, label: 'Look what I did to your van', authorUsername: b.username });
    expect(item.photos).toEqual([shownPhoto(photo)]);
    const context = item.conversation!;
    expect(context.id).toBe(conv);
    expect(context.messages.map((m) => m.content)).toEqual([
      ...['before 3', 'before 4', 'before 5', 'before 6', 'before 7'],
      'Look what I did to your van',
      ...['after 1', 'after 2', 'after 3', 'after 4', 'after 5'],
    ]);
    expect(context.messages).toHaveLength(2 * REPORT_MESSAGE_CONTEXT + 1);
    expect(context.messages.filter((m) => m.reported).map((m) => m.id)).toEqual([reported.id]);
    expect(context.messages[REPORT_MESSAGE_CONTEXT]).toMatchObject({ senderUsername: b.username, photo: shownPhoto(photo), reported: true });
    expect(context.messages[0]).toMatchObject({ senderUsername: a.username, photo: null, reported: false });

    // A message is not deleted from the queue; its photo can be removed everywhere instead.
    const del = await call(t, 'POST', `/api/admin/reports/${item.id}/resolve`, { cookie: admin.cookie, body: { action: 'delete_target' } });
    expect(del.statusCode).toBe(400);
    expect(del.json().message).toBe(MODERATION_MSG.cannotDeleteMessage);
    await t.database.db.update(uploads).set({ removedAt: new Date() }).where(eq(uploads.id, photo));
    const after = await queueItem(item.id);
    expect(after.photos).toEqual([]);
    expect(after.conversation!.messages[REPORT_MESSAGE_CONTEXT]!.photo).toBeNull();
  });

  it('a photo alone is labelled "Photo"; a message near the start of its conversation has fewer before it', async () => {
    const [a, b] = [await member(t), await member(t)];
    const conv = await start(a, b);
    const photo = await insertUpload(t.database.db, b.id);
    const reported = await send(b, conv, { uploadId: photo });
    await send(a, conv, { text: 'What is that?' });
    const res = await report(a, { targetType: 'message', targetId: reported.id, reason });
    const item = await queueItem(res.json().id);
    expect(item.target.label).toBe('Photo');
    expect(item.conversation!.messages.map((m) => [m.content, m.reported])).toEqual([
      ['', true],
      ['What is that?', false],
    ]);
  });

  it('post and comment reports carry the photos their content shows, and no conversation', async () => {
    const [author, reporter] = [await member(t), await member(t)];
    const cat = await addCategory(t.database.db);
    const [p1, p2, c1] = [await insertUpload(t.database.db, author.id), await insertUpload(t.database.db, author.id), await insertUpload(t.database.db, author.id)];
    const post = await createPost(t, author.cookie, cat.id, { content: photoMarkdown([p1, p2]) });
    const comment = await createComment(t, author.cookie, post.id, { content: photoMarkdown([c1]) });
    const plain = await createComment(t, author.cookie, post.id);
    const ids = [];
    for (const [targetType, targetId] of [['post', post.id], ['comment', comment.id], ['comment', plain.id]] as const) {
      const res = await report(reporter, { targetType, targetId, reason: 'Photos of someone’s number plate and address.' });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id as number);
    }
    const [onPost, onComment, onPlain] = [await queueItem(ids[0]!), await queueItem(ids[1]!), await queueItem(ids[2]!)];
    expect(onPost.photos.map((p) => p.id).sort()).toEqual([p1, p2].sort());
    expect(onPost.photos.find((p) => p.id === p1)).toEqual(shownPhoto(p1));
    expect(onComment.photos).toEqual([shownPhoto(c1)]);
    expect(onPlain.photos).toEqual([]);
    expect([onPost.conversation, onComment.conversation, onPlain.conversation]).toEqual([null, null, null]);
  });

  it('the queue is admins only: guest 401, member 403', async () => {
    expect((await call(t, 'GET', '/api/admin/reports')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/admin/reports', { cookie: (await member(t)).cookie })).statusCode).toBe(403);
  });
});
