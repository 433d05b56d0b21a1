import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './entry-server';
import { testCategory, testPost } from '@/test/posts';
import { testUser } from '@/test/users';

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

// Issue 31: the server renders the page, runs the queries it asked for, and renders it again until it asks
// for nothing new: a query first asked by the list's rows (a member's blocks) cost one more render of the
// whole page. Every request of `/forum` is now made before the list has rendered. The ads are the
// browser's to ask once the page is settled: the server asks none (their slots are rendered empty).
describe('renderApp of /forum', () => {
  const post = (id: number) => testPost(id);
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  /** Each request with the round it came in: a round is every request made before the previous round's answers arrived. */
  function recordingFetch(signedIn: boolean) {
    const requests: Array<{ round: number; url: string }> = [];
    let round = 0;
    let waiting = 0;
    const fetch = async (url: string) => {
      requests.push({ round, url });
      waiting++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (--waiting === 0) round++;
      const path = url.split('?')[0];
      if (path === '/api/auth/user') return signedIn ? json(testUser()) : json({ message: 'Authentication required' }, 401);
      if (path === '/api/forum/posts') return json({ posts: Array.from({ length: 9 }, (_, i) => post(i + 1)), totalCount: 9, hasMore: false });
      if (path === '/api/forum/categories') return json([{ ...testCategory, postCount: 9 }]);
      if (path === '/api/maintenance/status') return json({ maintenanceMode: false });
      if (path.startsWith('/api/forum/notifications') && path.endsWith('unread-count')) return json({ count: 0 });
      if (path === '/api/chat/unread-count') return json({ count: 0 });
      if (path === '/api/forum/held') return json({ items: [] });
      return json([]);
    };
    return { fetch, requests };
  }

  it.each([false, true])('asks everything in its first pass (signed in: %s): the blocks too, and no ads', async (signedIn) => {
    const { fetch, requests } = recordingFetch(signedIn);
    const rendered = await renderApp({ url: '/forum', fetch, notFound: false });
    expect(rendered.html).toContain('Post number 9');
    expect(requests.filter((r) => r.url.startsWith('/api/ads/'))).toEqual([]);
    if (signedIn) expect(requests.some((r) => r.url.startsWith('/api/blocks'))).toBe(true);
    // Nothing is asked after the round of the page's first pass (the one that asks for the list).
    const pageRound = requests.find((r) => r.url.startsWith('/api/forum/posts'))!.round;
    expect(requests.filter((r) => r.round > pageRound).map((r) => r.url)).toEqual([]);
  });
});
