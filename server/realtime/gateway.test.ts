import cookie from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZNotification } from '../../common/contracts/notifications.ts';
import { WS_CLOSE, WS_MAX_FRAME_BYTES } from '../../common/ws-events.ts';
import { sessions, users } from '../db/schema/index.ts';
import { systemClock } from '../core.ts';
import { createIdentity, SESSION_IDLE_MS } from '../identity/index.ts';
import { sessionPlugin } from '../plugins/session.ts';
import { UNSTORABLE_TEXT_MSG } from '../plugins/storable-text.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { addCategory, createComment, createPost } from '../test/forum.ts';
import { call, member, type Member } from '../test/members.ts';
import { connect, listen, pause, testBus, type TestSocket } from '../test/sockets.ts';
import { MAX_FRAMES_PER_WINDOW, realtimePlugin, USER_EVENTS, WS_MSG } from './gateway.ts';

describe('WebSocket /ws', () => {
  let t: TestApp;
  let url: string;
  let a: Member, b: Member, suspended: Member;
  let cat: { id: number };
  const bus = testBus();
  const open: TestSocket[] = [];
  const socket = async (cookie?: string, opts?: Parameters<typeof connect>[2]) => {
    const s = await connect(url, cookie, opts);
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await buildTestApp('pglite', {}, { bus });
    url = await listen(t);
    cat = await addCategory(t.database.db);
    a = await member(t);
    b = await member(t);
    suspended = await member(t, 'suspended');
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await t.close();
  });

  it('a guest, a bad cookie and a suspended account are closed with 4401 (the browser sees the code)', async () => {
    for (const cookie of [undefined, 'sid=not-a-session', suspended.cookie]) {
      const s = await socket(cookie);
      expect(await s.closed).toEqual({ code: WS_CLOSE.unauthorized, reason: 'Authentication required' });
      expect(s.frames).toEqual([]);
    }
    expect(t.app.gateway.socketCount()).toBe(0);
  });

  it("another site's page may not open a socket with the member's cookie (4403); the site's own may", async () => {
    const evil = await socket(a.cookie, { headers: { origin: 'https://evil.example' } });
    expect((await evil.closed).code).toBe(WS_CLOSE.forbiddenOrigin);
    const own = await socket(a.cookie, { headers: { origin: t.app.deps.config.appUrl } });
    own.send({ type: 'ping' });
    await own.next('pong');
    await own.close();
  });

  it('authenticate {userId}: success only for the cookie’s user (number or string); ping → pong', async () => {
    const s = await socket(a.cookie);
    s.send({ type: 'authenticate', userId: a.id });
    expect(await s.next('authenticated')).toEqual({ type: 'authenticated', success: true });
    s.send({ type: 'authenticate', userId: String(a.id) });
    expect((await s.next('authenticated')).success).toBe(true);
    s.send({ type: 'authenticate', userId: b.id });
    expect(await s.next('authenticated')).toEqual({ type: 'authenticated', success: false });
    s.send({ type: 'ping', conversationId: 12 });
    expect(await s.next('pong')).toEqual({ type: 'pong' });
    expect(s.ws.readyState).toBe(s.ws.OPEN);
    await s.close();
  });

  it('a bad frame gets error {message} and the socket lives on', async () => {
    const s = await socket(a.cookie);
    const bad: Array<[unknown, string]> = [
      ['{not json', WS_MSG.notJson],
      ['"just a string"', WS_MSG.noType],
      ['[1,2]', WS_MSG.noType],
      [{ kind: 'ping' }, WS_MSG.noType],
      [{ type: 'shout' }, WS_MSG.unknownType('shout')],
      [{ type: '__proto__' }, WS_MSG.unknownType('__proto__')],
      [{ type: 'authenticate' }, 'Invalid authenticate frame: userId: Invalid input'],
      // Text the database cannot store is refused before any handler (it once failed the insert).
      [{ type: 'send_message', conversationId: 1, content: 'a\u0000b', clientMessageId: 'nul-1' }, `Invalid send_message frame: content: ${UNSTORABLE_TEXT_MSG}`],
      [{ type: 'send_message', conversationId: 1, content: 'half \ud800', clientMessageId: 'sur-1' }, `Invalid send_message frame: content: ${UNSTORABLE_TEXT_MSG}`],
    ];
    for (const [frame, message] of bad) {
      s.send(frame);
      const err = await s.next('error');
      if (message.startsWith('Invalid authenticate')) expect(err.message).toMatch(/^Invalid authenticate frame: userId/);
      else expect(err).toEqual({ type: 'error', message });
    }
    s.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await s.next('error')).message).toBe(WS_MSG.notJson);
    s.send({ type: 'ping' });
    await s.next('pong');
    await s.close();
  });

  it(`a frame over ${WS_MAX_FRAME_BYTES} bytes closes that socket with 1009; one just under is read`, async () => {
    const s = await socket(a.cookie);
    s.send({ type: 'ping', conversationId: 'x'.repeat(40), pad: 'y'.repeat(WS_MAX_FRAME_BYTES - 200) });
    await s.next('pong');
    s.send({ type: 'ping', pad: 'y'.repeat(WS_MAX_FRAME_BYTES + 1) });
    expect((await s.closed).code).toBe(WS_CLOSE.tooBig);
    // The gateway is fine for everyone else.
    const other = await socket(a.cookie);
    other.send({ type: 'ping' });
    await other.next('pong');
    await other.close();
  });

  it(`more than ${MAX_FRAMES_PER_WINDOW} frames in 10 s: one error, the rest dropped, the socket stays`, async () => {
    const s = await socket(b.cookie);
    for (let i = 0; i < MAX_FRAMES_PER_WINDOW + 5; i++) s.send({ type: 'ping' });
    expect((await s.next('error')).message).toBe(WS_MSG.tooMany);
    await pause(100);
    expect(s.frames.filter((f) => f.type === 'pong')).toHaveLength(MAX_FRAMES_PER_WINDOW);
    expect(s.frames.filter((f) => f.type === 'error')).toHaveLength(1);
    expect(s.ws.readyState).toBe(s.ws.OPEN);
    await s.close();
  });

  it("B comments on A's post → each of A's sockets gets notification:new; B's does not; read-all in one tab reaches the other", async () => {
    const tab1 = await socket(a.cookie);
    const tab2 = await socket(a.cookie);
    const bSocket = await socket(b.cookie);
    expect(t.app.gateway.socketCount(a.id)).toBe(2);
    const p = await createPost(t, a.cookie, cat.id, { title: 'Depot rota at Hinckley' });
    const c = await createComment(t, b.cookie, p.id, { content: 'Same at Daventry' });

    for (const tab of [tab1, tab2]) {
      const frame = await tab.next('notification:new');
      const n = ZNotification.parse(frame.notification);
      expect(n).toMatchObject({
        type: 'comment',
        title: 'New comment on your post',
        message: `${b.username} commented on "Depot rota at Hinckley"`,
        isRead: false,
        postId: p.id,
        commentId: c.id,
        postSlug: p.slug,
      });
    }
    bSocket.send({ type: 'ping' });
    await bSocket.next('pong');
    expect(bSocket.frames.map((f) => f.type)).toEqual(['pong']);

    const res = await call(t, 'POST', '/api/forum/notifications/read-all', { cookie: a.cookie });
    expect(res.statusCode).toBe(200);
    expect(await tab2.next('notification:markRead')).toEqual({ type: 'notification:markRead', ids: [] });
    expect(await tab1.next('notification:markRead')).toEqual({ type: 'notification:markRead', ids: [] });

    // Reading one: its id, to every tab.
    await createComment(t, b.cookie, p.id, { content: 'And at Lutterworth' });
    const { notification } = await tab1.next('notification:new');
    await call(t, 'POST', `/api/forum/notifications/${notification.id}/read`, { cookie: a.cookie });
    expect((await tab2.next('notification:markRead')).ids).toEqual([notification.id]);
    expect((await tab1.next('notification:markRead')).ids).toEqual([notification.id]);
    await Promise.all([tab1.close(), tab2.close(), bSocket.close()]);
  });

  it("sendToUsers: the frames of one event are one bus event; each member's sockets get theirs, in order", async () => {
    const seen: unknown[] = [];
    const stop = await bus.subscribe(USER_EVENTS, (e) => seen.push(e));
    const [sa1, sa2, sb] = [await socket(a.cookie), await socket(a.cookie), await socket(b.cookie)];
    await t.app.gateway.sendToUsers([
      { userId: a.id, frame: { type: 'error', message: 'one' } },
      { userId: b.id, frame: { type: 'error', message: 'two' } },
      { userId: a.id, frame: { type: 'error', message: 'three' } },
    ]);
    for (const s of [sa1, sa2]) {
      await s.next('error', (f) => f.message === 'three');
      expect(s.frames).toEqual([
        { type: 'error', message: 'one' },
        { type: 'error', message: 'three' },
      ]);
    }
    await sb.next('error', (f) => f.message === 'two');
    await pause(50);
    expect(sb.frames).toEqual([{ type: 'error', message: 'two' }]);
    expect(seen).toHaveLength(1);
    await t.app.gateway.sendToUsers([]);
    await t.app.gateway.sendToUsers([{ userId: b.id, frame: { type: 'pong' } }]);
    await sb.next('pong');
    expect(seen).toHaveLength(2);
    await stop();
    await Promise.all([sa1.close(), sa2.close(), sb.close()]);
  });

  it('a closed socket is forgotten', async () => {
    const s = await socket(b.cookie);
    expect(t.app.gateway.socketCount(b.id)).toBe(1);
    await s.close();
    await pause(50);
    expect(t.app.gateway.socketCount(b.id)).toBe(0);
  });

  it('gateway.on refuses a type without a schema and a second handler for a type', () => {
    expect(() => t.app.gateway.on('ping', () => undefined)).toThrow(/already has a handler/);
    expect(() => t.app.gateway.on('nope' as 'ping', () => undefined)).toThrow(/no schema/);
  });
});

