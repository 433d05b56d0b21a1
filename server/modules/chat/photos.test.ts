import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCatchUpResponse, ZChatMessage, ZConversation, ZInboxList, ZStartChatResponse } from '../../../common/contracts/chat.ts';
import { CHAT_MSG } from '../../../common/rules/chat.ts';
import { messages, uploads, uploadUses } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, member, type Member } from '../../test/members.ts';
import { insertUpload, shownPhoto } from '../../test/photos.ts';
import { connect, listen, type TestSocket } from '../../test/sockets.ts';
import { createUploadService } from '../uploads/index.ts';

describe.each(testDatabases)('photos in chat on %s', (kind) => {
  let t: TestApp;
  let url: string;
  const sockets: TestSocket[] = [];
  const open = async (m: Member) => {
    const s = await connect(url, m.cookie);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    url = await listen(t);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await t.close();
  });

  const start = async (a: Member, b: Member) => {
    const res = await call(t, 'POST', '/api/chat/start', { cookie: a.cookie, body: { recipientId: b.id } });
    expect(res.statusCode, res.body).toBe(200);
    return ZStartChatResponse.parse(res.json()).id;
  };
  const sendRaw = (m: Member, conv: number, body: object) => call(t, 'POST', `/api/inbox/conversations/${conv}/messages`, { cookie: m.cookie, body });
  const rowsIn = (conv: number) => t.database.db.select().from(messages).where(eq(messages.conversationId, conv));

  it('REST: a photo alone is sent (201, photo, empty text), stored with its upload and its use; a resend is the same message, once', async () => {
    const [a, b] = [await member(t), await member(t)];
    const conv = await start(a, b);
    const id = await insertUpload(t.database.db, a.id);
    const first = await sendRaw(a, conv, { uploadId: id, clientMessageId: 'p-1' });
    expect(first.statusCode, first.body).toBe(201);
    const m = ZChatMessage.parse(first.json());
    expect(m).toMatchObject({ content: '', photo: shownPhoto(id), clientMessageId: 'p-1' });
    const again = await sendRaw(a, conv, { uploadId: id, clientMessageId: 'p-1' });
    expect(again.statusCode).toBe(200);
    expect(ZChatMessage.parse(again.json())).toEqual(m);
    const rows = await rowsIn(conv);
    expect(rows.map((r) => r.uploadId)).toEqual([id]);
    expect(await t.database.db.select().from(uploadUses).where(eq(uploadUses.uploadId, id))).toEqual([
      { uploadId: id, targetType: 'message', targetId: m.id },
    ]);
    const [up] = await t.database.db.select({ usedAt: uploads.usedAt }).from(uploads).where(eq(uploads.id, id));
    expect(up!.usedAt).not.toBeNull();

    const captioned = await sendRaw(a, conv, { text: '  Parcel damaged on arrival  ', uploadId: await insertUpload(t.database.db, a.id) });
    expect(captioned.statusCode).toBe(201);
    expect(ZChatMessage.parse(captioned.json()).content).toBe('Parcel damaged on arrival');
  });

  it("someone else's, a removed or an unknown upload is a 400 and nothing is stored; no text and no photo is still 400", async () => {
    const [a, b] = [await member(t), await member(t)];
    const conv = await start(a, b);
    const theirs = await insertUpload(t.database.db, b.id);
    const removed = await insertUpload(t.database.db, a.id, { removed: true });
    for (const uploadId of [theirs, removed, 'qqqqqqqqqqqqqqqqqqqq']) {
      const res = await sendRaw(a, conv, { uploadId, text: 'see this' });
      expect(res.statusCode, uploadId).toBe(400);
      expect(res.json().message).toBe(CHAT_MSG.photoUnavailable);
    }
    const malformed = await sendRaw(a, conv, { uploadId: '../../etc/passwd' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(CHAT_MSG.photoUnavailable);
    const empty = await sendRaw(a, conv, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(CHAT_MSG.empty);
    const tooLong = await sendRaw(a, conv, { text: 'x'.repeat(1001), uploadId: await insertUpload(t.database.db, a.id) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(CHAT_MSG.tooLong);
    expect(await rowsIn(conv)).toEqual([]);
    expect(await t.database.db.select().from(uploadUses).where(eq(uploadUses.uploadId, theirs))).toEqual([]);
    // Issue 28: naming someone else's photo does not mark it used, so the 24 h clean-up still takes it.
    const [row] = await t.database.db.select({ usedAt: uploads.usedAt }).from(uploads).where(eq(uploads.id, theirs));
    expect(row!.usedAt).toBeNull();
    await t.database.db.update(uploads).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(uploads.id, theirs));
    await createUploadService({ ...t.app.deps, db: t.database.db, clock: { now: () => new Date() }, log: t.app.log }).sweepUnused(new Date());
    expect(await t.database.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, theirs))).toEqual([]);
  });

  it('history, catch-up, one message and the inbox carry the photo; a removed photo is gone from all of them', async () => {
    const [a, b] = [await member(t), await member(t)];
    const conv = await start(a, b);
    const id = await insertUpload(t.database.db, a.id);
    expect((await sendRaw(a, conv, { text: 'before' })).statusCode).toBe(201);
    const sent = ZChatMessage.parse((await sendRaw(a, conv, { uploadId: id })).json());

    const read = async () => {
      const history = ZConversation.parse((await call(t, 'GET', `/api/inbox/conversations/${conv}`, { cookie: b.cookie })).json());
      const caught = ZCatchUpResponse.parse((await call(t, 'GET', `/api/chat/messages?conversationId=${conv}&after=0`, { cookie: b.cookie })).json());
      const inbox = ZInboxList.parse((await call(t, 'GET', '/api/inbox/conversations', { cookie: b.cookie })).json());
      return {
        history: history.messages.map((m) => m.photo),
        caught: caught.messages.map((m) => m.photo),
        last: inbox.find((c) => c.id === conv)!.lastMessage,
      };
    };
    const shown = await read();
    expect(shown.history).toEqual([null, shownPhoto(id)]);
    expect(shown.caught).toEqual([null, shownPhoto(id)]);
    expect(shown.last).toMatchObject({ id: sent.id, content: '', photo: shownPhoto(id) });
    const one = await call(t, 'PUT', `/api/inbox/conversations/${conv}/messages/${sent.id}/read`, { cookie: b.cookie });
    expect(ZChatMessage.parse(one.json()).photo).toEqual(shownPhoto(id));

    await t.database.db.update(uploads).set({ removedAt: new Date() }).where(eq(uploads.id, id));
    const after = await read();
    expect(after.history).toEqual([null, null]);
    expect(after.caught).toEqual([null, null]);
    expect(after.last!.photo).toBeNull();
  });

  it('socket: send_message with a photo reaches both members with it (receipt with clientMessageId); a resend stores nothing more; errors carry clientMessageId', async () => {
    const [a, b] = [await member(t), await member(t)];
    const conv = await start(a, b);
    const [sa, sb] = [await open(a), await open(b)];
    const id = await insertUpload(t.database.db, a.id);
    sa.send({ type: 'send_message', conversationId: conv, content: '', uploadId: id, clientMessageId: 'ws-p1' });
    const receipt = await sa.next('new_message', (f) => f.message.clientMessageId === 'ws-p1');
    expect(receipt.message).toMatchObject({ content: '', photo: shownPhoto(id) });
    const delivered = await sb.next('new_message', (f) => f.message.id === receipt.message.id);
    expect(delivered.message).toMatchObject({ content: '', photo: shownPhoto(id), clientMessageId: null });

    sa.send({ type: 'send_message', conversationId: conv, content: '', uploadId: id, clientMessageId: 'ws-p1' });
    const again = await sa.next('new_message', (f) => f.message.clientMessageId === 'ws-p1');
    expect(again.message).toEqual(receipt.message);
    expect(await rowsIn(conv)).toHaveLength(1);

    const theirs = await insertUpload(t.database.db, b.id);
    sa.send({ type: 'send_message', conversationId: conv, content: 'look', uploadId: theirs, clientMessageId: 'ws-p2' });
    expect(await sa.next('error')).toEqual({ type: 'error', message: CHAT_MSG.photoUnavailable, clientMessageId: 'ws-p2' });
    sa.send({ type: 'send_message', conversationId: conv, content: '  ', clientMessageId: 'ws-p3' });
    expect(await sa.next('error')).toEqual({ type: 'error', message: CHAT_MSG.empty, clientMessageId: 'ws-p3' });
    expect(await rowsIn(conv)).toHaveLength(1);
  });
});
