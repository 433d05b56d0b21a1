import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EndpointRoute } from '@common/contracts/endpoint';
import { ANALYTICS_ENDPOINTS, createTracker, SESSION_ID_KEY, type Tracker } from './tracker';

// Spec §4/§7/§8: session start, a page view per address change (checked each second), exit records
// with time on page and scroll depth, session end with keepalive, failed calls retried once.

type Call = { url: string; body: Record<string, unknown>; keepalive?: boolean };

let calls: Call[];
let fail: boolean;
let clock: number;
let tracker: Tracker;

const post = vi.fn((endpoint: EndpointRoute, body: unknown, opts?: { keepalive?: boolean }) => {
  calls.push({ url: endpoint.path, body: body as Record<string, unknown>, keepalive: opts?.keepalive });
  return fail ? Promise.reject(new Error('503: Service Unavailable')) : Promise.resolve();
});
const to = (url: string) => calls.filter((c) => c.url === url);
const setVisibility = (state: 'hidden' | 'visible') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  fail = false;
  clock = 1_000_000;
  post.mockClear();
  window.history.replaceState(null, '', '/forum');
  document.title = 'Forum | Kerbside';
  tracker = createTracker({ post, now: () => clock });
});

afterEach(() => {
  tracker.stop();
  setVisibility('visible');
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('tracker', () => {
  it('starts a session with a 21-character id kept in session storage, and records the page', () => {
    tracker.start();
    const [start] = to(ANALYTICS_ENDPOINTS.start.path);
    expect(start.body).toEqual({ sessionId: expect.stringMatching(/^[\w-]{21}$/), userAgent: navigator.userAgent, referrer: document.referrer, landingPage: '/forum' });
    expect(sessionStorage.getItem(SESSION_ID_KEY)).toBe(start.body.sessionId);
    expect(to(ANALYTICS_ENDPOINTS.pageView.path).map((c) => c.body)).toEqual([
      { sessionId: start.body.sessionId, pageUrl: '/forum', pageTitle: 'Forum | Kerbside', referrerUrl: document.referrer },
    ]);
  });

  it('keeps the session id of this tab across page loads', () => {
    tracker.start();
    const id = sessionStorage.getItem(SESSION_ID_KEY);
    tracker.stop();
    sessionStorage.setItem(SESSION_ID_KEY, id ?? '');
    const again = createTracker({ post, now: () => clock });
    again.start();
    expect(to(ANALYTICS_ENDPOINTS.start.path).at(-1)?.body.sessionId).toBe(id);
    again.stop();
  });

  it('records a page view when the address changes (checked each second), with the exit of the last page', () => {
    tracker.start();
    calls = [];
    clock += 7_400;
    window.history.pushState(null, '', '/forum/posts/hello?x=1');
    document.title = 'Hello | Kerbside';
    vi.advanceTimersByTime(999);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    const views = to(ANALYTICS_ENDPOINTS.pageView.path).map((c) => c.body);
    expect(views).toHaveLength(2);
    expect(views[0]).toMatchObject({ pageUrl: '/forum', timeOnPage: 7, scrollDepth: expect.any(Number) });
    expect(views[1]).toEqual({ sessionId: expect.any(String), pageUrl: '/forum/posts/hello?x=1', pageTitle: 'Hello | Kerbside', referrerUrl: '/forum' });
    vi.advanceTimersByTime(5_000);
    expect(to(ANALYTICS_ENDPOINTS.pageView.path), 'no new view without a new address').toHaveLength(2);
  });

  it("cuts text to the server's bounds instead of having the record refused", () => {
    document.title = 'T'.repeat(400);
    tracker.start();
    tracker.trackAction('search', 'x'.repeat(500));
    expect(to(ANALYTICS_ENDPOINTS.pageView.path)[0].body.pageTitle).toHaveLength(300);
    expect(to(ANALYTICS_ENDPOINTS.action.path)[0].body.actionTarget).toHaveLength(300);
  });

  it('keeps the deepest scroll of a page', () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 4000 });
    window.innerHeight = 1000;
    tracker.start();
    window.scrollY = 3000;
    window.dispatchEvent(new Event('scroll'));
    window.scrollY = 0;
    window.dispatchEvent(new Event('scroll'));
    window.history.pushState(null, '', '/terms');
    vi.advanceTimersByTime(1000);
    expect(to(ANALYTICS_ENDPOINTS.pageView.path)[1].body.scrollDepth).toBe(100);
    // @ts-expect-error -- back to jsdom's own
    delete document.documentElement.scrollHeight;
  });

  it('records the exit when the tab is hidden and a view when it is visible again', () => {
    tracker.start();
    calls = [];
    clock += 3_000;
    setVisibility('hidden');
    expect(calls).toEqual([{ url: ANALYTICS_ENDPOINTS.pageView.path, body: expect.objectContaining({ pageUrl: '/forum', timeOnPage: 3 }), keepalive: true }]);
    setVisibility('hidden');
    expect(calls, 'one exit per view').toHaveLength(1);
    setVisibility('visible');
    expect(calls[1].body).toEqual(expect.objectContaining({ pageUrl: '/forum' }));
    expect(calls[1].body).not.toHaveProperty('timeOnPage');
  });

  it('ends the session with keepalive when the page is left', () => {
    tracker.start();
    clock += 65_000;
    window.dispatchEvent(new Event('pagehide'));
    expect(to(ANALYTICS_ENDPOINTS.end.path)).toEqual([{ url: ANALYTICS_ENDPOINTS.end.path, body: { sessionId: expect.any(String), sessionDuration: 65 }, keepalive: true }]);
  });

  it('records user actions with the page address', () => {
    tracker.start();
    tracker.trackAction('vote', 'post', { entityId: 4, voteType: 'upvote' });
    expect(to(ANALYTICS_ENDPOINTS.action.path)[0].body).toEqual({
      sessionId: expect.any(String),
      actionType: 'vote',
      actionTarget: 'post',
      actionData: { entityId: 4, voteType: 'upvote' },
      pageUrl: '/forum',
    });
  });

  it('warns of a failed call and retries it once when tracking is enabled again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fail = true;
    tracker.start();
    tracker.trackAction('search', 'forum', { query: 'fuel', category: null });
    await vi.waitFor(() => expect(tracker.pendingCount).toBe(3));
    expect(warn).toHaveBeenCalledWith('Failed to send analytics', ANALYTICS_ENDPOINTS.start.path, expect.any(Error));
    tracker.stop();
    calls = [];
    tracker.start();
    // The three queued calls again, then the new session's start and page view.
    expect(calls.map((c) => c.url)).toEqual([ANALYTICS_ENDPOINTS.start.path, ANALYTICS_ENDPOINTS.start.path, ANALYTICS_ENDPOINTS.pageView.path, ANALYTICS_ENDPOINTS.action.path, ANALYTICS_ENDPOINTS.pageView.path]);
    expect(calls[3].body).toMatchObject({ actionType: 'search', actionData: { query: 'fuel', category: null } });
    // Failing again: the retried calls are dropped (one retry), the new ones queue.
    await vi.waitFor(() => expect(tracker.pendingCount).toBe(2));
    fail = false;
    tracker.stop();
    calls = [];
    tracker.start();
    expect(calls.filter((c) => c.url === ANALYTICS_ENDPOINTS.action.path)).toEqual([]);
    await vi.waitFor(() => expect(tracker.pendingCount).toBe(0));
  });

  it('stops every listener and timer and forgets the session id when stopped', () => {
    tracker.start();
    tracker.stop();
    calls = [];
    window.history.pushState(null, '', '/privacy');
    vi.advanceTimersByTime(10_000);
    window.dispatchEvent(new Event('scroll'));
    setVisibility('hidden');
    setVisibility('visible');
    window.dispatchEvent(new Event('pagehide'));
    tracker.trackAction('login');
    expect(calls).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    expect(sessionStorage.getItem(SESSION_ID_KEY)).toBeNull();
  });
});
