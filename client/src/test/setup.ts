import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';

// Lazy pages load through dynamic imports; on a busy 2-core CI machine that can take over the
// default 1 s that findBy* waits.
configure({ asyncUtilTimeout: 5000 });

// Testing Library only auto-cleans with globals enabled; this project imports from vitest explicitly.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom has no layout: scrolling (the router's ScrollRestoration) is a no-op here.
window.scrollTo = () => {};

// Preact (ADR 0007) runs effects after the next frame: jsdom's requestAnimationFrame, with a timer
// that calls cancelAnimationFrame. A timer left over when a file's jsdom is torn down then throws
// (cancelAnimationFrame is gone). A plain timer is the same "after this task" without the frame.
options.requestAnimationFrame = (flush) => void setTimeout(flush);

// Radix's Switch measures its thumb with ResizeObserver, which jsdom lacks (it has no layout).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
