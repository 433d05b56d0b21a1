/**
 * Runs `fn` once the browser is idle after the page has loaded: for fetching code the first screen
 * does not need (menus, dialogs, toasts) without competing with what it does need.
 */
export function whenIdle(fn: () => void, timeout = 3000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 1500);
  return () => window.clearTimeout(id);
}
