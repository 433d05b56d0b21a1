import { nanoid } from 'nanoid';
import { SESSION_ID_LENGTH, TARGET_MAX, TITLE_MAX, URL_MAX, USER_AGENT_MAX } from '@common/rules/analytics';
import { endAnalyticsSession, recordPageView, recordUserAction, startAnalyticsSession } from '@endpoints/analytics';
import { ADDRESS_POLL_MS } from './constants';
import { postJson, type AnalyticsBody, type AnalyticsEndpoint, type PostJson } from './send';
import type { ActionData, ActionType } from './types';

// First-party analytics (spec §3 Analytics session, §4 Consent, §7 analytics calls). Created and
// started only after analytics consent; stop() removes every listener and timer it added.

export const SESSION_ID_KEY = 'analytics_session_id';
export const SESSION_START_KEY = 'analytics_session_start';

export const ANALYTICS_ENDPOINTS = {
  start: startAnalyticsSession,
  pageView: recordPageView,
  action: recordUserAction,
  end: endAnalyticsSession,
} as const;

/** A failed call: its path for the warning, and the same call again. */
type Pending = { path: string; retry: () => Promise<void> };

type Page = { url: string; title: string; referrer: string; enteredAt: number; maxScroll: number; exited: boolean };

export type TrackerOptions = {
  post?: PostJson;
  now?: () => number;
  /** Hears every page view and action too (the tag manager), after the first-party call. */
  onPageView?: (pageUrl: string) => void;
  onAction?: (actionType: ActionType, actionData: ActionData | undefined) => void;
};

const sessionGet = (key: string) => {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
};
const sessionSet = (key: string, value: string) => {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Storage blocked: the id lives as long as this page.
  }
};
const sessionRemove = (key: string) => {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to forget.
  }
};

// The server's bounds (docs/API.md): longer text would be refused whole, so it is cut here.
const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** The address a page view records: path and query, never the host or a #fragment. */
export const currentAddress = () => clip(`${window.location.pathname}${window.location.search}`, URL_MAX);

function scrollPercent(): number {
  const doc = document.documentElement;
  const height = Math.max(doc.scrollHeight, document.body?.scrollHeight ?? 0);
  if (height <= 0) return 0;
  const seen = window.scrollY + window.innerHeight;
  return Math.max(0, Math.min(100, Math.round((seen / height) * 100)));
}

export function createTracker(opts: TrackerOptions = {}) {
  const post = opts.post ?? postJson;
  const now = opts.now ?? Date.now;
  /** Failed calls, each tried once more when tracking is enabled again (spec §8). */
  let pending: Pending[] = [];
  let running = false;
  let sessionId = '';
  let page: Page | null = null;
  let cleanups: (() => void)[] = [];

  const send = <E extends AnalyticsEndpoint>(endpoint: E, body: AnalyticsBody<E>, keepalive?: boolean) => {
    const attempt = () => post(endpoint, body, { keepalive });
    void attempt().catch((err: unknown) => {
      console.warn('Failed to send analytics', endpoint.path, err);
      pending.push({ path: endpoint.path, retry: attempt });
    });
  };

  const retryPending = () => {
    const retry = pending;
    pending = [];
    for (const p of retry) {
      // One retry only: a second failure is dropped with its warning.
      void p.retry().catch((err: unknown) => console.warn('Failed to send analytics', p.path, err));
    }
  };

  const enterPage = (referrer: string) => {
    page = { url: currentAddress(), title: clip(document.title, TITLE_MAX), referrer: clip(referrer, URL_MAX), enteredAt: now(), maxScroll: scrollPercent(), exited: false };
    send(ANALYTICS_ENDPOINTS.pageView, { sessionId, pageUrl: page.url, pageTitle: page.title, referrerUrl: page.referrer });
    opts.onPageView?.(page.url);
  };

  const exitPage = (keepalive = false) => {
    if (!page || page.exited) return;
    page.exited = true;
    page.maxScroll = Math.max(page.maxScroll, scrollPercent());
    send(
      ANALYTICS_ENDPOINTS.pageView,
      {
        sessionId,
        pageUrl: page.url,
        pageTitle: page.title,
        referrerUrl: page.referrer,
        timeOnPage: Math.max(0, Math.round((now() - page.enteredAt) / 1000)),
        scrollDepth: page.maxScroll,
      },
      keepalive,
    );
  };

  const listen = <K extends keyof WindowEventMap | keyof DocumentEventMap>(target: Window | Document, type: K, fn: () => void) => {
    target.addEventListener(type, fn, { passive: true });
    cleanups.push(() => target.removeEventListener(type, fn));
  };

  function start() {
    if (running) return;
    running = true;
    sessionId = sessionGet(SESSION_ID_KEY) ?? '';
    if (sessionId.length !== SESSION_ID_LENGTH) {
      sessionId = nanoid();
      sessionSet(SESSION_ID_KEY, sessionId);
      sessionSet(SESSION_START_KEY, String(now()));
    }
    send(ANALYTICS_ENDPOINTS.start, {
      sessionId,
      userAgent: navigator.userAgent.slice(0, USER_AGENT_MAX),
      referrer: clip(document.referrer, URL_MAX),
      landingPage: currentAddress(),
    });
    retryPending();
    enterPage(document.referrer);

    // Spec §4/§9: the address is checked each second; a change records the old page's exit and a new view.
    const poll = window.setInterval(() => {
      if (!page || currentAddress() === page.url) return;
      const previous = page.url;
      exitPage();
      enterPage(previous);
    }, ADDRESS_POLL_MS);
    cleanups.push(() => window.clearInterval(poll));

    listen(window, 'scroll', () => {
      if (page) page.maxScroll = Math.max(page.maxScroll, scrollPercent());
    });
    listen(document, 'visibilitychange', () => {
      if (document.visibilityState === 'hidden') exitPage(true);
      else if (page?.exited) enterPage(page.url);
    });
    listen(window, 'pagehide', () => {
      exitPage(true);
      const started = Number(sessionGet(SESSION_START_KEY) ?? now());
      send(ANALYTICS_ENDPOINTS.end, { sessionId, sessionDuration: Math.max(0, Math.round((now() - started) / 1000)) }, true);
    });
  }

  /** Consent withdrawn: every listener and timer goes, and the session id is forgotten. */
  function stop() {
    if (!running) return;
    running = false;
    cleanups.forEach((c) => c());
    cleanups = [];
    page = null;
    sessionRemove(SESSION_ID_KEY);
    sessionRemove(SESSION_START_KEY);
  }

  function trackAction(actionType: ActionType, actionTarget?: string, actionData?: ActionData) {
    if (!running) return;
    send(ANALYTICS_ENDPOINTS.action, { sessionId, actionType, actionTarget: actionTarget && clip(actionTarget, TARGET_MAX), actionData, pageUrl: currentAddress() });
    opts.onAction?.(actionType, actionData);
  }

  return {
    start,
    stop,
    trackAction,
    get running() {
      return running;
    },
    /** For tests and the admin's curiosity: how many failed calls wait for their retry. */
    get pendingCount() {
      return pending.length;
    },
  };
}

export type Tracker = ReturnType<typeof createTracker>;
