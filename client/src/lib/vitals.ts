import { URL_MAX } from '@common/rules/analytics';
import { rateVital, type TVitalName, type TVitalRating } from '@common/rules/vitals';
import { reportVitals } from '@endpoints/analytics';
import { VITALS_BATCH_SIZE, VITALS_FLUSH_MS, VITALS_SAMPLE_RATE } from './analytics/constants';
import { postJson, type PostJson } from './analytics/send';

// Web vitals (spec §3 Performance report, §7 POST /api/metrics/vitals, §9 sampling, batching and
// thresholds). Loaded only with analytics consent, by the analytics module.

export const VITALS_SAMPLED_KEY = 'vitals_sampled';

export { rateVital };
export type VitalName = TVitalName;
export type Rating = TVitalRating;
export type VitalMetric = { name: VitalName; value: number; rating: Rating; id: string; delta: number };
export type PerformanceReport = { url: string; timestamp: number; metrics: VitalMetric[]; userAgent: string; connectionType: string };

/** Whether this browser session reports vitals: decided once (10%) and kept in session storage. */
export function isSessionSampled(random: () => number = Math.random, rate = VITALS_SAMPLE_RATE): boolean {
  let stored: string | null = null;
  try {
    stored = window.sessionStorage.getItem(VITALS_SAMPLED_KEY);
  } catch {
    // Unreadable: decide for this page only.
  }
  if (stored === '1' || stored === '0') return stored === '1';
  const sampled = random() < rate;
  try {
    window.sessionStorage.setItem(VITALS_SAMPLED_KEY, sampled ? '1' : '0');
  } catch {
    // As above.
  }
  return sampled;
}

function connectionType(): string {
  const c = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection;
  return c?.effectiveType ?? 'unknown';
}

type RawMetric = { name: string; value: number; id: string; delta: number };

/**
 * Gathers reports and sends them in batches of 10, every 30 s, or when the tab is hidden (with
 * keepalive). A failed send is only a warning (spec §8): vitals are never retried.
 */
export function createVitalsReporter(opts: { post?: PostJson; now?: () => number } = {}) {
  const post = opts.post ?? postJson;
  const now = opts.now ?? Date.now;
  let queue: PerformanceReport[] = [];
  let timer: number | undefined;
  let active = true;

  const flush = (keepalive = false) => {
    window.clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const reports = queue;
    queue = [];
    void post(reportVitals, { reports }, { keepalive }).catch((err: unknown) => console.warn('Failed to send web vitals', err));
  };

  const add = (metric: RawMetric) => {
    if (!active) return;
    const name = metric.name as TVitalName;
    queue.push({
      url: `${window.location.pathname}${window.location.search}`.slice(0, URL_MAX),
      timestamp: now(),
      metrics: [{ name, value: metric.value, rating: rateVital(name, metric.value), id: metric.id, delta: metric.delta }],
      userAgent: navigator.userAgent,
      connectionType: connectionType(),
    });
    if (queue.length >= VITALS_BATCH_SIZE) flush();
    else timer ??= window.setTimeout(() => flush(), VITALS_FLUSH_MS);
  };

  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush(true);
  };
  document.addEventListener('visibilitychange', onHidden);

  return {
    add,
    flush,
    /** Consent withdrawn: nothing more is gathered or sent. */
    stop() {
      active = false;
      queue = [];
      window.clearTimeout(timer);
      timer = undefined;
      document.removeEventListener('visibilitychange', onHidden);
    },
    get queued() {
      return queue.length;
    },
  };
}

let reporter: ReturnType<typeof createVitalsReporter> | null = null;
let wanted = false;
let observed: Promise<void> | undefined;

/** Starts reporting for a sampled session. web-vitals' observers cannot be removed: after stop they feed nothing. */
export async function startVitals(): Promise<void> {
  wanted = true;
  if (reporter || !isSessionSampled()) return;
  // web-vitals first: its hidden-tab listeners then run before the reporter's flush on hide, so the
  // final CLS, LCP and INP go out with that flush.
  observed ??= import('web-vitals').then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
    const report = (m: RawMetric) => reporter?.add(m);
    onLCP(report);
    onINP(report);
    onCLS(report);
    onFCP(report);
    onTTFB(report);
  });
  await observed;
  if (wanted) reporter ??= createVitalsReporter();
}

export function stopVitals(): void {
  wanted = false;
  reporter?.stop();
  reporter = null;
  try {
    window.sessionStorage.removeItem(VITALS_SAMPLED_KEY);
  } catch {
    // Nothing stored.
  }
}
