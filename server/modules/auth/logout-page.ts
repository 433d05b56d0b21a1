import type { FastifyRequest } from 'fastify';
import { escapeHtml } from '../../lib/html.ts';

/**
 * GET /api/logout signs out only when the browser says the navigation came from our own pages or was
 * typed (`Sec-Fetch-Site: same-origin` or `none`). Another site's link or image, a same-site
 * subdomain, and a browser too old to send the header all get the confirmation page instead, so no
 * other page can sign a member out.
 */
export function isOwnNavigation(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  return site === 'same-origin' || site === 'none';
}

/** A browser form submission (it asks for a page), as opposed to an API call that wants JSON. */
export function wantsPage(req: FastifyRequest): boolean {
  return /\btext\/html\b/i.test(req.headers.accept ?? '');
}

/**
 * The confirmation page: one button that POSTs to /api/logout (which then redirects home). No script
 * (the CSP allows none inline), inline styles only, dark when the device is, not indexed.
 */
export function logoutConfirmPage(appName: string): string {
  const name = escapeHtml(appName);
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Log out of ${name}?</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#eef3fb;color:#0b1d36;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{box-sizing:border-box;width:calc(100% - 2rem);max-width:28rem;padding:1.5rem;background:#fff;border-radius:1rem;box-shadow:0 1px 3px rgba(11,29,54,.2)}
h1{margin:0 0 .5rem;font-size:1.5rem}
form{margin:1.25rem 0 1rem}
button{min-height:44px;padding:0 1.25rem;border:0;border-radius:.5rem;background:#1d3f72;color:#fff;font:inherit;font-weight:700;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
a{color:#1d3f72;font-weight:600}
@media (prefers-color-scheme:dark){:root{color-scheme:dark}body{background:#0b1321;color:#e5ebf4}main{background:#121c2d;box-shadow:none}button{background:#2d5a9e}a{color:#8db8ff}}
</style>
</head>
<body>
<main>
<h1>Log out of ${name}?</h1>
<p>A link asked to log you out. If you meant to, press Log out.</p>
<form method="post" action="/api/logout"><button type="submit">Log out</button></form>
<p><a href="/">Stay logged in and go to ${name}</a></p>
</main>
</body>
</html>
`;
}