describe('gateway heartbeat and session checks (heartbeat shortened to 150 ms)', () => {
  let t: TestApp;
  let bare: FastifyInstance;
  let url: string;
  let m: Member;
  /** The services' clock of both plugins: the system's, moved on by `ahead`. */
  let ahead = 0;
  const clock = { now: () => new Date(systemClock.now().getTime() + ahead) };

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    m = await member(t);
    // The same plugins as the app, on the same database, with a short heartbeat.
    bare = Fastify();
    await bare.register(cookie);
    await bare.register(sessionPlugin, { config: t.app.deps.config, identity: createIdentity({ db: t.database.db, clock }), members: t.app.memberCache });
    await bare.register(realtimePlugin, { config: t.app.deps.config, db: t.database.db, clock, heartbeatMs: 150 });
    await bare.listen({ host: '127.0.0.1', port: 0 });
    url = `ws://127.0.0.1:${(bare.server.address() as AddressInfo).port}/ws`;
  });
  afterAll(async () => {
    await bare.close();
    await t.close();
  });

  it('a socket that answers pings stays; one that does not is dropped', async () => {
    const live = await connect(url, m.cookie);
    const dead = await connect(url, m.cookie, { autoPong: false });
    expect(bare.gateway.socketCount(m.id)).toBe(2);
    const { code } = await dead.closed; // terminated: no close frame
    expect(code).toBe(1006);
    await pause(400);
    expect(live.ws.readyState).toBe(live.ws.OPEN);
    expect(bare.gateway.socketCount(m.id)).toBe(1);
    await live.close();
  });

  it('a socket whose session ended (sign-out, suspension) is closed with 4401 at the next beat', async () => {
    const s1 = await connect(url, m.cookie);
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, m.id));
    expect(await s1.closed).toEqual({ code: WS_CLOSE.unauthorized, reason: 'Session ended' });
    await t.database.db.update(users).set({ suspendedAt: null }).where(eq(users.id, m.id));

    const s2 = await connect(url, m.cookie);
    await t.database.db.delete(sessions).where(eq(sessions.userId, m.id));
    expect((await s2.closed).code).toBe(WS_CLOSE.unauthorized);
  });

  it('a session idle for 14 days is dead: its open socket is closed at the next beat, and it cannot open another', async () => {
    const idle = await member(t);
    const s = await connect(url, idle.cookie);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 60_000) })
      .where(eq(sessions.userId, idle.id));
    // Nothing the member cache keeps lives for two weeks.
    await t.app.memberCache.invalidate();
    expect(await s.closed).toEqual({ code: WS_CLOSE.unauthorized, reason: 'Session ended' });
    const again = await connect(url, idle.cookie);
    expect(await again.closed).toEqual({ code: WS_CLOSE.unauthorized, reason: 'Authentication required' });
  });

  it("the beat reads the services' clock: a session idle for 14 days by it ends there, as it does for a request", async () => {
    const idle = await member(t);
    const s = await connect(url, idle.cookie);
    ahead = SESSION_IDLE_MS + 60_000;
    try {
      await t.app.memberCache.invalidate();
      expect(await Promise.race([s.closed, pause(2000).then(() => 'still open after 2 s')])).toEqual({ code: WS_CLOSE.unauthorized, reason: 'Session ended' });
    } finally {
      ahead = 0;
    }
  });

  it('app.close() closes open sockets with 1012 (reconnect now)', async () => {
    const other = await member(t);
    const s = await connect(url, other.cookie);
    const closing = bare.close();
    expect(await s.closed).toEqual({ code: WS_CLOSE.restarting, reason: 'Server restarting' });
    await closing;
  });
});
