import type { Core } from '../../core.ts';
import type { ImageOrigins } from '../../plugins/security-headers.ts';
import { adSlots } from '../../db/schema/index.ts';

// The origins the ads' own images come from, for the CSP's img-src (plugins/security-headers.ts): a
// native ad's https:// image, and https:// images a custom ad's HTML loads (its frame inherits our
// CSP). Only these origins are added, not every https: address, so a member's content still cannot
// load a tracking pixel from anywhere else.

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

/**
 * The ads' image origins for the security headers (ImageOrigins): read once before the server
 * answers, and again in every process whenever an ad is written ('ads.changed'): in the writing one
 * before its answer goes, so the admin's next page already allows the new image.
 */
export async function createAdImageOrigins({ db, events, log }: Pick<Core, 'db' | 'events' | 'log'>): Promise<ImageOrigins> {
  let origins: readonly string[] = [];
  const refresh = async () => {
    try {
      const rows = await db.select({ imageUrl: adSlots.imageUrl, customHtml: adSlots.customHtml }).from(adSlots);
      const next = [...new Set(rows.flatMap(adImageOriginsOf))].sort();
      // The same array until they change: the headers plugin builds its policy again only then.
      if (next.join(' ') !== origins.join(' ')) origins = next;
    } catch (err) {
      log.warn({ err }, 'ad image origins not read');
    }
  };
  await events.onEveryProcess('ads.changed', refresh);
  await refresh();
  return { current: () => origins };
}
