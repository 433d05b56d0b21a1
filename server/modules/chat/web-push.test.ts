// A chat message reaches the recipient's devices by Web Push when they have no open socket in any
// process: the app's push service posts to an in-process HTTPS push service (server/test/push-service.ts)
// and each request is decrypted with the device's own keys. Presence across processes is asked over
// the Redis bus (skipped without REDIS_URL).
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZStartChatResponse } from '../../../common/contracts/chat.ts';
import { CHAT_MSG } from '../../../common/rules/chat.ts';
import { createEventBus, type EventBus } from '../../realtime/bus.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { unique } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, member, suspend, type Member } from '../../test/members.ts';
import { browserSubscription, decryptPush, startPushService, type BrowserSubscription, type PushServiceStandIn } from '../../test/push-service.ts';
import { insertUpload } from '../../test/photos.ts';
import { connect, listen, pause, type TestSocket } from '../../test/sockets.ts';
import { pushTopic } from '../push/index.ts';
import { createPresence, PRESENCE_WAIT_MS } from './presence.ts';
import { CHAT_PUSH_BODY_MAX, chatPushMessage } from './push.ts';

const silent = pino({ level: 'silent' });

describe('chat push messages', () => {
  it('name the sender, show the text on one line, open the conversation and replace its earlier ones', () => {
    expect(chatPushMessage({ conversationId: 12, senderName: 'sam_driver', text: 'Running late\n\nat the  depot' })).toEqual({
      title: 'New message from sam_driver',
      body: 'Running late at the depot',
      url: '/inbox/12',
      tag: 'conversation:12',
    });
  });
  it(`cut a long text to ${CHAT_PUSH_BODY_MAX} characters, at a word where there is one`, () => {
    const words = chatPushMessage({ conversationId: 1, senderName: 'a', text: 'parcel '.repeat(100) }).body;
    expect(Array.from(words).length).toBeLessThanOrEqual(CHAT_PUSH_BODY_MAX);
    expect(words).toMatch(/ parcel…$/);
    const emoji = chatPushMessage({ conversationId: 1, senderName: 'a', text: '🚚'.repeat(500) }).body;
    expect(Array.from(emoji)).toHaveLength(CHAT_PUSH_BODY_MAX);
    expect(emoji).toBe(Buffer.from(emoji, 'utf8').toString('utf8'));
  });
});

