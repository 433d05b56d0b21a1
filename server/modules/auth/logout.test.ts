import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { AUTH_MSG } from '../../identity/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { get, signUp } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';

// Finding 9 of the security review: GET /api/logout ended the session from any site's link or image.

describe.each(testDatabases)('sign-out from a link (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t?.close());

  const sessionsOf = async (id: number) => t.database.db.select().from(sessions).where(eq(sessions.userId, id));
  const getLogout = (cookie: string | undefined, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/logout', headers: { ...(cookie ? { cookie } : {}), ...headers } });

  it('our own page’s link or a typed address (Sec-Fetch-Site same-origin or none) signs out and goes home', async () => {
    for (const site of ['same-origin', 'none']) {
      const u = await signUp(t);
      const res = await getLogout(u.cookie, { 'sec-fetch-site': site });
      expect(res.statusCode, site).toBe(302);
      expect(res.headers.location).toBe('/');
      expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
      expect(await sessionsOf(u.id)).toHaveLength(0);
      expect((await get(t, '/api/auth/user', u.cookie)).statusCode).toBe(401);
    }
  });

  it('another site’s link, a same-site subdomain, or no Sec-Fetch-Site at all: a page with a Log out button, and the session stays', async () => {
    const cases: Array<Record<string, string>> = [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, {}, { 'sec-fetch-site': 'Same-Origin, none' }];
    for (const headers of cases) {
      const label = JSON.stringify(headers);
      const u = await signUp(t);
      const res = await getLogout(u.cookie, headers);
      expect(res.statusCode, label).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['set-cookie'], label).toBeUndefined();
      expect(await sessionsOf(u.id), label).toHaveLength(1);
      expect((await get(t, '/api/auth/user', u.cookie)).statusCode).toBe(200);

      const page = res.body;
      expect(page).toMatch(/^<!doctype html>/);
      expect(page).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(page).toContain('<title>Log out of Kerbside?</title>');
      expect(page).toContain('<form method="post" action="/api/logout"><button type="submit">Log out</button></form>');
      expect(page).toContain('<a href="/">Stay logged in and go to Kerbside</a>');
      // The CSP allows no inline script, and the page needs none.
      expect(page).not.toMatch(/<script|\son\w+=/i);
    }
  });

  it('the page’s button: a form POST from our origin signs out and redirects home (303); an API call still gets JSON', async () => {
    const u = await signUp(t);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: '',
      headers: {
        cookie: u.cookie,
        origin: t.app.deps.config.appUrl,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(form.statusCode, form.body).toBe(303);
    expect(form.headers.location).toBe('/');
    expect(await sessionsOf(u.id)).toHaveLength(0);

    const v = await signUp(t);
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: v.cookie, origin: t.app.deps.config.appUrl, accept: 'application/json' },
    });
    expect(api.statusCode).toBe(200);
    expect(api.json()).toEqual({ message: AUTH_MSG.loggedOut });
    expect(await sessionsOf(v.id)).toHaveLength(0);
  });

  it('another site cannot post the form for the member (403, session kept)', async () => {
    const u = await signUp(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: '',
      headers: { cookie: u.cookie, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    });
    expect(res.statusCode).toBe(403);
    expect(await sessionsOf(u.id)).toHaveLength(1);
  });

  it('the only form body read is the page’s own: other auth routes still refuse urlencoded bodies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'email=a%40example.com&password=x',
      headers: { origin: t.app.deps.config.appUrl, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
  });
});
