import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportVitals } from '@endpoints/analytics';
import type { PostJson } from './analytics/send';
import { createVitalsReporter, isSessionSampled, rateVital, VITALS_SAMPLED_KEY } from './vitals';

// Spec §9 vitals: 10% of sessions, batches of 10 reports or every 30 s, good/poor thresholds.

const metric = (name: string, value: number, n = 0) => ({ name, value, id: `v5-${name}-${n}`, delta: value });

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('rateVital', () => {
  it.each([
    ['LCP', 2500, 'good'],
    ['LCP', 2501, 'needs-improvement'],
    ['LCP', 4000, 'needs-improvement'],
    ['LCP', 4001, 'poor'],
    ['INP', 200, 'good'],
    ['INP', 500, 'needs-improvement'],
    ['INP', 501, 'poor'],
    ['FID', 100, 'good'],
    ['FID', 300, 'needs-improvement'],
    ['FID', 301, 'poor'],
    ['CLS', 0.1, 'good'],
    ['CLS', 0.25, 'needs-improvement'],
    ['CLS', 0.26, 'poor'],
    ['FCP', 1800, 'good'],
    ['FCP', 3000, 'needs-improvement'],
    ['FCP', 3001, 'poor'],
    ['TTFB', 800, 'good'],
    ['TTFB', 1800, 'needs-improvement'],
    ['TTFB', 1801, 'poor'],
  ] as const)('%s %d is %s', (name, value, rating) => {
    expect(rateVital(name, value)).toBe(rating);
  });
});

describe('isSessionSampled', () => {
  it('samples 10% of sessions, decided once per session', () => {
    const random = vi.fn(() => 0.05);
    expect(isSessionSampled(random)).toBe(true);
    expect(sessionStorage.getItem(VITALS_SAMPLED_KEY)).toBe('1');
    random.mockReturnValue(0.99);
    expect(isSessionSampled(random), 'the same session keeps its decision').toBe(true);
    expect(random).toHaveBeenCalledTimes(1);
  });

  it('leaves 90% out', () => {
    expect(isSessionSampled(() => 0.1)).toBe(false);
    expect(isSessionSampled(() => 0)).toBe(false);
    sessionStorage.clear();
    expect(isSessionSampled(() => 0.0999)).toBe(true);
  });

  it('samples about one session in ten', () => {
    let hits = 0;
    for (let i = 0; i < 10_000; i++) {
      sessionStorage.clear();
      if (isSessionSampled()) hits++;
    }
    expect(hits).toBeGreaterThan(800);
    expect(hits).toBeLessThan(1200);
  });
});

describe('createVitalsReporter', () => {
  let post: ReturnType<typeof vi.fn<PostJson>>;
  let reporter: ReturnType<typeof createVitalsReporter>;

  beforeEach(() => {
    vi.useFakeTimers();
    post = vi.fn<PostJson>(() => Promise.resolve());
    reporter = createVitalsReporter({ post, now: () => 1_700_000_000_000 });
  });

  afterEach(() => {
    reporter.stop();
    vi.useRealTimers();
    vi.restoreAllMocks();
    setVisibility('visible');
  });

  it('sends 10 reports in one batch, in the spec shape', () => {
    for (let i = 0; i < 9; i++) reporter.add(metric('CLS', 0.3, i));
    expect(post).not.toHaveBeenCalled();
    reporter.add(metric('LCP', 1200));
    expect(post).toHaveBeenCalledTimes(1);
    const [endpoint, body] = post.mock.calls[0] as [typeof reportVitals, { reports: unknown[] }];
    expect(endpoint).toBe(reportVitals);
    expect(body.reports).toHaveLength(10);
    expect(body.reports[9]).toEqual({
      url: '/',
      timestamp: 1_700_000_000_000,
      metrics: [{ name: 'LCP', value: 1200, rating: 'good', id: 'v5-LCP-0', delta: 1200 }],
      userAgent: navigator.userAgent,
      connectionType: 'unknown',
    });
    expect((body.reports[0] as { metrics: { rating: string }[] }).metrics[0].rating).toBe('poor');
    expect(reporter.queued).toBe(0);
  });

  it('flushes what has gathered after 30 s', () => {
    reporter.add(metric('FCP', 2000));
    reporter.add(metric('TTFB', 900));
    vi.advanceTimersByTime(29_999);
    expect(post).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(post).toHaveBeenCalledTimes(1);
    expect((post.mock.calls[0][1] as { reports: unknown[] }).reports).toHaveLength(2);
    vi.advanceTimersByTime(60_000);
    expect(post, 'nothing more to send').toHaveBeenCalledTimes(1);
  });

  it('flushes with keepalive when the tab is hidden', () => {
    reporter.add(metric('INP', 600));
    setVisibility('hidden');
    expect(post).toHaveBeenCalledWith(reportVitals, { reports: [expect.objectContaining({ metrics: [expect.objectContaining({ name: 'INP', rating: 'poor' })] })] }, { keepalive: true });
  });

  it('only warns when sending fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    post.mockRejectedValueOnce(new Error('offline'));
    reporter.add(metric('LCP', 5000));
    reporter.flush();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('Failed to send web vitals', expect.any(Error)));
    expect(reporter.queued, 'vitals are not retried').toBe(0);
  });

  it('gathers and sends nothing once stopped', () => {
    reporter.add(metric('LCP', 5000));
    reporter.stop();
    reporter.add(metric('LCP', 5000));
    vi.advanceTimersByTime(60_000);
    setVisibility('hidden');
    expect(post).not.toHaveBeenCalled();
  });
});