describe.each(testDatabases)('chat by web push on %s', (kind) => {
  let t: TestApp;
  let ps: PushServiceStandIn;
  let url: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    ps = await startPushService();
    t = await buildTestApp(kind, { PUSH_ENDPOINT_HOSTS: ps.host }, { push: { agent: ps.agent, retryBaseMs: 20, timeoutMs: 2_000 } });
    url = await listen(t);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await t?.close();
    await ps?.close();
  });
  afterEach(async () => {
    await settled();
    ps.reset();
  });

  /** Every presence check done and every push sent. */
  const settled = async () => {
    await t.app.jobs.settled();
  };
  async function phoneOf(m: Member): Promise<BrowserSubscription> {
    const b = browserSubscription(`https://${ps.host}/wpush/${unique('d')}`);
    const res = await call(t, 'POST', '/api/push/subscriptions', { cookie: m.cookie, body: b.json });
    expect(res.statusCode, res.body).toBe(201);
    return b;
  }
  const requestsTo = (d: BrowserSubscription) => ps.received.filter((r) => r.path === new URL(d.json.endpoint).pathname);
  const payloadsTo = (d: BrowserSubscription) => requestsTo(d).map((r) => JSON.parse(decryptPush(r.body, d)) as unknown);
  async function start(a: Member, b: Member) {
    const res = await call(t, 'POST', '/api/chat/start', { cookie: a.cookie, body: { recipientId: b.id } });
    expect(res.statusCode, res.body).toBe(200);
    return ZStartChatResponse.parse(res.json()).id;
  }
  async function send(a: Member, conversationId: number, text: string, clientMessageId?: string) {
    const res = await call(t, 'POST', `/api/inbox/conversations/${conversationId}/messages`, { cookie: a.cookie, body: { text, clientMessageId } });
    expect([200, 201], res.body).toContain(res.statusCode);
  }
  async function socketOf(m: Member) {
    const s = await connect(url, m.cookie);
    sockets.push(s);
    // Open on the client's side first; the server counts it a moment later.
    for (let i = 0; i < 50 && t.app.gateway.socketCount(m.id) === 0; i++) await pause(20);
    return s;
  }

  it('a recipient with no open socket gets one push, urgent, kept an hour, tagged by conversation; the sender gets none', async () => {
    const [sam, jo] = [await member(t), await member(t)];
    const [samPhone, joPhone] = await Promise.all([phoneOf(sam), phoneOf(jo)]);
    const conversationId = await start(sam, jo);
    await send(sam, conversationId, 'Running 10 minutes late at the depot');
    await ps.until(1);
    await settled();

    expect(payloadsTo(joPhone)).toEqual([
      { title: `New message from ${sam.username}`, body: 'Running 10 minutes late at the depot', url: `/inbox/${conversationId}`, tag: `conversation:${conversationId}` },
    ]);
    const [req] = requestsTo(joPhone);
    expect(req.headers.urgency).toBe('high');
    expect(req.headers.ttl).toBe('3600');
    expect(req.headers.topic).toBe(pushTopic(`conversation:${conversationId}`));
    expect(requestsTo(samPhone)).toEqual([]);
    expect(ps.received).toHaveLength(1);
  });

  it(`a photo sent alone is pushed as "${CHAT_MSG.photoOnly}"`, async () => {
    const [sam, jo] = [await member(t), await member(t)];
    const joPhone = await phoneOf(jo);
    const conversationId = await start(sam, jo);
    const res = await call(t, 'POST', `/api/inbox/conversations/${conversationId}/messages`, {
      cookie: sam.cookie,
      body: { uploadId: await insertUpload(t.database.db, sam.id) },
    });
    expect(res.statusCode, res.body).toBe(201);
    await ps.until(1);
    await settled();
    expect(payloadsTo(joPhone)).toEqual([
      { title: `New message from ${sam.username}`, body: CHAT_MSG.photoOnly, url: `/inbox/${conversationId}`, tag: `conversation:${conversationId}` },
    ]);
  });

  it('a recipient with an open socket gets no push; once it closes, the next message is pushed', async () => {
    const [sam, jo] = [await member(t), await member(t)];
    const joPhone = await phoneOf(jo);
    const conversationId = await start(sam, jo);
    const joTab = await socketOf(jo);
    expect(t.app.gateway.socketCount(jo.id)).toBe(1);

    await send(sam, conversationId, 'Are you at the depot?');
    await joTab.next('new_message');
    await settled();
    expect(requestsTo(joPhone)).toEqual([]);

    await joTab.close();
    for (let i = 0; i < 50 && t.app.gateway.socketCount(jo.id) > 0; i++) await pause(20);
    await send(sam, conversationId, 'Never mind, found you');
    await ps.until(1);
    await settled();
    expect(payloadsTo(joPhone)).toEqual([
      { title: `New message from ${sam.username}`, body: 'Never mind, found you', url: `/inbox/${conversationId}`, tag: `conversation:${conversationId}` },
    ]);
  });

  it('a message sent again (the same clientMessageId) is pushed once; a suspended recipient gets nothing', async () => {
    const [sam, jo, kim] = [await member(t), await member(t), await member(t)];
    const [joPhone, kimPhone] = await Promise.all([phoneOf(jo), phoneOf(kim)]);
    const withJo = await start(sam, jo);
    const clientMessageId = crypto.randomUUID();
    await send(sam, withJo, 'Parcel left with the neighbour', clientMessageId);
    await send(sam, withJo, 'Parcel left with the neighbour', clientMessageId);
    const withKim = await start(sam, kim);
    await suspend(t.database.db, kim.id);
    await send(sam, withKim, 'Can you cover my Saturday round?');
    await ps.until(1);
    await settled();
    expect(payloadsTo(joPhone)).toHaveLength(1);
    expect(requestsTo(kimPhone)).toEqual([]);
  });
});

