import {
  createContext,
  forwardRef,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { matchPattern } from '@common/routes';

// The app's router: the location, links, navigation, search params, route params and scroll
// restoration the pages use, in ~3 kB gzipped (React Router's data router was ~28 kB of the entry
// chunk, issue 15). One history source per tree: the browser's, an in-memory one (tests) or a fixed
// location (server rendering, where navigation is impossible). Route matching is the route table's
// own (common/routes.ts).

export type Location = { pathname: string; search: string; hash: string; state: unknown; key: string };
export type NavigateOptions = { replace?: boolean; state?: unknown; preventScrollReset?: boolean };
type Action = 'POP' | 'PUSH' | 'REPLACE';

interface History {
  location(): Location;
  action(): Action;
  push(to: string, state: unknown): void;
  replace(to: string, state: unknown): void;
  go(delta: number): void;
  subscribe(listener: () => void): () => void;
}

let keySeq = 0;
const newKey = () => `${Date.now().toString(36)}${(keySeq++).toString(36)}`;

function parsePath(to: string, base: Location | null): Omit<Location, 'state' | 'key'> {
  const url = new URL(to, `http://x${base ? base.pathname + base.search : '/'}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

const href = (l: Pick<Location, 'pathname' | 'search' | 'hash'>) => `${l.pathname}${l.search}${l.hash}`;

function createBrowserHistory(): History {
  const listeners = new Set<() => void>();
  let action: Action = 'POP';
  const read = (): Location => {
    const s = (window.history.state ?? {}) as { key?: string; usr?: unknown };
    return { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash, state: s.usr ?? null, key: s.key ?? 'default' };
  };
  let current = read();
  const notify = () => {
    current = read();
    listeners.forEach((l) => l());
  };
  const write = (kind: 'push' | 'replace', to: string, state: unknown) => {
    const next = parsePath(to, current);
    const entry = { key: newKey(), usr: state ?? null };
    if (kind === 'push') window.history.pushState(entry, '', href(next));
    else window.history.replaceState(entry, '', href(next));
    action = kind === 'push' ? 'PUSH' : 'REPLACE';
    notify();
  };
  window.addEventListener('popstate', () => {
    action = 'POP';
    notify();
  });
  return {
    location: () => current,
    action: () => action,
    push: (to, state) => write('push', to, state),
    replace: (to, state) => write('replace', to, state),
    go: (delta) => window.history.go(delta),
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

function createMemoryHistory(initialEntries: string[]): History {
  const listeners = new Set<() => void>();
  const entries: Location[] = (initialEntries.length ? initialEntries : ['/']).map((e) => ({ ...parsePath(e, null), state: null, key: newKey() }));
  let index = entries.length - 1;
  let action: Action = 'POP';
  const notify = () => listeners.forEach((l) => l());
  return {
    location: () => entries[index]!,
    action: () => action,
    push: (to, state) => {
      entries.splice(index + 1, entries.length, { ...parsePath(to, entries[index]!), state: state ?? null, key: newKey() });
      index += 1;
      action = 'PUSH';
      notify();
    },
    replace: (to, state) => {
      entries[index] = { ...parsePath(to, entries[index]!), state: state ?? null, key: newKey() };
      action = 'REPLACE';
      notify();
    },
    go: (delta) => {
      index = Math.min(entries.length - 1, Math.max(0, index + delta));
      action = 'POP';
      notify();
    },
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

/** The one location a server render sees. */
function createStaticHistory(url: string): History {
  const location: Location = { ...parsePath(url, null), state: null, key: 'default' };
  const refuse = () => {
    throw new Error('Navigation is not possible while rendering on the server');
  };
  return { location: () => location, action: () => 'POP', push: refuse, replace: refuse, go: refuse, subscribe: () => () => {} };
}

type RouterValue = { history: History; location: Location; preventScrollReset: { current: boolean } };
const RouterContext = createContext<RouterValue | null>(null);
const ParamsContext = createContext<Record<string, string>>({});

function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('A router hook was used outside a router');
  return value;
}

function Router({ history, children }: { history: History; children: ReactNode }) {
  const location = useSyncExternalStore(history.subscribe, history.location, history.location);
  const [preventScrollReset] = useState(() => ({ current: false }));
  const value = useMemo(() => ({ history, location, preventScrollReset }), [history, location, preventScrollReset]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <Router history={history}>{children}</Router>;
}

export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children: ReactNode }) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

/** Server rendering: one fixed location (path and query). */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const history = useMemo(() => createStaticHistory(location), [location]);
  return <Router history={history}>{children}</Router>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useParams<P extends Record<string, string> = Record<string, string>>(): Partial<P> {
  return useContext(ParamsContext) as Partial<P>;
}

export function useNavigate(): (to: string | number, options?: NavigateOptions) => void {
  const { history, preventScrollReset } = useRouter();
  return useCallback(
    (to: string | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') return history.go(to);
      preventScrollReset.current = options.preventScrollReset ?? false;
      // A transition keeps the current page on screen while the next one's chunk loads.
      startTransition(() => (options.replace ? history.replace(to, options.state) : history.push(to, options.state)));
    },
    [history, preventScrollReset],
  );
}

type SearchInit = URLSearchParams | string | Record<string, string>;
export function useSearchParams(): [URLSearchParams, (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => void] {
  const { search, pathname, hash } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(search)) : next);
      const query = value.toString();
      navigate(`${pathname}${query ? `?${query}` : ''}${hash}`, options);
    },
    [navigate, pathname, search, hash],
  );
  return [params, set];
}

/** Navigates once mounted (a redirect in render). */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string } & NavigateOptions;

const isPlainClick = (e: MouseEvent<HTMLAnchorElement>) =>
  e.button === 0 && !e.defaultPrevented && !e.metaKey && !e.altKey && !e.ctrlKey && !e.shiftKey && (!e.currentTarget.target || e.currentTarget.target === '_self');

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, state, preventScrollReset, onClick, ...rest }, ref) {
  const { location } = useRouter();
  const navigate = useNavigate();
  const target = parsePath(to, location);
  return (
    <a
      {...rest}
      ref={ref}
      href={href(target)}
      onClick={(e) => {
        onClick?.(e);
        if (!isPlainClick(e) || /^[a-z][a-z0-9+.-]*:/i.test(to)) return;
        e.preventDefault();
        navigate(to, { replace: replace ?? href(target) === href(location), state, preventScrollReset });
      }}
    />
  );
});

type NavLinkProps = Omit<LinkProps, 'className'> & { end?: boolean; className?: string | ((s: { isActive: boolean }) => string) };

/** A link that knows when it is the current page (aria-current="page"). */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ end, className, ...rest }, ref) {
  const { pathname } = useLocation();
  const target = parsePath(rest.to, null).pathname;
  const isActive = pathname === target || (!end && target !== '/' && pathname.startsWith(`${target}/`));
  return (
    <Link
      {...rest}
      ref={ref}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : [className, isActive ? 'active' : ''].filter(Boolean).join(' ') || undefined}
    />
  );
});

/** Renders `children` with the route params of `pattern` (from common/routes' matcher). */
export function RouteParams({ params, children }: { params: Record<string, string>; children: ReactNode }) {
  return <ParamsContext.Provider value={params}>{children}</ParamsContext.Provider>;
}

/** Tests' route switch: the first <Route> whose path matches the location ('*' matches anything). */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const list = (Array.isArray(children) ? children : [children]) as Array<{ props: { path: string; element: ReactNode } }>;
  for (const child of list) {
    const params = child.props.path === '*' ? {} : matchPattern(child.props.path, pathname);
    if (params) return <RouteParams params={params}>{child.props.element}</RouteParams>;
  }
  return null;
}

export function Route(_: { path: string; element: ReactNode }): null {
  return null;
}

const SCROLL_KEY = 'react-router-scroll-positions';

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * Back and Forward return to where the reader was (positions per history entry, in session
 * storage); a new page starts at the top, or at its #fragment.
 */
export function ScrollRestoration() {
  const { history, location, preventScrollReset } = useRouter();
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      const positions = readPositions();
      positions[history.location().key] = window.scrollY;
      try {
        sessionStorage.setItem(SCROLL_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or refused: Back starts at the top, nothing else changes.
      }
    };
    window.addEventListener('pagehide', save);
    window.addEventListener('scrollend', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.removeEventListener('scrollend', save);
      window.history.scrollRestoration = 'auto';
    };
  }, [history]);
  const [first] = useState(() => location.key);
  useLayoutEffect(() => {
    if (location.key === first) return; // a full page load: the browser starts at the top or the fragment
    if (history.action() === 'POP') {
      const y = readPositions()[location.key];
      if (y !== undefined) return window.scrollTo(0, y);
    }
    if (preventScrollReset.current) return;
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, first, history, preventScrollReset]);
  return null;
}
