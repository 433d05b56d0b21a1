import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App } from './app';
import { preloadPage } from './app/router';
import { USER_QUERY_KEY } from './lib/auth';
import { queryClient } from './lib/query-client';
import { hydrateInSlices } from './lib/hydration-slices';
import { unpackState } from './lib/page-state';
import { followDeviceMember } from './lib/session-end';
import { BrowserRouter } from './lib/router';
import { registerServiceWorker } from './lib/service-worker';
import type { RenderedApp } from './entry-server';
import './index.css';

// The browser's entry. A page the server rendered (every page but `npm run dev`'s) is hydrated:
// its query state is put in the cache first and its page chunk loaded, so the first render in the
// browser is the server's markup, kept as it is, and the API is asked for nothing it already gave.

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

const stateScript = document.getElementById('kerbside-state');
const state = stateScript?.textContent ? (JSON.parse(stateScript.textContent) as RenderedApp['state']) : null;
if (state) hydrate(queryClient, unpackState(state.queries));
// Whose drafts this device reads and keeps, known before the first render; a sign-out forgets them.
followDeviceMember(queryClient);

const app = (
  <StrictMode>
    <BrowserRouter>
      <App notFoundAt={state?.notFound ? window.location.pathname : undefined} />
    </BrowserRouter>
  </StrictMode>
);

if (state) {
  // Not a top-level await: a page chunk imports this entry's chunk, which would still be evaluating.
  // As a transition: React hydrates in slices that leave the main thread free between them.
  // In a task after the one that ran the code, so running it and hydrating are not one long task.
  void preloadPage(window.location.pathname, !!queryClient.getQueryData(USER_QUERY_KEY))
    .then(() => new Promise((resolve) => setTimeout(resolve)))
    .then(() =>
      startTransition(() => {
        hydrateInSlices(() => hydrateRoot(root, app));
      }),
    );
} else {
  void preloadPage(window.location.pathname);
  createRoot(root).render(app);
}

// Offline and updates (issue 16): /sw.js registers once the page is hydrated and the browser is idle.
registerServiceWorker();
