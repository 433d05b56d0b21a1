import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Lazy pages load through dynamic imports; on a busy 2-core CI machine that can take over the
// default 1 s that findBy* waits.
configure({ asyncUtilTimeout: 5000 });

// Testing Library only auto-cleans with globals enabled; this project imports from vitest explicitly.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom has no layout: scrolling (React Router's ScrollRestoration) is a no-op here.
window.scrollTo = () => {};
