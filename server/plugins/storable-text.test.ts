import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportTickets } from '../db/schema/index.ts';
import { buildTestApp, sameOrigin, type TestApp } from '../test/app.ts';
import { findUnstorableText, UNSTORABLE_TEXT_MSG } from './storable-text.ts';

describe('text PostgreSQL cannot store', () => {
  it('finds a NUL or a lone surrogate in any value or key, however deep; paired surrogates (emoji) are fine', () => {
    expect(findUnstorableText({ body: { title: 'Van 🚐 for sale', tags: ['a', { b: 'ok' }] } })).toBeNull();
    expect(findUnstorableText({ body: { title: 'a\0b' } })).toBe('body.title');
    expect(findUnstorableText({ body: { list: ['ok', { deep: 'x\ud800' }] } })).toBe('body.list.1.deep');
    expect(findUnstorableText({ body: { ['k\udc00']: 1 } })).toBe('body.k\udc00');
    expect(findUnstorableText({ params: 'a\0', query: {} })).toBe('params');
    let deep: unknown = 'end\0';
    for (let i = 0; i < 10_000; i++) deep = { d: deep };
    expect(findUnstorableText({ body: deep })).toMatch(/^body(\.d)+$/);
  });

  describe('through the app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp('pglite');
    });
    afterAll(async () => t?.close());

    it('a form with NUL answers 400 naming the field and stores nothing (it once answered 500)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/support',
        headers: sameOrigin,
        payload: { name: 'Sam Driver', email: 'sam@example.com', subject: 'Missing pay', message: 'My pay\u0000 was short this week, please help.' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: UNSTORABLE_TEXT_MSG, errors: { message: UNSTORABLE_TEXT_MSG } });
      expect(await t.database.db.select().from(supportTickets)).toEqual([]);
    });

    it('a path parameter with %00 answers 400, not 500', async () => {
      const res = await t.app.inject({ url: '/api/forum/posts/a%00b' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(UNSTORABLE_TEXT_MSG);
    });
  });
});
