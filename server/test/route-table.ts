// The app's route table as the app itself builds it: every route any plugin or module registers,
// collected by an onRoute hook added to each Fastify instance. A test file opts in with
//
//   vi.mock('fastify', async (importOriginal) =>
//     (await import('../route-table.ts')).collectingFastify(await importOriginal()));
//
// (the factory imports this module lazily: vi.mock is hoisted above the file's imports). Only type
// imports of fastify here, so loading this module never loads the mocked module itself.
import type * as FastifyModule from 'fastify';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type { Endpoint } from '../../common/contracts/endpoint.ts';

export type CollectedRoute = {
  method: string;
  /** As registered, with `:param` placeholders. */
  url: string;
  schema?: FastifySchema;
  websocket: boolean;
  /** The contract the route was registered from (server/lib/route.ts); every /api route has one. */
  endpoint?: Endpoint;
};

/** Every route registered since the last `resetCollectedRoutes()`, in registration order. */
export const collectedRoutes: CollectedRoute[] = [];

export function resetCollectedRoutes() {
  collectedRoutes.length = 0;
}

/** The fastify module with its factory wrapped so each new instance records its routes. */
export function collectingFastify(mod: typeof FastifyModule) {
  const original = mod.default as unknown as (...args: unknown[]) => FastifyInstance;
  const wrapped = Object.assign((...args: unknown[]) => {
    const app = original(...args);
    app.addHook('onRoute', (route: RouteOptions & { websocket?: boolean }) => {
      for (const method of [route.method].flat()) {
        const endpoint = (route.config as { endpoint?: Endpoint } | undefined)?.endpoint;
        collectedRoutes.push({ method, url: route.url, schema: route.schema, websocket: route.websocket === true, endpoint });
      }
    });
    return app;
  }, original);
  return { ...mod, default: wrapped, fastify: wrapped };
}

export const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];
const METHODS = new Set<string>(ROUTE_METHODS);

export type AppRoute = CollectedRoute & { method: RouteMethod; key: string; params: string[] };

/**
 * The collected routes once each (HEAD routes mirror their GET and are left out), keyed
 * `METHOD /url` as the tests' tables name them.
 */
export function appRoutes(): AppRoute[] {
  const unique = new Map<string, AppRoute>();
  for (const r of collectedRoutes) {
    if (!METHODS.has(r.method)) continue;
    const key = `${r.method} ${r.url}`;
    const params = [...r.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
    unique.set(key, { ...r, method: r.method as RouteMethod, key, params });
  }
  return [...unique.values()];
}

/** The route's path with each `:param` replaced by `values[param]` (or `fallback`), as given (no encoding). */
export function fillPath(url: string, values: Record<string, string>, fallback = '999999'): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => values[name] ?? fallback);
}

/**
 * Answers of the whole app that no contract repeats: text the database cannot store anywhere in the
 * request (400, plugins/storable-text.ts), a body too large or of a type not read (413, 415), a path
 * parameter longer than the router reads (414), maintenance (503).
 */
const APP_WIDE_STATUSES = new Set([400, 413, 414, 415, 503]);

/**
 * Whether the route's contract declares `status` (a success, one of its errors, or an app-wide
 * answer). Routes outside /api have no contract and declare anything.
 */
export function declaresStatus(r: CollectedRoute, status: number): boolean {
  const e = r.endpoint;
  if (!e) return !r.url.startsWith('/api/');
  return status in e.responses || (e.errors as readonly number[]).includes(status) || APP_WIDE_STATUSES.has(status);
}
