import { endpointUrl, type Endpoint, type EndpointInput, type EndpointResult, type NoKeys } from '@common/contracts/endpoint';

// The one fetch path for every HTTP call, queries and mutations alike (spec §7): cookies always, JSON
// content type only with a body, and errors that read 'status: body' while keeping the server's
// `message` for toasts.

export class ApiError extends Error {
  readonly status: number;
  /** The response body, parsed as JSON when it is JSON, else the raw text (or null when empty). */
  readonly body: unknown;

  constructor(status: number, statusText: string, bodyText: string, body: unknown) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The server's human-readable `message`, if it sent one. */
  get serverMessage(): string | undefined {
    const b = this.body;
    if (b && typeof b === 'object' && 'message' in b && typeof b.message === 'string' && b.message) {
      return b.message;
    }
    return undefined;
  }
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export type RequestOptions = { signal?: AbortSignal; keepalive?: boolean; headers?: Record<string, string> };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How a request leaves: the browser's fetch; the server rendering a page answers it in process. */
let transport: typeof fetch = (input, init) => fetch(input, init);

/** Server rendering only (client/src/entry-server.tsx): requests are answered by the app itself. */
export function setTransport(next: typeof fetch): void {
  transport = next;
}

/**
 * The one place the client calls fetch: cookies always, a JSON content type only with a body, an
 * ApiError for any non-OK answer (its body read once). Returns the OK response unread, for the rare
 * caller that needs more than JSON (a file download's headers).
 */
export async function apiFetch(method: Method, url: string, data?: unknown, opts: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (data !== undefined) headers['Content-Type'] = 'application/json';
  const res = await transport(url, {
    method,
    headers,
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
    signal: opts.signal,
    keepalive: opts.keepalive,
  });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    const err = new ApiError(res.status, res.statusText, text, parseBody(text));
    if (method !== 'GET' && pausedMessage(err)) for (const listener of [...pauseListeners]) listener();
    throw err;
  }
  return res;
}

const pauseListeners = new Set<() => void>();

/**
 * Hears every write the server refused for maintenance: the maintenance feature then reads the
 * status at once, so the write controls turn read-only without waiting for the 30 s poll.
 * Returns the way to stop listening.
 */
export function onWritesPaused(listener: () => void): () => void {
  pauseListeners.add(listener);
  return () => void pauseListeners.delete(listener);
}

type CallArgs<E extends Endpoint> = NoKeys extends EndpointInput<E>
  ? [input?: EndpointInput<E>, opts?: RequestOptions]
  : [input: EndpointInput<E>, opts?: RequestOptions];

type AnyInput = { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };

/**
 * Sends a request to an endpoint of the contracts (`@endpoints/<feature>`) and returns the OK
 * response unread: for the rare caller that needs more than JSON (a file download's headers).
 */
export function request<E extends Endpoint>(endpoint: E, ...[input, opts]: CallArgs<E>): Promise<Response> {
  const { params, query, body } = (input ?? {}) as AnyInput;
  return apiFetch(endpoint.method, endpointUrl(endpoint, params, query), body, opts);
}

/**
 * Calls an endpoint of the contracts (`@endpoints/<feature>`): path parameters, query and body typed
 * from its schemas, and the parsed answer typed from its success response (undefined when empty).
 */
export async function call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<EndpointResult<E>> {
  const text = await (await request(endpoint, ...args)).text();
  return (text ? JSON.parse(text) : undefined) as EndpointResult<E>;
}

/**
 * The server's words for a write refused while maintenance is on (a 503 marked `maintenance: true`),
 * to show as they are: not a fault on our side, and they say when to try again. Undefined for
 * anything else, another 503 included.
 */
export function pausedMessage(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || err.status !== 503) return undefined;
  const b = err.body;
  return b && typeof b === 'object' && 'maintenance' in b && b.maintenance === true ? err.serverMessage : undefined;
}

/** The message to show a person for a failed call: the server's, else a fallback. */
export function errorMessage(err: unknown, fallback = 'Please try again.'): string {
  if (err instanceof ApiError) return err.serverMessage ?? fallback;
  return fallback;
}
