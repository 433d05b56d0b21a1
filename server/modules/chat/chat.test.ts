import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBlockList, ZCatchUpResponse, ZChatAccess, ZChatMessage, ZConversation, ZInboxList, ZStartChatResponse } from '../../../common/contracts/chat.ts';
import { CHAT_MSG, CHAT_RATE_MAX } from '../../../common/rules/chat.ts';
import { conversations, messages, users } from '../../db/schema/index.ts';
import { USER_EVENTS } from '../../realtime/gateway.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { PASSWORD } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, member, type Member } from '../../test/members.ts';
import { connect, listen, pause, testBus, type TestSocket } from '../../test/sockets.ts';
import type { TDataExport } from '../members/index.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(testDatabases)('chat on %s', (kind) => {
  let t: TestApp;
  let url: string;
  const bus = testBus();
  const sockets: TestSocket[] = [];
  const open = async (m: Member) => {
    const s = await connect(url, m.cookie);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await buildTestApp(kind, {}, { bus });
    url = await listen(t);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await t.close();
  });

  const req = (m: Member | undefined, method: Method, path: string, body?: object) => call(t, method, path, { cookie: m?.cookie, body });
  const start = async (a: Member, b: Member) => {
    const res = await req(a, 'POST', '/api/chat/start', { recipientId: b.id });
    expect(res.statusCode, res.body).toBe(200);
    return ZStartChatResponse.parse(res.json()).id;
  };
  const send = async (a: Member, conv: number, text: string, clientMessageId?: string) => {
    const res = await req(a, 'POST', `/api/inbox/conversations/${conv}/messages`, { text, clientMessageId });
    expect([200, 201], res.body).toContain(res.statusCode);
    return ZChatMessage.parse(res.json());
  };
  const suspendChat = (m: Member) => t.database.db.update(users).set({ chatSuspendedAt: new Date() }).where(eq(users.id, m.id));

  describe('access and authorisation on every route', () => {
    let a: Member, b: Member, third: Member, unverified: Member, suspended: Member;
    let conv: number, msgId: number, suspendedConv: number, suspendedMsgId: number;
    beforeAll(async () => {
      [a, b, third, unverified, suspended] = [await member(t), await member(t), await member(t), await member(t, 'unverified'), await member(t)];
      conv = await start(a, b);
      msgId = (await send(b, conv, 'Hello from b')).id;
      suspendedConv = await start(a, suspended);
      suspendedMsgId = (await send(a, suspendedConv, 'Hello from a')).id;
      await suspendChat(suspended);
    });
    const routes = (c = conv, m = msgId): Array<[Method, string, object?]> => [
      ['POST', '/api/chat/start', { recipientId: b.id }],
      ['PUT', `/api/chat/conversation/${c}/state`, { state: 'minimized' }],
      ['GET', '/api/chat/unread-count'],
      ['GET', `/api/chat/messages?conversationId=${c}&after=0`],
      ['GET', '/api/inbox/conversations'],
      ['GET', `/api/inbox/conversations/${c}`],
      ['POST', `/api/inbox/conversations/${c}/messages`, { text: 'hi' }],
      ['PUT', `/api/inbox/conversations/${c}/read`],
      ['PUT', `/api/inbox/conversations/${c}/messages/${m}/read`],
      ['GET', '/api/chat/blocks'],
      ['POST', '/api/chat/blocks', { userId: b.id }],
      ['DELETE', `/api/chat/blocks/${b.id}`],
    ];

    it('guest 401, unverified 403 (verification) on every route, the reason as data too', async () => {
      for (const [method, path, body] of routes()) {
        const guest = await req(undefined, method, path, body);
        expect(guest.statusCode, `${method} ${path}`).toBe(401);
        const unv = await req(unverified, method, path, body);
        expect(unv.statusCode, `${method} ${path}`).toBe(403);
        expect(unv.json()).toEqual({ message: CHAT_MSG.verificationRequired, chatAccess: 'verification' });
        expect(unv.json().message).toContain('verification');
      }
    });

    it('chat-suspended (issue 18): starting and sending 403 (suspended); every read still answers', async () => {
      // Their own conversation with a: the reads find it, not 404.
      const writes = new Set(['/api/chat/start', `/api/inbox/conversations/${suspendedConv}/messages`]);
      for (const [method, path, body] of routes(suspendedConv, suspendedMsgId)) {
        const sus = await req(suspended, method, path, body);
        if (writes.has(path)) {
          expect(sus.statusCode, `${method} ${path}`).toBe(403);
          expect(sus.json()).toEqual({ message: CHAT_MSG.suspended, chatAccess: 'suspended' });
        } else expect(sus.statusCode, `${method} ${path}: ${sus.body}`).toBe(200);
      }
      const history = ZConversation.parse((await req(suspended, 'GET', `/api/inbox/conversations/${suspendedConv}`)).json());
      expect(history.messages.map((m) => m.content)).toEqual(['Hello from a']);
      const inbox = ZInboxList.parse((await req(suspended, 'GET', '/api/inbox/conversations')).json());
      expect(inbox.map((i) => i.id)).toEqual([suspendedConv]);
    });

    it('a third member gets 404 Conversation not found on every conversation call', async () => {
      const convRoutes = routes().filter(([, path]) => path.includes(String(conv)) && !path.startsWith('/api/chat/blocks'));
      expect(convRoutes.length).toBe(6);
      for (const [method, path, body] of convRoutes) {
        const res = await req(third, method, path, body);
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.json().message).toBe(CHAT_MSG.conversationNotFound);
      }
      const missing = await req(a, 'GET', '/api/inbox/conversations/999999');
      expect(missing.statusCode).toBe(404);
      const [stored] = await t.database.db.select().from(messages).where(eq(messages.id, msgId));
      expect(stored!.readAt).toBeNull();
    });

    it('the signed-in user carries what chat access follows (the client gates the inbox by it)', async () => {
      const access = async (m: Member) => {
        const { emailVerified, chatSuspended } = (await req(m, 'GET', '/api/auth/user')).json();
        return { emailVerified, chatSuspended };
      };
      expect(await access(a)).toEqual({ emailVerified: true, chatSuspended: false });
      expect(await access(unverified)).toEqual({ emailVerified: false, chatSuspended: false });
      expect(await access(suspended)).toEqual({ emailVerified: true, chatSuspended: true });
    });

    it('GET /api/chat/access: the refusal and a chat suspension\'s reason as the admin gave it (issue 18)', async () => {
      const access = async (m: Member | undefined) => {
        const res = await req(m, 'GET', '/api/chat/access');
        return res.statusCode === 200 ? ZChatAccess.parse(res.json()) : res.statusCode;
      };
      expect(await access(undefined)).toBe(401);
      expect(await access(a)).toEqual({ allowed: true, reason: null, suspendedAt: null, suspensionReason: null });
      expect(await access(unverified)).toEqual({ allowed: false, reason: 'verification', suspendedAt: null, suspensionReason: null });
      // Suspended without a reason (straight in the database, no audit entry).
      expect(await access(suspended)).toEqual({ allowed: false, reason: 'suspended', suspendedAt: expect.any(String), suspensionReason: null });

      const [admin, target] = [await member(t, 'admin'), await member(t)];
      const byAdmin = (reason?: string) => req(admin, 'POST', `/api/admin/members/${target.id}/chat-suspension`, reason ? { reason } : {});
      expect((await byAdmin('Spamming other couriers')).statusCode).toBe(200);
      expect(await access(target)).toMatchObject({ allowed: false, reason: 'suspended', suspensionReason: 'Spamming other couriers' });
      // Lifted, then suspended again without a reason: the old reason is not shown.
      expect((await req(admin, 'DELETE', `/api/admin/members/${target.id}/chat-suspension`)).statusCode).toBe(200);
      expect(await access(target)).toMatchObject({ allowed: true, reason: null, suspensionReason: null });
      expect((await byAdmin()).statusCode).toBe(200);
      expect(await access(target)).toMatchObject({ allowed: false, reason: 'suspended', suspensionReason: null });
    });
  });

  describe('conversations and messages', () => {
    it('start: same conversation for the pair from either side; self 400; unknown/unverified/deleted 404', async () => {
      const [a, b, unv, gone] = [await member(t), await member(t), await member(t, 'unverified'), await member(t)];
      await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
      const id = await start(a, b);
      const again = await req(a, 'POST', '/api/chat/start', { recipientId: b.id });
      expect(again.json()).toEqual({ id, conversationId: id });
      expect(await start(b, a)).toBe(id);
      const self = await req(a, 'POST', '/api/chat/start', { recipientId: a.id });
      expect(self.statusCode).toBe(400);
      expect(self.json().message).toBe(CHAT_MSG.self);
      for (const recipientId of [999999, unv.id, gone.id]) {
        const res = await req(a, 'POST', '/api/chat/start', { recipientId });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(CHAT_MSG.memberNotFound);
      }
    });

    it('send: 201, trimmed; empty and too long 400; idempotent by clientMessageId (one row, same id, 200)', async () => {
      const [a, b] = [await member(t), await member(t)];
      const conv = await start(a, b);
      const first = await req(a, 'POST', `/api/inbox/conversations/${conv}/messages`, { text: '  Running late at Hub 3  ', clientMessageId: 'c-1' });
      expect(first.statusCode).toBe(201);
      const m = ZChatMessage.parse(first.json());
      expect(m).toMatchObject({ content: 'Running late at Hub 3', senderId: a.id, conversationId: conv, clientMessageId: 'c-1', deliveredAt: null, readAt: null });
      const retry = await req(a, 'POST', `/api/inbox/conversations/${conv}/messages`, { text: 'Running late at Hub 3', clientMessageId: 'c-1' });
      expect(retry.statusCode).toBe(200);
      expect(retry.json().id).toBe(m.id);
      const rows = await t.database.db.select().from(messages).where(eq(messages.conversationId, conv));
      expect(rows).toHaveLength(1);
      const empty = await req(a, 'POST', `/api/inbox/conversations/${conv}/messages`, { text: '   ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(CHAT_MSG.empty);
      const long = await req(a, 'POST', `/api/inbox/conversations/${conv}/messages`, { text: 'x'.repeat(1001) });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toBe(CHAT_MSG.tooLong);
      // The same clientMessageId from the other member is theirs, not a duplicate.
      const theirs = await send(b, conv, 'ok', 'c-1');
      expect(theirs.id).not.toBe(m.id);
    });

    it('inbox (most recent first, last message, unread), conversation paging, catch-up after an id, unread count, read', async () => {
      const [a, b, c] = [await member(t), await member(t), await member(t)];
      const ab = await start(a, b);
      const ac = await start(a, c);
      const sent: number[] = [];
      for (let i = 1; i <= 5; i++) sent.push((await send(b, ab, `b${i}`)).id);
      await send(c, ac, 'from c');
      await pause(5);
      await send(a, ab, 'reply from a');

      const inbox = ZInboxList.parse((await req(a, 'GET', '/api/inbox/conversations')).json());
      expect(inbox.map((i) => i.id)).toEqual([ab, ac]);
      expect(inbox[0]).toMatchObject({ otherUser: { id: b.id, username: b.username }, unreadCount: 5, state: 'open' });
      expect(inbox[0]!.lastMessage!.content).toBe('reply from a');
      expect(inbox[1]).toMatchObject({ unreadCount: 1, lastMessage: { content: 'from c' } });
      const older = ZInboxList.parse((await req(a, 'GET', `/api/inbox/conversations?before=${encodeURIComponent(inbox[0]!.updatedAt)}`)).json());
      expect(older.map((i) => i.id)).toEqual([ac]);

      const page = ZConversation.parse((await req(a, 'GET', `/api/inbox/conversations/${ab}?limit=3`)).json());
      expect(page.messages.map((m) => m.content)).toEqual(['b4', 'b5', 'reply from a']);
      expect(page).toMatchObject({ hasMore: true, unreadCount: 5, otherUser: { id: b.id } });
      const before = ZConversation.parse((await req(a, 'GET', `/api/inbox/conversations/${ab}?limit=3&before=${page.messages[0]!.id}`)).json());
      expect(before.messages.map((m) => m.content)).toEqual(['b1', 'b2', 'b3']);
      expect(before.hasMore).toBe(false);

      const catchUp = ZCatchUpResponse.parse((await req(a, 'GET', `/api/chat/messages?conversationId=${ab}&after=${sent[2]}`)).json());
      expect(catchUp.messages.map((m) => m.content)).toEqual(['b4', 'b5', 'reply from a']);
      expect(catchUp.hasMore).toBe(false);

      expect((await req(a, 'GET', '/api/chat/unread-count')).json()).toEqual({ count: 6 });
      const one = await req(a, 'PUT', `/api/inbox/conversations/${ab}/messages/${sent[0]}/read`);
      expect(one.statusCode).toBe(200);
      expect(one.json().readAt).not.toBeNull();
      expect(one.json().deliveredAt).not.toBeNull();
      expect((await req(a, 'GET', '/api/chat/unread-count')).json()).toEqual({ count: 5 });
      const all = await req(a, 'PUT', `/api/inbox/conversations/${ab}/read`);
      expect(all.json()).toEqual({ count: 0 });
      expect((await req(a, 'GET', '/api/chat/unread-count')).json()).toEqual({ count: 1 });
      const rows = await t.database.db.select().from(messages).where(eq(messages.conversationId, ab));
      for (const r of rows.filter((r) => r.senderId === b.id)) expect(r.readAt && r.deliveredAt).toBeTruthy();
      expect(rows.find((r) => r.senderId === a.id)!.readAt).toBeNull(); // a's own message is not read by a
    });

    it('window state per participant', async () => {
      const [a, b] = [await member(t), await member(t)];
      const conv = await start(a, b);
      const res = await req(a, 'PUT', `/api/chat/conversation/${conv}/state`, { state: 'minimized' });
      expect(res.json()).toEqual({ state: 'minimized' });
      expect((await req(a, 'GET', `/api/inbox/conversations/${conv}`)).json().state).toBe('minimized');
      // The recipient's window stays closed until a message comes; then it opens.
      expect((await req(b, 'GET', `/api/inbox/conversations/${conv}`)).json().state).toBe('closed');
      await send(a, conv, 'hello');
      expect((await req(b, 'GET', `/api/inbox/conversations/${conv}`)).json().state).toBe('open');
      // A minimized window stays minimized on the next message (its unread badge shows it).
      await req(b, 'PUT', `/api/chat/conversation/${conv}/state`, { state: 'minimized' });
      await send(a, conv, 'again');
      expect((await req(b, 'GET', `/api/inbox/conversations/${conv}`)).json().state).toBe('minimized');
      // Closed by the recipient, an incoming message opens it again; starting again opens the starter's.
      await req(b, 'PUT', `/api/chat/conversation/${conv}/state`, { state: 'closed' });
      await send(a, conv, 'third');
      expect((await req(b, 'GET', '/api/inbox/conversations')).json()[0]).toMatchObject({ id: conv, state: 'open' });
      await req(a, 'PUT', `/api/chat/conversation/${conv}/state`, { state: 'closed' });
      expect(await start(a, b)).toBe(conv);
      expect((await req(a, 'GET', `/api/inbox/conversations/${conv}`)).json().state).toBe('open');
      const bad = await req(a, 'PUT', `/api/chat/conversation/${conv}/state`, { state: 'huge' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(CHAT_MSG.stateInvalid);
      expect((await req(a, 'GET', `/api/inbox/conversations/${conv}`)).json().state).toBe('open');
    });

    it('inbox beyond one page: the (updatedAt, id) cursor skips and repeats nothing, also for ties', async () => {
      const a = await member(t);
      const others = [];
      for (let i = 0; i < 7; i++) others.push(await member(t));
      const convs: number[] = [];
      for (const o of others) convs.push(await start(o, a));
      // Five share one time to the microsecond, two are older.
      const tie = new Date('2026-03-01T10:00:00.123Z');
      await t.database.db.execute(sql`update conversations set updated_at = ${tie.toISOString()}::timestamptz + interval '456 microseconds' where id in (${sql.join(convs.slice(0, 5), sql`, `)})`);
      await t.database.db.execute(sql`update conversations set updated_at = '2026-02-01T00:00:00Z' where id in (${sql.join(convs.slice(5), sql`, `)})`);
      const seen: number[] = [];
      let path = '/api/inbox/conversations?limit=2';
      for (let pageNo = 0; pageNo < 10; pageNo++) {
        const res = await req(a, 'GET', path);
        expect(res.statusCode).toBe(200);
        const page = ZInboxList.parse(res.json());
        seen.push(...page.map((p) => p.id));
        if (page.length < 2) break;
        const last = page.at(-1)!;
        path = `/api/inbox/conversations?limit=2&before=${encodeURIComponent(last.updatedAt)}&beforeId=${last.id}`;
      }
      const tied = [...convs.slice(0, 5)].sort((x, y) => y - x);
      const older = [...convs.slice(5)].sort((x, y) => y - x);
      expect(seen).toEqual([...tied, ...older]);
      const first = ZInboxList.parse((await req(a, 'GET', '/api/inbox/conversations?limit=1')).json());
      expect(first[0]!.updatedAt).toBe(tie.toISOString());

      const bad = await req(a, 'GET', '/api/inbox/conversations?before=yesterday');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('before must be an ISO 8601 time');
      const badId = await req(a, 'GET', `/api/inbox/conversations?before=${encodeURIComponent(tie.toISOString())}&beforeId=x`);
      expect(badId.statusCode).toBe(400);
      expect(badId.json().message).toContain('beforeId must be a conversation id');
    });

    it('blocking: either side of a blocked pair cannot start or send; unblock restores', async () => {
      const [a, b] = [await member(t), await member(t)];
      const conv = await start(a, b);
      const blocked = await req(a, 'POST', '/api/chat/blocks', { userId: b.id });
      expect(ZBlockList.parse(blocked.json())).toEqual([{ id: b.id, username: b.username }]);
      expect((await req(a, 'GET', '/api/chat/blocks')).json()).toEqual([{ id: b.id, username: b.username }]);
      for (const [x, y] of [
        [a, b],
        [b, a],
      ] as const) {
        const s = await req(x, 'POST', '/api/chat/start', { recipientId: y.id });
        expect(s.statusCode).toBe(403);
        expect(s.json().message).toBe(CHAT_MSG.blocked);
        const m = await req(x, 'POST', `/api/inbox/conversations/${conv}/messages`, { text: 'hi' });
        expect(m.statusCode).toBe(403);
        expect(m.json().message).toBe(CHAT_MSG.blocked);
      }
      expect((await req(a, 'DELETE', `/api/chat/blocks/${b.id}`)).json()).toEqual([]);
      await send(b, conv, 'friends again');
    });

    it(`rate limit: ${CHAT_RATE_MAX} per 10 s, then 429 with Retry-After`, async () => {
      const [a, b] = [await member(t), await member(t)];
      const conv = await start(a, b);
      for (let i = 0; i < CHAT_RATE_MAX; i++) await send(a, conv, `m${i}`, `r${i}`);
      const res = await req(a, 'POST', `/api/inbox/conversations/${conv}/messages`, { text: 'one too many' });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(CHAT_MSG.tooFast);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // Retrying an already stored message is not a new send: it still answers the stored one.
      const retry = await req(a, 'POST', `/api/inbox/conversations/${conv}/messages`, { text: 'm0', clientMessageId: 'r0' });
      expect(retry.statusCode).toBe(200);
    });
  });

  describe('data export and account deletion', () => {
    it("the export holds the member's sent and received messages", async () => {
      const [a, b] = [await member(t), await member(t)];
      const conv = await start(a, b);
      const m1 = await send(a, conv, 'mine', 'e-1');
      const m2 = await send(b, conv, 'theirs');
      const data = (await req(a, 'GET', '/api/auth/me/export')).json() as TDataExport;
      expect(data.messages.map((m) => [m.id, m.senderId, m.content])).toEqual([
        [m1.id, a.id, 'mine'],
        [m2.id, b.id, 'theirs'],
      ]);
    });

    it('a deleted member: messages stay for the other, shown from a deleted member; no more sends; blocks gone', async () => {
      const [a, b] = [await member(t), await member(t)];
      const conv = await start(a, b);
      await send(a, conv, 'see you at the depot');
      await req(a, 'POST', '/api/chat/blocks', { userId: b.id });
      await req(a, 'DELETE', `/api/chat/blocks/${b.id}`);
      await req(b, 'POST', '/api/chat/blocks', { userId: a.id });
      const del = await req(a, 'DELETE', '/api/profile', { password: PASSWORD });
      expect(del.statusCode, del.body).toBe(200);
      const view = ZConversation.parse((await req(b, 'GET', `/api/inbox/conversations/${conv}`)).json());
      expect(view.otherUser).toEqual({ id: a.id, username: 'Deleted member', avatar: null, statusText: null });
      expect(view.messages.map((m) => [m.senderId, m.content])).toEqual([[a.id, 'see you at the depot']]);
      expect((await req(b, 'GET', '/api/chat/blocks')).json()).toEqual([]);
      const res = await req(b, 'POST', `/api/inbox/conversations/${conv}/messages`, { text: 'hello?' });
      expect(res.statusCode).toBe(403);
      expect((await req(b, 'POST', '/api/chat/start', { recipientId: a.id })).statusCode).toBe(404);
    });
  });

  describe('socket', () => {
    it('REST send reaches every socket of both members; the sender copy carries clientMessageId; inbox_update to both', async () => {
      const [a, b] = [await member(t), await member(t)];
      const conv = await start(a, b);
      const [a1, a2, b1] = [await open(a), await open(a), await open(b)];
      const m = await send(a, conv, 'Parcel left with neighbour', 'rest-1');
      for (const s of [a1, a2]) {
        const f = await s.next('new_message', (f) => f.message.id === m.id);
        expect(f).toMatchObject({ conversationId: conv, senderName: a.username, message: { clientMessageId: 'rest-1' } });
      }
      const fb = await b1.next('new_message', (f) => f.message.id === m.id);
      expect(fb.message.clientMessageId).toBeNull();
      expect(await b1.next('inbox_update', (f) => f.conversationId === conv)).toMatchObject({ unreadCount: 1, totalUnread: 1 });
      expect(await a1.next('inbox_update', (f) => f.conversationId === conv)).toMatchObject({ unreadCount: 0 });
    });

    it('send_message: stored first, receipt to the sender, retry with the same clientMessageId makes no duplicate; errors carry clientMessageId', async () => {
      const [a, b, third] = [await member(t), await member(t), await member(t)];
      const conv = await start(a, b);
      const [sa, sb, st] = [await open(a), await open(b), await open(third)];
      sa.send({ type: 'join_conversation', conversationId: conv });
      sa.send({ type: 'send_message', conversationId: conv, content: ' On my way ', clientMessageId: 'ws-1' });
      const receipt = await sa.next('new_message', (f) => f.message.clientMessageId === 'ws-1');
      const [row] = await t.database.db.select().from(messages).where(eq(messages.id, receipt.message.id));
      expect(row!.content).toBe('On my way');
      expect((await sb.next('new_message')).message.id).toBe(receipt.message.id);

      sa.send({ type: 'send_message', conversationId: conv, content: 'On my way', clientMessageId: 'ws-1' });
      const again = await sa.next('new_message', (f) => f.message.clientMessageId === 'ws-1');
      expect(again.message.id).toBe(receipt.message.id);
      expect(await t.database.db.select().from(messages).where(eq(messages.conversationId, conv))).toHaveLength(1);

      sa.send({ type: 'send_message', conversationId: conv, content: '   ', clientMessageId: 'ws-2' });
      expect(await sa.next('error')).toEqual({ type: 'error', message: CHAT_MSG.empty, clientMessageId: 'ws-2' });
      st.send({ type: 'send_message', conversationId: conv, content: 'let me in', clientMessageId: 'x' });
      expect(await st.next('error')).toEqual({ type: 'error', message: CHAT_MSG.conversationNotFound, clientMessageId: 'x' });
      st.send({ type: 'join_conversation', conversationId: conv });
      expect((await st.next('error')).message).toBe(CHAT_MSG.conversationNotFound);
      st.send({ type: 'mark_read', conversationId: conv });
      expect((await st.next('error')).message).toBe(CHAT_MSG.conversationNotFound);
      st.send({ type: 'message_delivered', conversationId: conv, messageIds: [receipt.message.id] });
      expect((await st.next('error')).message).toBe(CHAT_MSG.conversationNotFound);
      const [untouched] = await t.database.db.select().from(messages).where(eq(messages.id, receipt.message.id));
      expect(untouched!.deliveredAt).toBeNull();
      st.send({ type: 'ping', conversationId: conv });
      await st.next('pong');
    });

    it('one send: receipt and delivery before the inbox_updates, each pair one bus event; socket checks (other conversation, blocked, rate)', async () => {
      const [a, b, c] = [await member(t), await member(t), await member(t)];
      const conv = await start(a, b);
      const other = await start(a, c);
      await send(c, other, 'from c'); // unread for a in another conversation: in a's totalUnread
      const [sa, sb] = [await open(a), await open(b)];
      const events: unknown[] = [];
      const stop = await bus.subscribe(USER_EVENTS, (e) => events.push(e));
      sa.send({ type: 'send_message', conversationId: conv, content: 'Van loaded', clientMessageId: 'o-1' });
      const receipt = await sa.next('new_message', (f) => f.message.clientMessageId === 'o-1');
      await sb.next('new_message', (f) => f.message.id === receipt.message.id);
      expect(await sb.next('inbox_update', (f) => f.conversationId === conv)).toEqual({ type: 'inbox_update', conversationId: conv, unreadCount: 1, totalUnread: 1 });
      expect(await sa.next('inbox_update', (f) => f.conversationId === conv)).toEqual({ type: 'inbox_update', conversationId: conv, unreadCount: 0, totalUnread: 1 });
      for (const s of [sa, sb]) expect(s.frames.map((f) => f.type)).toEqual(['new_message', 'inbox_update']);
      expect(events).toHaveLength(2); // new_message to both, then inbox_update to both
      await stop();
      // The stored conversation moved with the message and the recipient's window opened.
      const [row] = await t.database.db.select().from(conversations).where(eq(conversations.id, conv));
      expect(row!.updatedAt.toISOString()).toBe(receipt.message.createdAt);
      expect(a.id < b.id ? row!.highState : row!.lowState).toBe('open');

      // The same clientMessageId in another conversation is not a new message: 404, nothing stored.
      sa.send({ type: 'send_message', conversationId: other, content: 'Van loaded', clientMessageId: 'o-1' });
      expect(await sa.next('error')).toEqual({ type: 'error', message: CHAT_MSG.conversationNotFound, clientMessageId: 'o-1' });
      expect(await t.database.db.select().from(messages).where(and(eq(messages.conversationId, other), eq(messages.senderId, a.id)))).toHaveLength(0);

      // Blocked either way: refused at once on the open socket.
      expect((await req(b, 'POST', '/api/chat/blocks', { userId: a.id })).statusCode).toBe(200);
      sa.send({ type: 'send_message', conversationId: conv, content: 'hello?', clientMessageId: 'o-2' });
      expect(await sa.next('error')).toEqual({ type: 'error', message: CHAT_MSG.blocked, clientMessageId: 'o-2' });
      expect((await req(b, 'DELETE', `/api/chat/blocks/${a.id}`)).statusCode).toBe(200);

      // The rate limit counts the socket's sends too.
      for (let i = 1; i < CHAT_RATE_MAX; i++) {
        sa.send({ type: 'send_message', conversationId: other, content: `m${i}`, clientMessageId: `r-${i}` });
        await sa.next('new_message', (f) => f.message.clientMessageId === `r-${i}`);
      }
      sa.send({ type: 'send_message', conversationId: other, content: 'one too many', clientMessageId: 'r-x' });
      expect(await sa.next('error')).toEqual({ type: 'error', message: CHAT_MSG.tooFast, clientMessageId: 'r-x' });
      expect(await t.database.db.select().from(messages).where(eq(messages.senderId, a.id))).toHaveLength(CHAT_RATE_MAX);
    });

    it('delivered and read: timestamps set, message_status to the sender socket', async () => {
      const [a, b] = [await member(t), await member(t)];
      const conv = await start(a, b);
      const [sa, sb] = [await open(a), await open(b)];
      sa.send({ type: 'send_message', conversationId: conv, content: 'Gate code 4321', clientMessageId: 'd-1' });
      const got = await sb.next('new_message');
      sb.send({ type: 'message_delivered', conversationId: conv, messageIds: [got.message.id] });
      const delivered = await sa.next('message_status', (f) => !!f.deliveredAt && !f.readAt);
      expect(delivered).toMatchObject({ conversationId: conv, messageIds: [got.message.id] });
      sb.send({ type: 'mark_read', conversationId: conv, messageIds: [got.message.id] });
      const read = await sa.next('message_status', (f) => !!f.readAt);
      expect(read.messageIds).toEqual([got.message.id]);
      const [row] = await t.database.db.select().from(messages).where(eq(messages.id, got.message.id));
      expect(row!.deliveredAt).not.toBeNull();
      expect(row!.readAt!.toISOString()).toBe(read.readAt);

      // REST read also tells the sender's socket.
      const m2 = await send(a, conv, 'and the back door');
      const res = await req(b, 'PUT', `/api/inbox/conversations/${conv}/read`);
      expect(res.json()).toEqual({ count: 0 });
      expect((await sa.next('message_status', (f) => f.messageIds.includes(m2.id))).readAt).toBeTruthy();
    });

    it('catch-up after reconnect: messages sent while offline arrive via after=<last seen id>', async () => {
      const [a, b] = [await member(t), await member(t)];
      const conv = await start(a, b);
      const sb = await open(b);
      const seen = await send(a, conv, 'first');
      await sb.next('new_message', (f) => f.message.id === seen.id);
      await sb.close();
      await send(a, conv, 'second');
      await send(a, conv, 'third');
      const sb2 = await open(b);
      const res = ZCatchUpResponse.parse((await req(b, 'GET', `/api/chat/messages?conversationId=${conv}&after=${seen.id}`)).json());
      expect(res.messages.map((m) => m.content)).toEqual(['second', 'third']);
      const fourth = await send(a, conv, 'fourth');
      expect((await sb2.next('new_message')).message.id).toBe(fourth.id);
    });

    it('suspension on an open socket: a send answers the suspended error, then chat_access, and is not stored; reads go on', async () => {
      const [a, b] = [await member(t), await member(t)];
      const conv = await start(a, b);
      const sa = await open(a);
      sa.send({ type: 'send_message', conversationId: conv, content: 'before', clientMessageId: 's-1' });
      await sa.next('new_message');
      const fromB = await send(b, conv, 'are you there?');
      await sa.next('new_message', (f) => f.message.id === fromB.id);
      await suspendChat(a);
      const refused = { type: 'chat_access', allowed: false, reason: 'suspended' };
      const sb = await open(b);
      // Reading is not refused: delivery and read receipts still reach the other member.
      sa.send({ type: 'message_delivered', conversationId: conv, messageIds: [fromB.id] });
      expect((await sb.next('message_status', (f) => !!f.deliveredAt)).messageIds).toEqual([fromB.id]);
      sa.send({ type: 'join_conversation', conversationId: conv });
      sa.send({ type: 'mark_read', conversationId: conv });
      expect((await sb.next('message_status', (f) => !!f.readAt)).messageIds).toEqual([fromB.id]);
      sa.send({ type: 'send_message', conversationId: conv, content: 'after', clientMessageId: 's-2' });
      expect(await sa.next('error')).toEqual({ type: 'error', message: CHAT_MSG.suspended, clientMessageId: 's-2' });
      expect(await sa.next('chat_access')).toEqual(refused);
      sa.send({ type: 'send_message', conversationId: conv, content: 'again', clientMessageId: 's-3' });
      expect(await sa.next('error', (f) => f.clientMessageId === 's-3')).toEqual({ type: 'error', message: CHAT_MSG.suspended, clientMessageId: 's-3' });
      expect(await sa.next('chat_access')).toEqual(refused);
      // The error comes first; the access frame follows it, once per refused frame.
      expect(sa.frames.slice(-2).map((f) => f.type)).toEqual(['error', 'chat_access']);
      expect(sa.frames.filter((f) => f.type === 'error')).toHaveLength(2);
      expect(await t.database.db.select().from(messages).where(eq(messages.conversationId, conv))).toHaveLength(2);
    });
  });
});

// Two app instances (two processes) on one PostgreSQL database and one Redis.
const REDIS_URL = process.env.REDIS_URL;
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const skip = !REDIS_URL || !TEST_DATABASE_URL;
describe.skipIf(skip)(`chat across two app instances${skip ? ' — skipped: needs REDIS_URL and TEST_DATABASE_URL' : ''}`, () => {
  let one: TestApp, two: TestApp;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    one = await buildTestApp('postgres', { REDIS_URL: REDIS_URL! });
    two = await buildTestApp('postgres', { REDIS_URL: REDIS_URL! }, { sameDatabaseAs: one });
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    if (two) await two.close();
    if (one) await one.close();
  });

  it('A on instance 1 gets new_message sent by B through instance 2 (REST and socket); ticks cross back', async () => {
    const [url1, url2] = [await listen(one), await listen(two)];
    const a = await member(one);
    const b = await member(two);
    const sa = await connect(url1, a.cookie);
    const sb = await connect(url2, b.cookie);
    sockets.push(sa, sb);
    const conv = ZStartChatResponse.parse((await call(two, 'POST', '/api/chat/start', { cookie: b.cookie, body: { recipientId: a.id } })).json()).id;
    const res = await call(two, 'POST', `/api/inbox/conversations/${conv}/messages`, { cookie: b.cookie, body: { text: 'via REST on 2' } });
    expect(res.statusCode).toBe(201);
    expect((await sa.next('new_message')).message).toMatchObject({ id: res.json().id, senderId: b.id });
    sb.send({ type: 'send_message', conversationId: conv, content: 'via socket on 2', clientMessageId: 'two-1' });
    const got = await sa.next('new_message', (f) => f.message.content === 'via socket on 2');
    expect(got.senderName).toBe(b.username);
    sa.send({ type: 'mark_read', conversationId: conv });
    const status = await sb.next('message_status', (f) => !!f.readAt);
    expect(status.messageIds).toEqual([res.json().id, got.message.id]);
  });
});
