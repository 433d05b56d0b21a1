import type { z } from 'zod';

// One endpoint, one object: its method and path, the schemas of what it reads (params, query, body)
// and answers (responses by success status), and the error statuses it can answer. The server
// registers its route from the object (server/lib/route.ts); the client calls it through
// `call(endpoint, input)` (client/src/lib/api-client.ts), typed from the same object. The client
// imports endpoints as `@endpoints/<feature>`: at run time it gets only `{method, path, errors}`
// (vite.config.ts, endpointsForTheClient), so zod and the schemas stay out of its bundle.
//
// Only a type import of zod here: this module is part of what the client runs.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Success statuses; null: no body (204). */
export type SuccessStatus = 200 | 201 | 202 | 204;
export type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 503;

type Schema = z.ZodType;

export type Endpoint = {
  method: Method;
  /** `/api/…`, with `:name` for each path parameter. */
  path: `/api/${string}`;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  responses: Partial<Record<SuccessStatus, Schema | null>>;
  /**
   * The error statuses the endpoint answers by its own rules beside its successes (validation,
   * sign-in, permission, not found, conflicts, limits). The app-wide answers are not repeated: 400
   * for text the database cannot store, 413/415 for a body too large or not JSON, 414 for an
   * over-long path parameter, 503 for a write during maintenance. The authorisation matrix and the
   * fuzz suite check every answer they get against this list (server/test/route-table.ts).
   */
  errors: readonly ErrorStatus[];
};

/** Declares an endpoint; only a type check (the object is the contract). */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

/** What the client keeps of an endpoint at run time. */
export type EndpointRoute = Pick<Endpoint, 'method' | 'path' | 'errors'>;

// ---- Types the two sides derive from an endpoint ----

type Out<S> = S extends Schema ? z.output<S> : undefined;

/** `/api/posts/:id/vote` → 'id'. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type QueryValue = string | number | boolean | null | undefined;
/** A query as the client sends it: the schema's input, where a coerced (unknown) field takes any scalar. */
type QueryIn<S extends Schema> = { [K in keyof z.input<S>]: unknown extends z.input<S>[K] ? QueryValue : z.input<S>[K] };

/** No keys; `NoKeys extends T` holds when every key of T is optional. */
export type NoKeys = Record<string, never>;

type ParamsPart<E extends Endpoint> = [ParamNames<E['path']>] extends [never] ? unknown : { params: Record<ParamNames<E['path']>, string | number> };
type QueryPart<E extends Endpoint> = E['query'] extends Schema
  ? NoKeys extends QueryIn<E['query']>
    ? { query?: QueryIn<E['query']> }
    : { query: QueryIn<E['query']> }
  : unknown;
type BodyPart<E extends Endpoint> = E['body'] extends Schema ? { body: z.input<E['body']> } : unknown;

/** What a caller passes: path parameters by name, the query, the body (unknown: nothing). */
export type EndpointInput<E extends Endpoint> = ParamsPart<E> & QueryPart<E> & BodyPart<E>;

type SuccessSchemas<E extends Endpoint> = E['responses'][keyof E['responses']];
/** The parsed body of a success answer (undefined for 204). */
export type EndpointResult<E extends Endpoint> = SuccessSchemas<E> extends infer S ? (S extends Schema ? z.output<S> : undefined) : never;
/** What a handler returns (the serializer's input). */
export type EndpointReply<E extends Endpoint> = SuccessSchemas<E> extends infer S ? (S extends Schema ? z.input<S> : undefined) : never;

/** What a handler reads from the request, after validation. */
export type EndpointRequest<E extends Endpoint> = { Params: Out<E['params']>; Querystring: Out<E['query']>; Body: Out<E['body']> };

const seg = (v: string | number) => encodeURIComponent(String(v));

/** The path with its parameters filled in, and the query appended (empty and undefined values left out). */
export function endpointUrl(e: EndpointRoute, params?: Record<string, string | number>, query?: Record<string, unknown>): string {
  const path = e.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`${e.method} ${e.path}: missing path parameter ${name}`);
    return seg(v);
  });
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    qs.set(k, String(v));
  }
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}
