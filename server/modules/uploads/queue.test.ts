import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MSG } from '../../../common/rules/uploads.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { uploads } from '../../db/schema/index.ts';
import { waitText } from '../../plugins/rate-limits.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { freshIp } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { formData, png, upload } from '../../test/images.ts';
import { insertMember, member } from '../../test/members.ts';
import { createUploadQueue, UploadAbandoned } from './queue.ts';
import { createUploadService, filesOf } from './service.ts';
import { localStorage, type UploadStorage } from './storage.ts';

// Photos under pressure (issue 29, item 5): a fixed number processed at once and a short line; one
// more is refused with 429 and Retry-After before its file is read; a photo whose client went away
// is not kept. Against a real listening server: what a client sees on its own connection.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, done: () => boolean, ms = 20_000) {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

type Answer = { status: number; headers: Record<string, string>; body: string };

/** Every test connection, dropped before the app closes (which waits for open requests). */
const connections: net.Socket[] = [];

/**
 * POST /api/uploads on a connection of its own, as a browser sends it (multipart, field `file`), its
 * head sent at once and its body when the test says (`send`). `answer` settles with the first
 * response; `closedByServer` when the server ends the connection.
 */
function rawUpload(port: number, origin: string, cookie: string | undefined, file: Buffer) {
  const { payload, contentType } = formData([{ name: 'file', filename: 'photo.png', type: 'image/png', body: file }]);
  const socket = net.connect(port, '127.0.0.1');
  connections.push(socket);
  let localPort = 0;
  socket.once('connect', () => (localPort = socket.localPort!));
  let received = Buffer.alloc(0);
  let sent = 0;
  const answer = new Promise<Answer>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length'] ?? 0);
      if (received.length < end + 4 + length) return;
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: received.subarray(end + 4, end + 4 + length).toString() });
    });
    socket.once('close', () => reject(new Error('the connection closed without an answer')));
  });
  answer.catch(() => undefined);
  // Writing after the server closed fails (EPIPE, reset): the test reads what it answered before.
  socket.on('error', () => undefined);
  const closedByServer = new Promise<void>((resolve) => socket.once('end', resolve));
  socket.write(
    `POST /api/uploads HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${contentType}\r\nContent-Length: ${payload.length}\r\n` +
      `Origin: ${origin}\r\nX-Forwarded-For: ${freshIp()}\r\n${cookie ? `Cookie: ${cookie}\r\n` : ''}\r\n`,
  );
  return {
    answer,
    closedByServer,
    /** This connection's port on the client side: the server's socket for it has it as remotePort. */
    localPort: () => localPort,
    /** Sends the body on from where it stopped, up to `upTo` bytes of it (all by default). */
    send(upTo = payload.length) {
      socket.write(payload.subarray(sent, upTo));
      sent = upTo;
    },
    /** The client goes away (a closed tab, a timeout): the connection is dropped. */
    abort: () => socket.destroy(),
  };
}

/** `count` uploads of 3 MB at once with fetch from a process of their own: their statuses, or how they failed. */
function fetchFromElsewhere(port: number, origin: string, cookie: string, count: number): Promise<Array<number | string>> {
  const script = `
    const blob = new Blob([new Uint8Array(3_200_000).fill(0xab)], { type: 'image/jpeg' });
    const send = async () => {
      const form = new FormData();
      form.append('file', blob, 'photo.jpg');
      try {
        const res = await fetch(process.env.URL, { method: 'POST', body: form, headers: { cookie: process.env.COOKIE, origin: process.env.ORIGIN } });
        await res.text();
        return res.status;
      } catch (err) {
        return err.cause?.code ?? err.message;
      }
    };
    console.log(JSON.stringify(await Promise.all(Array.from({ length: ${count} }, send))));`;
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ['--input-type=module', '-e', script],
      { env: { PATH: process.env.PATH, URL: `http://127.0.0.1:${port}/api/uploads`, COOKIE: cookie, ORIGIN: origin }, timeout: 30_000 },
      (err, stdout) => (err ? reject(err) : resolve(JSON.parse(stdout) as Array<number | string>)),
    ),
  );
}

