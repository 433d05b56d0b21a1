// The authorisation table over EVERY /api/admin/* route the app registers, whichever module adds it:
// the routes are collected as the app is built (an onRoute hook on every Fastify instance), so a new
// admin route is covered without touching this file.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, member, type Member } from '../../test/members.ts';
import { collectedRoutes, resetCollectedRoutes } from '../../test/route-table.ts';

vi.mock('fastify', async (importOriginal) => (await import('../../test/route-table.ts')).collectingFastify(await importOriginal()));

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
/** A value for every path parameter that names nothing, so admin calls on it change nothing. */
const MISSING_ID = '999999';

describe.each(testDatabases)('every /api/admin route on %s', (kind) => {
  let t: TestApp;
  let admin: Member, verified: Member, unverified: Member;
  let routes: Array<{ method: Method; url: string; path: string; parameterised: boolean }>;

  beforeAll(async () => {
    resetCollectedRoutes();
    t = await buildTestApp(kind);
    const unique = new Map<string, { method: Method; url: string; path: string; parameterised: boolean }>();
    for (const r of collectedRoutes) {
      if (!r.url.startsWith('/api/admin/') || !METHODS.has(r.method)) continue;
      const path = r.url.replace(/:[A-Za-z0-9_]+/g, MISSING_ID);
      unique.set(`${r.method} ${r.url}`, { method: r.method as Method, url: r.url, path, parameterised: path !== r.url });
    }
    routes = [...unique.values()];
    [admin, verified, unverified] = [await member(t, 'admin'), await member(t), await member(t, 'unverified')];
  }, 180_000);
  afterAll(async () => t?.close());

  it('finds the admin routes (this module at least)', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    console.info(`admin routes covered: ${names.length}\n${names.join('\n')}`);
    expect(names).toEqual(expect.arrayContaining(['GET /api/admin/dashboard', 'GET /api/admin/members', 'GET /api/admin/audit-log', 'DELETE /api/admin/members/:id']));
  });

  it('guest 401, unverified and verified members 403, for every method, before any input is read', async () => {
    const failures: string[] = [];
    for (const r of routes) {
      // No body at all: authorisation must answer before validation would.
      const guest = await call(t, r.method, r.path);
      if (guest.statusCode !== 401) failures.push(`guest ${r.method} ${r.url}: ${guest.statusCode} ${guest.body.slice(0, 120)}`);
      for (const [who, m] of [
        ['unverified', unverified],
        ['member', verified],
      ] as const) {
        const res = await call(t, r.method, r.path, { cookie: m.cookie });
        if (res.statusCode !== 403) failures.push(`${who} ${r.method} ${r.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('admin: every GET answers 200 (404 for a parameterised route whose id names nothing)', async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => x.method === 'GET')) {
      const res = await call(t, 'GET', r.path, { cookie: admin.cookie });
      const ok = r.parameterised ? [200, 404] : [200];
      if (!ok.includes(res.statusCode)) failures.push(`admin GET ${r.url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });
});
