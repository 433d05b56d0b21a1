import { vi } from 'vitest';

// fetch answered by the test, recording each call: for components whose tests check which calls a
// click made. vi.unstubAllGlobals() undoes it.

export type ApiCall = { method: string; path: string; body?: unknown };

/** Stubs fetch with `answer` (200 unless it gives a status); returns the calls, in order, as they come. */
export function stubApi(answer: (c: ApiCall) => { status?: number; body: unknown }): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const c: ApiCall = { method: init?.method ?? 'GET', path: new URL(url, 'http://x').pathname };
      if (init?.body) c.body = JSON.parse(String(init.body));
      calls.push(c);
      const a = answer(c);
      return new Response(JSON.stringify(a.body), { status: a.status ?? 200 });
    }),
  );
  return calls;
}