describe('the upload queue', () => {
  it('processes at most `parallel` at once, in order of arrival, and has no place beyond parallel + waiting', async () => {
    const queue = createUploadQueue({ parallel: 1, waiting: 1 });
    const a = queue.admit()!;
    const b = queue.admit()!;
    expect(queue.admit()).toBeNull();
    const order: string[] = [];
    let finishA!: () => void;
    const doneA = a.process(() => new Promise<void>((resolve) => ((finishA = resolve), order.push('a'))));
    const doneB = b.process(async () => void order.push('b'));
    await sleep(10);
    expect(order).toEqual(['a']);
    expect(queue.stats()).toEqual({ held: 2, processing: 1 });
    finishA();
    await Promise.all([doneA, doneB]);
    expect(order).toEqual(['a', 'b']);
    a.release();
    b.release();
    b.release(); // again: nothing more is given back
    expect(queue.stats()).toEqual({ held: 0, processing: 0 });
    await queue.idle();
  });

  it('a place given back while its photo is processed is freed when the work ends; one waiting its turn leaves the line when its client goes', async () => {
    const queue = createUploadQueue({ parallel: 1, waiting: 1 });
    const working = queue.admit()!;
    const waiting = queue.admit()!;
    let finish!: () => void;
    const done = working.process(() => new Promise<void>((resolve) => (finish = resolve)));
    const gone = new AbortController();
    let ran = false;
    const left = waiting.process(async () => void (ran = true), gone.signal);
    await sleep(5);
    gone.abort();
    await expect(left).rejects.toBeInstanceOf(UploadAbandoned);
    waiting.release();
    // Its client went too, but libvips cannot be stopped halfway: the place stays taken until it ends.
    working.release();
    expect(queue.stats()).toEqual({ held: 1, processing: 1 });
    expect(queue.admit()).not.toBeNull(); // the waiting one's place is free again
    finish();
    await done;
    expect(ran).toBe(false);
    expect(queue.stats().processing).toBe(0);
    // A place given back is no ticket to a turn.
    await expect(working.process(async () => 1)).rejects.toBeInstanceOf(UploadAbandoned);
  });

  it('asks a refused client to come back when the queue’s work is likely done: 1 to 60 seconds', () => {
    const queue = createUploadQueue({ parallel: 2, waiting: 200 });
    // Before any photo: 2 s each is assumed.
    expect(queue.retryAfterSeconds()).toBe(1);
    for (let i = 0; i < 10; i++) queue.admit();
    expect(queue.retryAfterSeconds()).toBe(10); // 10 photos, two at a time, 2 s each
    for (let i = 0; i < 190; i++) queue.admit();
    expect(queue.retryAfterSeconds()).toBe(60);
    const busy = queue.busy();
    expect(busy.statusCode).toBe(429);
    expect(busy.retryAfter).toBe(60);
    expect(busy.message).toBe('Lots of photos are being uploaded right now. Please try again in 60 seconds.');
  });

  it('is configured by UPLOAD_CONCURRENCY and UPLOAD_QUEUE (2 and 8 by default)', () => {
    expect(loadConfig({})).toMatchObject({ uploadConcurrency: 2, uploadQueue: 8 });
    expect(loadConfig({ UPLOAD_CONCURRENCY: '4', UPLOAD_QUEUE: '0' })).toMatchObject({ uploadConcurrency: 4, uploadQueue: 0 });
    for (const env of [{ UPLOAD_CONCURRENCY: '0' }, { UPLOAD_CONCURRENCY: '1.5' }, { UPLOAD_QUEUE: '-1' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(Object.keys(env)[0]);
    }
  });
});

describe.each(testDatabases)('photos under pressure on %s', (kind) => {
  let t: TestApp;
  let port: number;
  let origin: string;
  /** The server's side of each test connection, by the client's port. */
  const serverSide = new Map<number, net.Socket>();
  const dirOf = (name: string) => path.join(t.app.deps.config.dataDir, name);
  const list = (name: string) => (fs.existsSync(dirOf(name)) ? fs.readdirSync(dirOf(name)).sort() : []);
  const rowsOf = (userId: number) => t.database.db.select().from(uploads).where(eq(uploads.userId, userId));

  beforeAll(async () => {
    // One photo processed at a time and one more place: three at once is already one too many.
    t = await buildTestApp(kind, { UPLOAD_CONCURRENCY: '1', UPLOAD_QUEUE: '1' });
    t.app.server.on('connection', (socket: net.Socket) => serverSide.set(socket.remotePort!, socket));
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    origin = t.app.deps.config.appUrl;
  });
  afterAll(async () => {
    for (const socket of connections.splice(0)) socket.destroy();
    await t?.close();
  });

  it('when every place is taken, answers 429 with Retry-After and a plain message before reading the body, and closes the connection', async () => {
    const photo = await png(400, 300);
    const members = [await insertMember(t), await insertMember(t), await insertMember(t)];
    const clients = members.map((m) => rawUpload(port, origin, m.cookie, photo));
    // Only their heads were sent: two take the places and wait for their files, the third is refused
    // at once, whichever it is.
    const refused = await Promise.race(clients.map((c, i) => c.answer.then(() => i)));
    const answer = await clients[refused].answer;
    expect(answer.status).toBe(429);
    const wait = Number(answer.headers['retry-after']);
    expect(Number.isInteger(wait) && wait >= 1 && wait <= 60, `Retry-After ${answer.headers['retry-after']}`).toBe(true);
    expect(JSON.parse(answer.body)).toEqual({ message: UPLOAD_MSG.busy(waitText(wait * 1000)) });
    expect(answer.headers.connection).toBe('close');
    await clients[refused].closedByServer;

    // A client that sends its whole file straight after its head (as fetch and browsers do) is told
    // the same, and the server reads little of the 3 MB before closing the connection.
    const eager = rawUpload(port, origin, (await insertMember(t)).cookie, Buffer.alloc(3_200_000, 0xab));
    eager.send();
    expect((await eager.answer).status).toBe(429);
    await eager.closedByServer;
    await sleep(50);
    expect(serverSide.get(eager.localPort())!.bytesRead).toBeLessThan(1024 * 1024);

    // Clients in another process sending 3 MB each as fetch does (writing while the answer comes
    // back): each reads its 429, none sees a broken connection.
    expect(await fetchFromElsewhere(port, origin, (await insertMember(t)).cookie, 5)).toEqual(Array(5).fill(429));

    // Who may upload is still checked first: a guest 401, an unverified member 403.
    expect((await upload(t, undefined, { body: photo })).statusCode).toBe(401);
    expect((await upload(t, (await member(t, 'unverified')).cookie, { body: photo })).statusCode).toBe(403);

    // The two with places send their files and are stored as ever.
    const admitted = clients.filter((_, i) => i !== refused);
    for (const c of admitted) c.send();
    for (const [i, c] of clients.entries()) {
      if (i === refused) continue;
      const stored = await c.answer;
      expect(stored.status, stored.body).toBe(201);
      const up = JSON.parse(stored.body) as { id: string; url: string; width: number; height: number };
      expect(up).toMatchObject({ url: `/uploads/${up.id}/full.webp`, width: 400, height: 300 });
      expect(await rowsOf(members[i].id)).toHaveLength(1);
      expect(list(`uploads/${up.id}`)).toEqual(['full.jpg', 'full.webp', 'w320.webp']);
    }
    // Places free again: the refused member's next try is stored.
    expect((await rowsOf(members[refused].id)).length).toBe(0);
    const again = await upload(t, members[refused].cookie, { body: photo });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('a client that goes away while its photo is processed, or while it waits its turn, leaves no row and no file', async () => {
    // 24 megapixels of one colour: small to send, a second or more to decode on one thread.
    const slow = await png(6000, 4000);
    const [a, b, c] = [await insertMember(t), await insertMember(t), await insertMember(t)];
    const before = list('uploads');
    const first = rawUpload(port, origin, a.cookie, slow);
    first.send();
    await waitFor('the first file to arrive', () => list('incoming').length === 1);
    const second = rawUpload(port, origin, b.cookie, slow);
    second.send();
    // Both files are in: the first is being processed (one at a time here), the second waits its turn.
    const arrived = () => list('incoming').filter((f) => fs.statSync(path.join(dirOf('incoming'), f)).size === slow.length).length;
    await waitFor('both files to arrive', () => arrived() === 2);
    first.abort();
    second.abort();
    await waitFor('the server to see both clients go', () => [first, second].every((c) => serverSide.get(c.localPort())!.destroyed));

    // Another member's photo takes its turn once the first's processing (which cannot be stopped) ends.
    const next = await upload(t, c.cookie, { body: await png(40, 40) });
    expect(next.statusCode, next.body).toBe(201);
    const { id } = next.json() as { id: string };
    expect(await rowsOf(a.id)).toEqual([]);
    expect(await rowsOf(b.id)).toEqual([]);
    expect(list('uploads')).toEqual([...before, id].sort());
    await waitFor('the received files to be deleted', () => list('incoming').length === 0, 5_000);
  });

  it('a client whose file stops arriving is answered 408 after 20 s and its place goes to someone else', { timeout: 60_000 }, async () => {
    const photo = await png(400, 300);
    const [a, b, c] = [await insertMember(t), await insertMember(t), await insertMember(t)];
    // Both places: one sends half its file and stops, the other only its head.
    const half = rawUpload(port, origin, a.cookie, photo);
    half.send(Math.floor(photo.length / 2));
    const none = rawUpload(port, origin, b.cookie, photo);
    const started = Date.now();
    for (const stalled of [half, none]) {
      const answer = await stalled.answer;
      expect(answer.status, answer.body).toBe(408);
      expect(JSON.parse(answer.body)).toEqual({ message: UPLOAD_MSG.networkFailed });
      expect(answer.headers.connection).toBe('close');
      await stalled.closedByServer;
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(19_000);
    expect(await rowsOf(a.id)).toEqual([]);
    await waitFor('the received part to be deleted', () => list('incoming').length === 0, 5_000);
    const next = await upload(t, c.cookie, { body: photo });
    expect(next.statusCode, next.body).toBe(201);
  });

  it('a photo whose client goes while it is being stored is removed again, row and files; one unanswered after storing goes too', async () => {
    const disk = localStorage(t.app.deps.config.dataDir);
    const gone = new AbortController();
    const photo = await png(800, 600);
    const expected = filesOf({ widths: [320, 640] }).length;
    let puts = 0;
    // The real disk, and the client leaving just as the last file is written (the row comes next).
    const storage: UploadStorage = {
      ...disk,
      async put(key, body, type) {
        await disk.put(key, body, type);
        if (++puts === expected) gone.abort();
      },
    };
    const service = createUploadService({ ...t.app.deps, db: t.database.db, clock: { now: () => new Date() }, log: t.app.log }, { storage });
    const m = await insertMember(t);
    const before = list('uploads');
    await expect(service.create(m, photo, { signal: gone.signal })).rejects.toBeInstanceOf(UploadAbandoned);
    expect(puts).toBe(expected);
    expect(await rowsOf(m.id)).toEqual([]);
    expect(list('uploads')).toEqual(before);

    // Stored and answered, but the answer never reached the client (the route's check after sending).
    const up = await service.create(m, photo);
    expect(await rowsOf(m.id)).toHaveLength(1);
    await service.discard(up.id);
    expect(await rowsOf(m.id)).toEqual([]);
    expect(list('uploads')).toEqual(before);
    expect(service.queue.stats()).toEqual({ held: 0, processing: 0 });
  });
});
