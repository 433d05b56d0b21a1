// Ad slot rules of spec §9 and their messages, without zod, so the forum list can use them and stay
// small (the schemas are in contracts/ads.ts).

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

export const AD_NAME_MAX = 100;
export const AD_LOCATION_MAX = 40;
export const AD_POSITION_MAX = 10_000;
/** Custom HTML is at most 20 kB, counted in UTF-8 bytes. */
export const AD_HTML_MAX_BYTES = 20 * 1024;
export const AD_TITLE_MAX = 120;
export const AD_BODY_MAX = 500;
export const AD_URL_MAX = 2000;
export const AD_SIZE_MAX = 4000;

export const AD_MSG = {
  /** Spec §8: thrown when the slots cannot be fetched; only ever logged. */
  fetchFailed: 'Failed to fetch ad slots',
  locationRequired: 'location is required',
  locationFormat: 'Location must be lower-case words joined by hyphens, like forum-header',
  deviceInvalid: 'device must be mobile or desktop',
  typeInvalid: 'Ad type must be adsense, custom or native',
  deviceTargetInvalid: 'Device target must be mobile, desktop or any',
  nameMax: `Name must be at most ${AD_NAME_MAX} characters`,
  positionInvalid: `Position must be a whole number from 0 to ${AD_POSITION_MAX}`,
  sizeInvalid: `Width and height must be whole numbers of pixels from 1 to ${AD_SIZE_MAX}`,
  adSlotIdRequired: 'An AdSense ad needs its ad slot id',
  adSlotIdFormat: 'The AdSense ad slot id is the number AdSense shows for the ad unit',
  customHtmlRequired: 'A custom ad needs its HTML',
  customHtmlMax: 'Custom HTML must be at most 20 kB',
  titleRequired: 'A native ad needs a title',
  titleMax: `Title must be at most ${AD_TITLE_MAX} characters`,
  bodyMax: `Text must be at most ${AD_BODY_MAX} characters`,
  linkRequired: 'A native ad needs a link',
  linkHttps: 'The link must be a full https:// address',
  imageUrl: 'The image must be an https:// address or a path on this site',
  notFound: 'Ad slot not found',
  nothingToUpdate: 'Nothing to update',
} as const;
