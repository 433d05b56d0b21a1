import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TAdSlot } from '@common/contracts/ads';
import { useConsent } from '@/lib/consent';
import { siteConfigQueryOptions } from '@/lib/site-config';
import { ErrorBoundary } from '@/components/ui/error-boundary';

// How an ad looks, for members (the forum's slots) and for the admin's preview alike: custom HTML
// only in a sandboxed frame, native ads as a card marked Sponsored, AdSense only with the
// publisher id configured and marketing consent given (UK PECR). Loaded lazily, only when a slot
// has an ad to show.

export type AdContent = Pick<
  TAdSlot,
  'adType' | 'adSlotId' | 'customHtml' | 'width' | 'height' | 'isResponsive' | 'title' | 'body' | 'linkUrl' | 'imageUrl'
>;

/**
 * The frame's sandbox: links may open a new tab (as a normal page, outside the sandbox), nothing
 * else. No allow-scripts: the creative is static HTML, so no code of an advertiser ever runs on our
 * pages (no redirects, fingerprinting or miners). No allow-same-origin: the frame has an opaque
 * origin and cannot read our cookies, storage or DOM. The frame also inherits our CSP.
 */
export const AD_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';
const DEFAULT_HEIGHT = 250;

/**
 * The document inside the frame: links open in a new tab and send no referrer. It stays light in
 * dark mode, on white: the advertiser drew the creative for a white page, and its colours are not ours.
 */
export function adDocument(html: string): string {
  return (
    '<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><base target="_blank">' +
    '<style>:root{color-scheme:light}html,body{margin:0;padding:0;overflow:hidden;font-family:system-ui,sans-serif}img{max-width:100%;height:auto}</style>' +
    `</head><body>${html}</body></html>`
  );
}

function Label({ children }: { children: string }) {
  return <p className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">{children}</p>;
}

function CustomAd({ ad }: { ad: AdContent }) {
  return (
    <div>
      <Label>Advertisement</Label>
      <iframe
        title="Advertisement"
        sandbox={AD_SANDBOX}
        srcDoc={adDocument(ad.customHtml ?? '')}
        referrerPolicy="no-referrer"
        loading="lazy"
        className="block max-w-full rounded-lg border-0 bg-white"
        style={{ width: ad.isResponsive || !ad.width ? '100%' : ad.width, height: ad.height ?? DEFAULT_HEIGHT }}
      />
    </div>
  );
}

function NativeAd({ ad }: { ad: AdContent }) {
  return (
    <div className="rounded-xl border border-line bg-card p-4 shadow-sm">
      <Label>Sponsored</Label>
      <a
        href={ad.linkUrl ?? undefined}
        target="_blank"
        rel="sponsored noopener noreferrer"
        className="group grid gap-2 sm:grid-cols-[auto_1fr] sm:items-start sm:gap-4"
      >
        {ad.imageUrl && (
          <img
            src={ad.imageUrl}
            alt=""
            loading="lazy"
            className="max-h-40 w-full rounded-lg object-cover sm:w-40"
            width={ad.width ?? undefined}
            height={ad.height ?? undefined}
          />
        )}
        <span className="grid gap-1">
          <span className="font-bold text-link group-hover:underline">{ad.title}</span>
          {ad.body && <span className="text-sm text-ink">{ad.body}</span>}
        </span>
      </a>
    </div>
  );
}

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

const ADSENSE_SRC = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js';

function loadAdSense(client: string) {
  if (document.querySelector(`script[src^="${ADSENSE_SRC}"]`)) return;
  const s = document.createElement('script');
  s.async = true;
  s.crossOrigin = 'anonymous';
  s.src = `${ADSENSE_SRC}?client=${encodeURIComponent(client)}`;
  s.onerror = () => console.error('Ad load error: AdSense script did not load');
  document.head.appendChild(s);
}

function AdSenseUnit({ ad, client }: { ad: AdContent; client: string }) {
  const pushed = useRef(false);
  useEffect(() => {
    if (pushed.current) return;
    pushed.current = true;
    try {
      loadAdSense(client);
      (window.adsbygoogle = window.adsbygoogle ?? []).push({});
    } catch (err) {
      console.error('Ad load error:', err);
    }
  }, [client]);
  const fixed = !ad.isResponsive && ad.width && ad.height;
  return (
    <div>
      <Label>Advertisement</Label>
      <ins
        className="adsbygoogle"
        style={fixed ? { display: 'inline-block', width: ad.width!, height: ad.height! } : { display: 'block' }}
        data-ad-client={client}
        data-ad-slot={ad.adSlotId ?? undefined}
        {...(fixed ? {} : { 'data-ad-format': 'auto', 'data-full-width-responsive': 'true' })}
      />
    </div>
  );
}

function AdSenseAd({ ad, preview }: { ad: AdContent; preview: boolean }) {
  const marketing = useConsent()?.marketing === true;
  // The site's configuration is asked for only once marketing consent is given.
  const { data: config } = useQuery({ ...siteConfigQueryOptions(), enabled: marketing && !preview });
  if (preview) {
    return (
      <div className="grid min-h-24 place-items-center rounded-lg border-2 border-dashed border-line bg-card p-4 text-center text-sm text-muted">
        AdSense ad unit {ad.adSlotId || '(no slot id)'}: shown only when ADSENSE_CLIENT is set and the member accepts marketing cookies.
      </div>
    );
  }
  if (!marketing || !config?.adsenseClient) return null;
  return <AdSenseUnit ad={ad} client={config.adsenseClient} />;
}

/** One ad as members see it; `preview` is the admin's (AdSense shows as a placeholder there). */
export function AdView({ ad, preview = false }: { ad: AdContent; preview?: boolean }) {
  if (ad.adType === 'custom') return ad.customHtml ? <CustomAd ad={ad} /> : null;
  if (ad.adType === 'native') return ad.title && ad.linkUrl ? <NativeAd ad={ad} /> : null;
  return <AdSenseAd ad={ad} preview={preview} />;
}

/** The ads of one slot; a broken one disappears (the error is logged) and the page goes on. */
export function AdList({ ads }: { ads: TAdSlot[] }) {
  return (
    <>
      {ads.map((ad) => (
        <ErrorBoundary key={ad.id} fallback={() => null}>
          <AdView ad={ad} />
        </ErrorBoundary>
      ))}
    </>
  );
}
