import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './entry-server';

// Issue 29's soak: every server-rendered page left its QueryClient behind for the queries' gcTime (10
// minutes: each query's garbage-collection timer held it, and through it the request), so a process
// serving pages grew by ~40 MB of JS heap over its first ten minutes before it levelled off. A render
// keeps nothing once its page is made.
describe('renderApp', () => {
  afterEach(() => void vi.useRealTimers());

  it('leaves no timer behind once the page is made', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const fetch = async (url: string) =>
      url.startsWith('/api/auth/me')
        ? new Response(JSON.stringify({ message: 'Authentication required' }), { status: 401, headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify({ message: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json' } });
    const rendered = await renderApp({ url: '/no-such-page', fetch, notFound: true });
    expect(rendered.html).toContain('</');
    expect(vi.getTimerCount()).toBe(0);
  });
});
