import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MSG } from '../../identity/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { freshIp, newUser, post } from '../../test/auth.ts';

// The per-IP ceilings sit beside the per-address limits: one network cannot mass-register or spray
// reset and code requests across many addresses.
describe('per-IP limits on the account routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('answers 429 with Retry-After once one IP has asked for too many password resets, and sends nothing more', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const ok = await post(t, '/api/auth/forgot-password', { email: `nobody${i}@example.test` }, { ip });
      expect(ok.statusCode).toBe(200);
    }
    const res = await post(t, '/api/auth/forgot-password', { email: 'nobody@example.test' }, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: AUTH_MSG.ipLimited });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another network is not affected.
    expect((await post(t, '/api/auth/forgot-password', { email: 'nobody@example.test' })).statusCode).toBe(200);
  });

  it('caps registrations from one IP', async () => {
    const ip = freshIp();
    const bodies = Array.from({ length: 21 }, () => newUser({ password: 'x' })); // invalid: no argon2 cost
    const codes = [];
    for (const b of bodies) codes.push((await post(t, '/api/auth/register', b, { ip })).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 400)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});
