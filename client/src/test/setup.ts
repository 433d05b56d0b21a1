import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Testing Library only auto-cleans with globals enabled; this project imports from vitest explicitly.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom has no layout: scrolling (React Router's ScrollRestoration) is a no-op here.
window.scrollTo = () => {};
