// Ad slot rules of spec §9 without zod, so the forum list can use them and stay small
// (the schemas are in contracts/ads.ts, which re-exports these).

/** The places the site renders ads; an admin may also name other places (lower-case-with-hyphens). */
export const AD_LOCATIONS = ['forum-header', 'forum-sidebar', 'post-content'] as const;
export type TKnownAdLocation = (typeof AD_LOCATIONS)[number];

/** Spec §9: at most this many ads per location and request; any other location gets AD_MAX_DEFAULT. */
export const AD_MAXIMA: Readonly<Record<string, number>> = { 'forum-header': 1, 'forum-sidebar': 2, 'post-content': 1 };
export const AD_MAX_DEFAULT = 3;
export const adMaximum = (location: string) => AD_MAXIMA[location] ?? AD_MAX_DEFAULT;

export const AD_TYPES = ['adsense', 'custom', 'native'] as const;
export type TAdType = (typeof AD_TYPES)[number];
export const DEVICE_TARGETS = ['mobile', 'desktop', 'any'] as const;
export type TDeviceTarget = (typeof DEVICE_TARGETS)[number];
export const AD_DEVICES = ['mobile', 'desktop'] as const;
export type TAdDevice = (typeof AD_DEVICES)[number];

/** Spec §9: mobile is a width of 768 px or less. */
export const MOBILE_MAX_WIDTH = 768;
export const deviceForWidth = (width: number): TAdDevice => (width <= MOBILE_MAX_WIDTH ? 'mobile' : 'desktop');

/** Spec §8: thrown when the slots cannot be fetched; only ever logged. */
export const AD_FETCH_FAILED = 'Failed to fetch ad slots';
