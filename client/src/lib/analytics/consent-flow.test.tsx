import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_HEADER } from '@common/rules/analytics';
import { NotFoundPage } from '@/app/routes/not-found';
import { ACCEPT_ALL, ESSENTIAL_ONLY, saveConsent } from '../consent';
import { queryClient } from '../query-client';
import { startAnalyticsOnConsent, trackAction } from '../track';
import { tagEventFor } from './tag-manager';

// lib/track.ts with the real analytics module behind it: nothing before consent, the session and a
// page view (with the consent header) on Accept All, every listener stopped on withdrawal.

type Sent = { url: string; headers: Record<string, string>; body: unknown; keepalive?: boolean };
let sent: Sent[];
let gtmId: string | null;
let stop: () => void;

const analyticsCalls = () => sent.filter((s) => s.url.startsWith('/api/analytics') || s.url.startsWith('/api/metrics'));

beforeEach(() => {
  sent = [];
  gtmId = null;
  queryClient.clear();
  window.history.replaceState(null, '', '/forum');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      sent.push({ url, headers: (init.headers ?? {}) as Record<string, string>, body: init.body ? JSON.parse(String(init.body)) : undefined, keepalive: init.keepalive });
      if (url === '/api/site-config') return Promise.resolve(Response.json({ appName: 'Kerbside', gtmId, adsenseClient: null }));
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
});

afterEach(() => {
  saveConsent(ESSENTIAL_ONLY);
  stop?.();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.querySelectorAll('script[data-tag-manager]').forEach((s) => s.remove());
});

describe('analytics consent flow', () => {
  it('sends nothing and stores nothing before a choice, whatever is tracked', async () => {
    stop = startAnalyticsOnConsent();
    trackAction('login');
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toEqual([]);
    expect(Object.keys(sessionStorage)).toEqual([]);
  });

  it('starts a session and records a page view with the consent header on Accept All; Essential Only stops it', async () => {
    stop = startAnalyticsOnConsent();
    saveConsent(ACCEPT_ALL);
    await vi.waitFor(() => expect(analyticsCalls().map((s) => s.url)).toEqual(['/api/analytics/session/start', '/api/analytics/page-view']));
    for (const s of analyticsCalls()) expect(s.headers[CONSENT_HEADER]).toBe('granted');

    trackAction('vote', 'post', { entityId: 3, voteType: 'upvote' });
    await vi.waitFor(() => expect(analyticsCalls().at(-1)?.url).toBe('/api/analytics/user-action'));

    saveConsent(ESSENTIAL_ONLY);
    await new Promise((r) => setTimeout(r, 20));
    const before = analyticsCalls().length;
    window.history.pushState(null, '', '/terms');
    await new Promise((r) => setTimeout(r, 1200));
    window.dispatchEvent(new Event('pagehide'));
    trackAction('login');
    await new Promise((r) => setTimeout(r, 20));
    expect(analyticsCalls()).toHaveLength(before);
    expect(sessionStorage.getItem('analytics_session_id')).toBeNull();
  });

  it('the 404 page reports a page_not_found action only with analytics consent', async () => {
    stop = startAnalyticsOnConsent();
    const { unmount } = render(<MemoryRouter><NotFoundPage missingPath="/old-thread" /></MemoryRouter>);
    await screen.findByRole('heading', { name: 'Page Not Found' });
    await new Promise((r) => setTimeout(r, 50));
    expect(analyticsCalls()).toEqual([]);
    unmount();

    saveConsent(ACCEPT_ALL);
    render(<MemoryRouter><NotFoundPage missingPath="/old-thread" /></MemoryRouter>);
    await vi.waitFor(() =>
      expect(analyticsCalls().find((s) => s.url === '/api/analytics/user-action')?.body).toMatchObject({ actionType: 'page_not_found', actionTarget: '/old-thread' }),
    );
  });

  it('loads the tag manager only with analytics consent, with consent denied by default first', async () => {
    gtmId = 'GTM-TEST123';
    window.dataLayer = [];
    stop = startAnalyticsOnConsent();
    saveConsent({ analytics: false, functional: true, marketing: true });
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('script[data-tag-manager]')).toBeNull();

    saveConsent(ACCEPT_ALL);
    await vi.waitFor(() => expect(document.querySelector('script[data-tag-manager]')).not.toBeNull());
    expect(document.querySelector<HTMLScriptElement>('script[data-tag-manager]')?.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-TEST123');
    const layer = window.dataLayer.map((e) => (e && typeof e === 'object' && 'length' in e ? Array.from(e as ArrayLike<unknown>) : e));
    expect(layer[0]).toEqual(['consent', 'default', expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied', ad_personalization: 'denied' })]);
    expect(layer).toContainEqual(['set', expect.objectContaining({ anonymize_ip: true, allow_ad_personalization_signals: false })]);
    expect(layer).toContainEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'granted', ad_personalization: 'denied' })]);

    saveConsent(ESSENTIAL_ONLY);
    await vi.waitFor(() => {
      const last = window.dataLayer?.at(-1) as ArrayLike<unknown>;
      expect(Array.from(last)).toEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'denied' })]);
    });
  });
});

describe('tag manager events', () => {
  it('carry anonymised data only: no ids, search text or post text', () => {
    expect(tagEventFor('vote', { entityId: 9, voteType: 'upvote' })).toEqual({ event: 'forum_interaction', interaction_type: 'vote', vote_type: 'upvote' });
    expect(tagEventFor('search', { query: 'my van reg AB12 CDE', category: 'general' })).toEqual({ event: 'forum_interaction', interaction_type: 'search' });
    expect(tagEventFor('comment', { postId: 1, commentId: 2 })).toEqual({ event: 'forum_interaction', interaction_type: 'comment' });
    expect(tagEventFor('share', { postId: 1, platform: 'whatsapp' })).toEqual({ event: 'forum_interaction', interaction_type: 'share', share_platform: 'whatsapp' });
    expect(tagEventFor('login', { email: 'a@b.c' } as never)).toEqual({ event: 'auth_event', auth_action: 'login' });
    expect(tagEventFor('registration', undefined)).toEqual({ event: 'auth_event', auth_action: 'registration' });
    expect(tagEventFor('page_not_found', undefined)).toBeNull();
    expect(tagEventFor('navigation', undefined)).toBeNull();
  });
});
