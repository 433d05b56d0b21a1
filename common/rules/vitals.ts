// Spec §9 web-vitals thresholds and rating, without zod: the client's vitals reporter (loaded after
// consent) and the server's contract and admin report share these numbers.

export const VITAL_NAMES = ['LCP', 'INP', 'FID', 'CLS', 'FCP', 'TTFB'] as const;
export type TVitalName = (typeof VITAL_NAMES)[number];
export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export type TVitalRating = (typeof VITAL_RATINGS)[number];

/** Spec §9: good at or below the first number, poor above the second. */
export const VITAL_THRESHOLDS: Record<TVitalName, readonly [good: number, poor: number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  FID: [100, 300],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

/** The spec §9 rating of a measurement (web-vitals uses the same rule). */
export function rateVital(name: TVitalName, value: number): TVitalRating {
  const [good, poor] = VITAL_THRESHOLDS[name];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}
