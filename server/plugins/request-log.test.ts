import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { call } from '../test/members.ts';
import { RequestLog } from './request-log.ts';

// Issue 31 item 3: one log line per request (Fastify wrote two), routine reads sampled by
// LOG_REQUEST_SAMPLE, everything else always written.

type Line = { msg: string; req?: { method: string; url: string }; res?: { statusCode: number }; responseTime?: number };

function logSink() {
  const lines: Line[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) } };
}

describe('the app logs one line per request', () => {
  const sink = logSink();
  const sampled = logSink();
  let t: TestApp;
  let every: TestApp;

  beforeAll(async () => {
    t = await buildTestApp('pglite', {}, { logStream: sink.stream });
    every = await buildTestApp('pglite', { LOG_REQUEST_SAMPLE: '1' }, { logStream: sampled.stream });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await every?.close();
  });

  // Fastify's own would be "incoming request" and "Route … not found" beside "request completed".
  const requestLines = (lines: Line[]) => lines.filter((l) => /^(request|incoming request|Route )/.test(l.msg));

  it('by default (1 in 100 of routine reads) a fast read is not written; a refusal, an error and a write are, once each', async () => {
    sink.lines.length = 0;
    // Math.random decides the 1 in 100: 40 reads write a few lines at most, never two for one.
    for (let i = 0; i < 40; i++) expect((await call(t, 'GET', '/api/forum/categories')).statusCode).toBe(200);
    expect(requestLines(sink.lines).length).toBeLessThan(8);
    expect(requestLines(sink.lines).every((l) => l.msg === 'request (sampled)')).toBe(true);

    sink.lines.length = 0;
    expect((await call(t, 'GET', '/api/auth/user')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/forum/posts/no-such-post')).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/no-such-route')).statusCode).toBe(404);
    expect((await call(t, 'POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: 'wrong-password' } })).statusCode).toBeGreaterThanOrEqual(400);
    const lines = requestLines(sink.lines);
    expect(lines.map((l) => [l.msg, l.req?.method, l.req?.url, l.res?.statusCode])).toEqual([
      ['request', 'GET', '/api/auth/user', 401],
      ['request', 'GET', '/api/forum/posts/no-such-post', 404],
      ['request', 'GET', '/api/no-such-route', 404],
      ['request', 'POST', '/api/auth/login', lines[3]?.res?.statusCode],
    ]);
    expect(lines.every((l) => typeof l.responseTime === 'number')).toBe(true);
  });

  it('LOG_REQUEST_SAMPLE=1 writes every read, once, and a reset link in a logged URL keeps its token out', async () => {
    sampled.lines.length = 0;
    for (let i = 0; i < 5; i++) await call(every, 'GET', '/api/forum/categories');
    await call(every, 'GET', '/api/auth/reset-password?token=abcdefghijklmnopqrstuvwxyz');
    const lines = requestLines(sampled.lines);
    expect(lines.filter((l) => l.req?.url === '/api/forum/categories').map((l) => l.msg)).toEqual(Array(5).fill('request (sampled)'));
    expect(JSON.stringify(sampled.lines)).not.toContain('abcdefghijklmnopqrstuvwxyz');
    expect(lines.some((l) => l.req?.url === '/api/auth/reset-password?token=[redacted]')).toBe(true);
  });
});

describe('RequestLog', () => {
  it('writes a slow read even when routine reads are not sampled', async () => {
    const sink = logSink();
    const app = Fastify({ logger: { level: 'info', stream: sink.stream }, logController: new RequestLog({ sample: 0, slowMs: 20 }) });
    app.get('/fast', async () => 'ok');
    app.get('/slow', async () => {
      await new Promise((r) => setTimeout(r, 40));
      return 'ok';
    });
    await app.inject('/fast');
    await app.inject('/slow');
    await app.close();
    expect(sink.lines.map((l) => [l.msg, l.req?.url])).toEqual([['request', '/slow']]);
    expect(sink.lines[0]!.responseTime).toBeGreaterThanOrEqual(20);
  });
});