const REDIS_URL = process.env.REDIS_URL;
describe.skipIf(!REDIS_URL)(`presence across processes (Redis bus)${REDIS_URL ? '' : ' — skipped: needs REDIS_URL'}`, () => {
  const buses: EventBus[] = [];
  afterAll(async () => {
    for (const b of buses) await b.close();
  });

  it('a member with a socket in another process is online; one nobody claims is away after the wait', async () => {
    const bus = () => {
      const b = createEventBus({ redisUrl: REDIS_URL, log: silent });
      buses.push(b);
      return b;
    };
    // Process one holds a socket of member 1; process two of member 2; member 3 has none anywhere.
    const held = { one: new Set([1]), two: new Set([2]) };
    const one = await createPresence({ bus: bus(), socketCount: (id) => (held.one.has(id) ? 1 : 0), log: silent });
    const two = await createPresence({ bus: bus(), socketCount: (id) => (held.two.has(id) ? 1 : 0), log: silent });
    try {
      const started = Date.now();
      expect([...(await one.online([2]))]).toEqual([2]);
      expect(Date.now() - started).toBeLessThan(PRESENCE_WAIT_MS);
      expect([...(await two.online([1, 2]))].sort()).toEqual([1, 2]);

      const asked = Date.now();
      expect([...(await one.online([1, 2, 3]))].sort()).toEqual([1, 2]);
      expect(Date.now() - asked).toBeGreaterThanOrEqual(PRESENCE_WAIT_MS - 5);
      held.two.delete(2);
      expect([...(await one.online([2]))]).toEqual([]);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const twoSkip = !REDIS_URL || !TEST_DATABASE_URL;
describe.skipIf(twoSkip)(`chat push across two app instances${twoSkip ? ' — skipped: needs REDIS_URL and TEST_DATABASE_URL' : ''}`, () => {
  let one: TestApp, two: TestApp;
  let ps: PushServiceStandIn;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    ps = await startPushService();
    const env = { REDIS_URL: REDIS_URL!, PUSH_ENDPOINT_HOSTS: ps.host };
    const push = { agent: ps.agent, retryBaseMs: 20, timeoutMs: 2_000 };
    one = await buildTestApp('postgres', env, { push });
    two = await buildTestApp('postgres', env, { push, sameDatabaseAs: one });
  }, 60_000);
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    if (two) await two.close(); // before `one`, whose close drops the shared database
    if (one) await one.close();
    await ps?.close();
  });

  it('no push while the recipient has a socket on the other instance; one once it is closed', async () => {
    const [sam, jo] = [await member(one), await member(one)];
    const b = browserSubscription(`https://${ps.host}/wpush/${unique('d')}`);
    expect((await call(one, 'POST', '/api/push/subscriptions', { cookie: jo.cookie, body: b.json })).statusCode).toBe(201);
    const started = await call(two, 'POST', '/api/chat/start', { cookie: sam.cookie, body: { recipientId: jo.id } });
    const conversationId = ZStartChatResponse.parse(started.json()).id;
    const joTab = await connect(await listen(one), jo.cookie);
    sockets.push(joTab);
    for (let i = 0; i < 50 && one.app.gateway.socketCount(jo.id) === 0; i++) await pause(20);

    const sendOnTwo = async (text: string) => {
      const res = await call(two, 'POST', `/api/inbox/conversations/${conversationId}/messages`, { cookie: sam.cookie, body: { text } });
      expect(res.statusCode, res.body).toBe(201);
      await two.app.jobs.settled();
    };
    await sendOnTwo('Are you at the depot?');
    await joTab.next('new_message');
    expect(ps.received).toEqual([]);

    await joTab.close();
    for (let i = 0; i < 50 && one.app.gateway.socketCount(jo.id) > 0; i++) await pause(20);
    await sendOnTwo('Never mind, found you');
    await ps.until(1);
    expect(ps.received.map((r) => JSON.parse(decryptPush(r.body, b)) as { body: string }).map((p) => p.body)).toEqual(['Never mind, found you']);
  });
});
