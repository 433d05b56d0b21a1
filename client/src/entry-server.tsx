import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import type { ReactNode } from 'react';
import { matchRoute } from '@common/routes';
import { App } from '@/app';
import { ForumPage, LandingPage, pageSource, PAGES } from '@/app/pages';
import { setTransport } from '@/lib/api-client';
import type { TUser } from '@common/contracts/auth';
import { getAnonymousBlocksQueryOptions, getBlocksQueryOptions } from '@/components/blocks/use-blocks';
import { getUserQueryOptions, USER_QUERY_KEY } from '@/lib/auth';
import { packState } from '@/lib/page-state';
import { createQueryClient } from '@/lib/query-client';
import { StaticRouter } from '@/lib/router';

// Server rendering (issue 15): the same React tree the browser hydrates. The server module
// (server/plugins/web.ts) imports this file's build (dist/ssr) and calls renderApp for every page
// request. A page's data comes through the same queries the browser runs, answered in process by
// the app's own routes (their services, their access rules, the guest cache): the tree is rendered,
// the queries it asked for are run, and it is rendered again until it asks for nothing new. The
// answers go to the browser as dehydrated query state, so hydration finds the same data and the
// browser asks the API for nothing on first load.

/** Answers an API request of the page being rendered (the web plugin injects it into the app). */
export type PageFetch = (url: string, init: RequestInit) => Promise<Response>;

const currentFetch = new AsyncLocalStorage<PageFetch>();
setTransport((input, init) => {
  const fetchForPage = currentFetch.getStore();
  if (!fetchForPage) return Promise.reject(new Error('An API call outside a page render'));
  return fetchForPage(String(input), init ?? {});
});

/** Dependent queries (a list that waits for the categories) need one more pass each; three is plenty. */
const MAX_PASSES = 4;

export type RenderedApp = {
  /** The markup of #root. */
  html: string;
  /** The query state to hydrate with (JSON-safe), packed (lib/page-state.ts). */
  state: { queries: DehydratedState; notFound: boolean };
  /** Manifest keys (src/…) of the page modules this render used: the server preloads their chunks. */
  pageSources: string[];
};

/**
 * Renders the whole tree to a string once every lazy part has loaded. Preact's renderer (ADR 0007)
 * waits for every suspended part and writes it in place, so the page needs no inline script to
 * reveal a part later (the Content-Security-Policy, script-src 'self', rightly refuses those).
 */
const renderToString = async (node: ReactNode): Promise<string> => renderToStringAsync(node as VNode);

const waiting = (q: Query) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && isEnabled(q);

function isEnabled(q: Query): boolean {
  const enabled = (q.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(q) : enabled !== false;
}

/**
 * The page at `url` (path and query) as its markup and the state to hydrate it with. `notFound`: the
 * server already knows the path names nothing (a missing post), so the tree shows the 404 page.
 */
export async function renderApp(opts: { url: string; fetch: PageFetch; notFound: boolean }): Promise<RenderedApp> {
  const queryClient: QueryClient = createQueryClient();
  const pathname = new URL(opts.url, 'http://x').pathname;
  // Each query keeps a timer for its gcTime (10 minutes), and the timer the client and with it the
  // request: without the clear, every page rendered held its memory for ten minutes (issue 29's soak).
  return currentFetch
    .run(opts.fetch, async () => {
      // Who is asking decides the page ('/' is the landing page for guests, the list for members).
      await queryClient.prefetchQuery(getUserQueryOptions());
      // A member's blocks (by name, and from anonymous content) are asked by the rows of a list or a
      // thread, once they have rendered: asked now, they cost no further render of the whole page (issue 31).
      const user = queryClient.getQueryData<TUser | null>(USER_QUERY_KEY);
      if (user) await Promise.all([queryClient.prefetchQuery(getBlocksQueryOptions(user.id)), queryClient.prefetchQuery(getAnonymousBlocksQueryOptions(user.id))]);
      const tree = () => (
        <StaticRouter location={opts.url}>
          <App queryClient={queryClient} notFoundAt={opts.notFound ? pathname : undefined} />
        </StaticRouter>
      );
      let html = await renderToString(tree());
      for (let pass = 1; pass < MAX_PASSES; pass += 1) {
        const asked = queryClient.getQueryCache().getAll().filter(waiting);
        if (!asked.length) break;
        // No retries here: a failed query is left to the browser, which retries it by its own rules.
        await Promise.all(asked.map((q) => q.fetch({ ...q.options, retry: false }).catch(() => undefined)));
        html = await renderToString(tree());
      }
      const signedIn = !!queryClient.getQueryData(USER_QUERY_KEY);
      return {
        html,
        state: { queries: packState(dehydrate(queryClient)), notFound: opts.notFound },
        pageSources: opts.notFound ? [] : pageSourcesFor(pathname, signedIn),
      };
    })
    .finally(() => queryClient.clear());
}

function pageSourcesFor(pathname: string, signedIn: boolean): string[] {
  const route = matchRoute(pathname);
  const page = route && PAGES[route.path];
  if (!page) return [];
  const source = pageSource(page === 'home' ? (signedIn ? ForumPage : LandingPage) : page);
  return source ? [source] : [];
}
