const INTERACTION = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const;
/** Without an interaction, code for later is fetched this long after the page started. */
const UNTOUCHED_MS = 10_000;

let started: Promise<void> | undefined;

/** Resolves at the reader's first touch, key or scroll, or after UNTOUCHED_MS, whichever comes first. */
function firstInteraction(): Promise<void> {
  started ??= new Promise<void>((resolve) => {
    const go = () => {
      for (const type of INTERACTION) window.removeEventListener(type, go, true);
      window.clearTimeout(timer);
      resolve();
    };
    const timer = window.setTimeout(go, UNTOUCHED_MS);
    for (const type of INTERACTION) window.addEventListener(type, go, { capture: true, passive: true });
  });
  return started;
}

/** Runs `fn` in the browser's next idle moment (or within `timeout` ms); where there are none, in the next task. Returns the cancel. */
export function onIdle(fn: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 0);
  return () => window.clearTimeout(id);
}

/**
 * Runs `fn` in an idle moment once the reader has started using the page (or after a while): for
 * fetching code the first screen does not need (menus, dialogs, toasts). Loading it sooner made the
 * main thread evaluate ~40 kB of it in the seconds a phone is still busy with the page (issue 15,
 * total blocking time); a first touch is the sign the reader is about to need it.
 */
export function whenIdle(fn: () => void, timeout = 3000): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  void firstInteraction().then(() => {
    if (!cancelled) cancelIdle = onIdle(fn, timeout);
  });
  return () => {
    cancelled = true;
    cancelIdle();
  };
}
