import type { Core } from '../../core.ts';
import { adSlots } from '../../db/schema/index.ts';

// The origins the ads' own images come from, for the CSP's img-src (plugins/security-headers.ts): a
// native ad's https:// image, and https:// images a custom ad's HTML loads (its frame inherits our
// CSP). Only these origins are added, not every https: address, so a member's content still cannot
// load a tracking pixel from anywhere else.

/** Kept this long; a change made in this process is seen at once (refresh), in others within this. */
const TTL_MS = 30_000;

/** An attribute that loads an image (src, srcset), with its value. */
const IMAGE_ATTR = /\b(?:src|srcset)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
/** A CSS image: url(https://…). */
const CSS_URL = /url\(\s*["']?(https:\/\/[^"')\s]+)/gi;
const HTTPS_URL = /https:\/\/[^\s,"'<>)]+/gi;

function originOf(href: string): string | null {
  try {
    const u = new URL(href);
    return u.protocol === 'https:' && u.hostname ? u.origin : null;
  } catch {
    return null;
  }
}

/** The https origins an ad's images load from (site paths need nothing: 'self'). */
export function adImageOriginsOf(ad: { imageUrl: string | null; customHtml: string | null }): string[] {
  const urls: string[] = [];
  if (ad.imageUrl) urls.push(ad.imageUrl);
  const html = ad.customHtml ?? '';
  for (const m of html.matchAll(IMAGE_ATTR)) urls.push(...((m[1] ?? m[2] ?? m[3] ?? '').match(HTTPS_URL) ?? []));
  for (const m of html.matchAll(CSS_URL)) urls.push(m[1]);
  return urls.map(originOf).filter((o): o is string => o !== null);
}

export type AdImageOrigins = {
  /** The origins as last read, sorted (the same array until they change); reads again in the background when old. */
  current(): readonly string[];
  /** Reads them now (at start, and after an ad is written in this process). */
  refresh(): Promise<void>;
};

export function createAdImageOrigins({ db, clock, log }: Pick<Core, 'db' | 'clock' | 'log'>): AdImageOrigins {
  let origins: readonly string[] = [];
  let readAt = -Infinity;
  let reading: Promise<void> | null = null;

  const refresh = () =>
    (reading ??= (async () => {
      try {
        const rows = await db.select({ imageUrl: adSlots.imageUrl, customHtml: adSlots.customHtml }).from(adSlots);
        const next = [...new Set(rows.flatMap(adImageOriginsOf))].sort();
        if (next.join(' ') !== origins.join(' ')) origins = next;
      } catch (err) {
        log.warn({ err }, 'ad image origins not read');
      } finally {
        // A failure too waits its TTL before the next try: requests never queue up reads.
        readAt = clock.now().getTime();
        reading = null;
      }
    })());

  return {
    current() {
      if (clock.now().getTime() - readAt > TTL_MS) void refresh();
      return origins;
    },
    refresh,
  };
}
