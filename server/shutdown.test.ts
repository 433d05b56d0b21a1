import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE } from '../common/ws-events.ts';
import { buildTestApp, type TestApp } from './test/app.ts';
import { freshIp } from './test/auth.ts';
import { addCategory, createPost } from './test/forum.ts';
import { member, type Member } from './test/members.ts';
import { connect, listen, pause } from './test/sockets.ts';
import { stopServing } from './shutdown.ts';

// The stop a rolling restart relies on (issue 29; docs/OPERATIONS.md "Rolling restarts"), on a real
// listening app and real HTTP: /readyz goes 503 at once while every request is still answered, sockets
// are told to reconnect (1012), and what was in flight when the listener closed is answered in full.

type Answer = { status: number; connection?: string; body: string };

/** One HTTP request over `agent` (keep-alive, as a proxy's pool to the app); a network error rejects. */
function request(port: number, agent: http.Agent, method: string, path: string, opts: { cookie?: string; body?: object } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = opts.body ? JSON.stringify(opts.body) : undefined;
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers: headers(opts.cookie, payload) }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const APP_ORIGIN = 'http://localhost:5000';
const headers = (cookie: string | undefined, payload: string | undefined): http.OutgoingHttpHeaders => ({
  'x-forwarded-for': freshIp(),
  ...(cookie ? { cookie } : {}),
  ...(payload ? { origin: APP_ORIGIN, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
});

/**
 * A request whose body is still on its way: the headers and half of the body now, the rest when
 * `finish()` is called (a slow upload, a phone on a weak signal).
 */
function slowRequest(port: number, agent: http.Agent, path: string, cookie: string, body: object) {
  const payload = JSON.stringify(body);
  const half = Math.floor(payload.length / 2);
  let finish!: () => void;
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path, agent, headers: headers(cookie, payload) }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
    });
    req.on('error', reject);
    req.write(payload.slice(0, half));
    finish = () => req.end(payload.slice(half));
  });
  return { answer, finish: () => finish() };
}

/** Whether a new TCP connection to the port is accepted. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
  });

describe('stopping behind a proxy (server/shutdown.ts)', () => {
  let t: TestApp;
  let port: number;
  let author: Member;
  let post: { id: number; slug: string };

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    const url = await listen(t);
    port = Number(new URL(url).port);
    expect((t.app.server.address() as AddressInfo).port).toBe(port);
    author = await member(t);
    post = await createPost(t, author.cookie, (await addCategory(t.database.db)).id);
  }, 120_000);
  afterAll(async () => {
    await t.close(); // the app is closed already: a second close() is a no-op
  });

  it('drains (/readyz 503, every request answered), tells sockets 1012, and answers what was in flight when the listener closed', async () => {
    const DRAIN_MS = 1500;
    const pool = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const reader = await member(t);
    const socket = await connect(`ws://127.0.0.1:${port}/ws`, reader.cookie);
    // Keep-alive connections the pool holds idle when the listener closes must not hold the stop up.
    expect((await request(port, pool, 'GET', '/readyz')).status).toBe(200);

    // A proxy's health check every 100 ms; its traffic keeps coming here until the check sees the 503.
    let takenOut = false;
    const healthCheck = (async () => {
      for (;;) {
        const ready = await request(port, pool, 'GET', '/readyz');
        if (ready.status === 503) {
          expect(JSON.parse(ready.body)).toEqual({ message: 'Shutting down' });
          takenOut = true;
          return;
        }
        await pause(100);
      }
    })();
    const answers: Answer[] = [];
    const load = Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        while (!takenOut) {
          const path = i % 2 ? `/api/forum/posts/${post.slug}` : '/api/forum/posts?page=1';
          answers.push(await request(port, pool, 'GET', path, { cookie: i % 3 ? reader.cookie : undefined }));
        }
      }),
    );
    // An upload on its way: it started before the stop and finishes after the listener has closed.
    const inFlight = slowRequest(port, pool, `/api/forum/posts/${post.id}/comments`, reader.cookie, { content: 'Sent while the server was stopping.' });
    await pause(50);

    const stopped = stopServing(t.app, { drainMs: DRAIN_MS, graceMs: 5000 });
    expect(t.app.lifecycle.state).toBe('draining');
    // Draining: readiness says no at once; the process itself, the API and sockets carry on.
    expect((await request(port, pool, 'GET', '/readyz')).status).toBe(503);
    expect((await request(port, pool, 'GET', '/healthz')).status).toBe(200);
    expect((await request(port, pool, 'GET', `/api/forum/posts/${post.slug}`)).status).toBe(200);
    await healthCheck;
    await load;
    socket.send({ type: 'ping' });
    expect(await socket.next('pong')).toEqual({ type: 'pong' });
    expect(await accepts(port)).toBe(true);

    // Closing: the socket is told to reconnect now, and the listener goes.
    expect(await socket.closed).toEqual({ code: WS_CLOSE.restarting, reason: 'Server restarting' });
    while (t.app.server.listening) await pause(10);
    expect(await accepts(port)).toBe(false);
    inFlight.finish();
    const comment = await inFlight.answer;
    expect(comment.status, comment.body).toBe(201);
    expect(JSON.parse(comment.body)).toMatchObject({ content: 'Sent while the server was stopping.' });
    // So the proxy's pool drops this connection rather than sending another request down it.
    expect(comment.connection).toBe('close');

    const started = Date.now();
    expect(await stopped).toBe('closed');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    pool.destroy();
  }, 60_000);
});
