import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { testDatabases } from '../test/databases.ts';
import { addCategory, createPost } from '../test/forum.ts';
import { call, member, type Member } from '../test/members.ts';
import { acceptedEncoding } from './compression.ts';

// Issue 31 item 4: JSON answers over 1 KB go out compressed as the client accepts (brotli, else gzip),
// a cached guest answer compressed once, a member's after its ETag is made.

describe('acceptedEncoding', () => {
  it('prefers brotli, honours q=0 and *, and ignores case and spacing', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('GZIP ; q=0.5')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('br; q=0, gzip;q=0')).toBeNull();
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('br;q=0, *;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('gzip, *;q=0')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

/** The body as the client reads it once it has undone the coding the answer names. */
function decoded(res: LightMyRequestResponse): string {
  const raw = res.rawPayload;
  const coding = res.headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(raw).toString();
  if (coding === 'gzip') return zlib.gunzipSync(raw).toString();
  expect(coding).toBeUndefined();
  return raw.toString();
}

describe.each(testDatabases)('compressed answers (%s)', (kind) => {
  let t: TestApp;
  let alice: Member;
  const list = '/api/forum/posts?limit=20';

  beforeAll(async () => {
    t = await buildTestApp(kind);
    alice = await member(t);
    const category = await addCategory(t.database.db);
    // Enough posts for a list well over 1 KB.
    for (let i = 0; i < 6; i++) await createPost(t, alice.cookie, category.id, { content: `Depot rota question ${i}. `.repeat(10) });
  }, 120_000);
  afterAll(() => t?.close());

  it("a guest's list: brotli or gzip as accepted, the same JSON and ETag, Vary: Accept-Encoding; plain without", async () => {
    const plain = await call(t, 'GET', list);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i); // a shared cache keeps the codings apart

    const br = await call(t, 'GET', list, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(decoded(br)).toBe(plain.body);
    expect(br.headers.etag).toBe(`W/${plain.headers.etag}`); // one validator for every coding, compared weakly
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);

    const gz = await call(t, 'GET', list, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(plain.body);

    const refused = await call(t, 'GET', list, { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);

    // Revalidation answers 304 with no body, whichever coding the validator came with.
    for (const [coding, etag] of [['br', br.headers.etag], ['gzip', br.headers.etag], ['br', plain.headers.etag]]) {
      const again = await call(t, 'GET', list, { headers: { 'accept-encoding': String(coding), 'if-none-match': String(etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
  });

  it("a member's list: compressed after its ETag is made of the JSON, and 304 for it", async () => {
    const plain = await call(t, 'GET', list, { cookie: alice.cookie });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    const br = await call(t, 'GET', list, { cookie: alice.cookie, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(decoded(br)).toBe(plain.body);
    expect(br.headers.etag).toBe(`W/${plain.headers.etag}`);
    const again = await call(t, 'GET', list, { cookie: alice.cookie, headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('a guest post page and its comments decode to the same JSON; small answers and errors go as they are', async () => {
    const [first] = (JSON.parse((await call(t, 'GET', list)).body) as { posts: Array<{ slug: string }> }).posts;
    const page = `/api/forum/posts/${first!.slug}`;
    const plain = await call(t, 'GET', page);
    const br = await call(t, 'GET', page, { headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(br))).toEqual({ ...JSON.parse(plain.body), viewCount: expect.any(Number) });

    const me = await call(t, 'GET', '/api/auth/user', { headers: { 'accept-encoding': 'br' } });
    expect(me.statusCode).toBe(401);
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(me.json()).toEqual({ message: expect.any(String) });
  });
});
