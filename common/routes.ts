// The route table of spec §2 with its access classes. The client builds its router from it and the
// server uses it to answer HTTP 404 for every other path (the SPA fallback never answers 200 for a
// page that does not exist) and to mark private pages noindex.
/** 'moderator': admins and moderators (issue 18, common/rules/roles.ts). */
export type Access = 'public' | 'guest' | 'member' | 'moderator' | 'admin' | 'home';

export type RouteDef = {
  /** react-router style pattern. */
  path: string;
  access: Access;
  /** Kept out of search engines (auth, private and admin pages). */
  noindex?: boolean;
};

export const ROUTES: readonly RouteDef[] = [
  // '/' is the landing page for guests and the forum list for members.
  { path: '/', access: 'home' },
  { path: '/forum', access: 'public' },
  { path: '/forum/posts/:slug', access: 'public' },
  { path: '/forum/post/:slug', access: 'public' },
  { path: '/courier-guide-uk', access: 'public' },
  { path: '/pay-estimator', access: 'public' },
  // The Courier Pay Index (issue 19): /pay/report and /pay/mine before /pay/:network, which would match them.
  { path: '/pay', access: 'public' },
  { path: '/pay/report', access: 'member', noindex: true },
  { path: '/pay/mine', access: 'member', noindex: true },
  { path: '/pay/:network', access: 'public' },
  // Issue 32: tags and postcode areas, each with its posts.
  { path: '/tags', access: 'public' },
  { path: '/tags/:slug', access: 'public' },
  { path: '/areas', access: 'public' },
  { path: '/areas/:code', access: 'public' },
  { path: '/support', access: 'public' },
  { path: '/terms', access: 'public' },
  { path: '/privacy', access: 'public' },
  { path: '/privacy-policy', access: 'public' },
  { path: '/community-guidelines', access: 'public' },
  { path: '/register', access: 'guest', noindex: true },
  { path: '/verify-email', access: 'guest', noindex: true },
  { path: '/forgot-password', access: 'guest', noindex: true },
  { path: '/reset-password', access: 'guest', noindex: true },
  { path: '/dashboard', access: 'member', noindex: true },
  { path: '/profile', access: 'member', noindex: true },
  { path: '/profile/:username', access: 'member', noindex: true },
  { path: '/directory/users', access: 'member', noindex: true },
  { path: '/directory/jobs', access: 'member', noindex: true },
  { path: '/forum/new', access: 'member', noindex: true },
  { path: '/onboarding', access: 'member', noindex: true },
  { path: '/inbox', access: 'member', noindex: true },
  { path: '/inbox/:id', access: 'member', noindex: true },
  { path: '/settings/notifications', access: 'member', noindex: true },
  { path: '/notifications', access: 'member', noindex: true },
  { path: '/bookmarks', access: 'member', noindex: true },
  { path: '/admin', access: 'admin', noindex: true },
  { path: '/admin/support', access: 'admin', noindex: true },
  { path: '/admin/emails', access: 'admin', noindex: true },
  { path: '/admin/ads', access: 'admin', noindex: true },
  { path: '/admin/analytics', access: 'admin', noindex: true },
  // Beyond the spec's five: what an admin of a mature forum expects to find.
  { path: '/admin/members', access: 'admin', noindex: true },
  { path: '/admin/moderation', access: 'moderator', noindex: true },
  { path: '/admin/categories', access: 'admin', noindex: true },
  { path: '/admin/bulletins', access: 'admin', noindex: true },
  { path: '/admin/pay-reports', access: 'admin', noindex: true },
  // Issue 28: the watched words and the review setting (the review queue is on /admin/moderation).
  { path: '/admin/watched-words', access: 'admin', noindex: true },
  // Issue 32: the tags posts carry.
  { path: '/admin/tags', access: 'admin', noindex: true },
];

const compiled = ROUTES.map((r) => ({
  route: r,
  re: new RegExp(`^${r.path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
}));

/** The route a path belongs to, or undefined: a path no route matches is a 404. */
export function matchRoute(pathname: string): RouteDef | undefined {
  if (pathname.length > 1 && pathname.endsWith('/')) pathname = pathname.slice(0, -1);
  return compiled.find((c) => c.re.test(pathname))?.route;
}

/** Spec §2: a query flag named 404 shows the not-found page; its value is the missing path. */
export function notFoundFlag(search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  if (!params.has('404')) return null;
  return params.get('404') || 'unknown page';
}

/** The params of `pattern` (`/profile/:username`) in `pathname`, decoded, or null when it does not match. */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  if (pathname.length > 1 && pathname.endsWith('/')) pathname = pathname.slice(0, -1);
  const names: string[] = [];
  const re = new RegExp(`^${pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => (names.push(name), '([^/]+)'))}$`);
  const m = re.exec(pathname);
  if (!m) return null;
  return Object.fromEntries(
    names.map((name, i) => {
      const raw = m[i + 1]!;
      try {
        return [name, decodeURIComponent(raw)];
      } catch {
        return [name, raw];
      }
    }),
  );
}
