// The tab's icon travels inside every page as a data: address (issue 31). Linked as /favicon.svg,
// Chromium asked for it at high priority once the page was parsed, and on a slow line that request,
// finished before the first paint, delayed the largest paint by a round trip. The apple-touch-icon
// link keeps an address: search engines read a site's icon there. /favicon.svg is still served, for
// the manifest, the structured data's logo and the offline page.

/** client/public/favicon.svg's text as the `href` of index.html's icon link (vite.config.ts). */
export function faviconDataUrl(svg: string): string {
  // Single quotes need no escaping in a double-quoted attribute; `#` would end the address early.
  return `data:image/svg+xml,${svg.trim().replaceAll('"', "'").replace(/[<>#%\n]/g, (c) => encodeURIComponent(c))}`;
}
