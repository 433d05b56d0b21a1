// Spec §9 numbers for analytics and web vitals.

/** The page address is checked this often for a new page view. */
export const ADDRESS_POLL_MS = 1000;

/** Share of sessions whose web vitals are reported, decided once per session. */
export const VITALS_SAMPLE_RATE = 0.1;
/** Reports are sent in batches of this many, or ... */
export const VITALS_BATCH_SIZE = 10;
/** ... whatever has gathered, this often (and when the tab is hidden). */
export const VITALS_FLUSH_MS = 30_000;

/** good ≤ first, poor > second (spec §9). */
export const VITALS_THRESHOLDS = {
  LCP: [2500, 4000],
  INP: [200, 500],
  FID: [100, 300],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
} as const satisfies Record<string, readonly [number, number]>;
