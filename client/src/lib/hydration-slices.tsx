import { Suspense, useState, useSyncExternalStore, type ReactElement } from 'react';

// Preact hydrates a page in one go (ADR 0007): a list of twenty posts with their menus is one long
// task, and a tap on a slow phone waits for all of it. A part wrapped in <Slice> hydrates later, in
// a task of its own after the slices before it; until then the server's markup stays on screen as
// it is (Preact keeps a suspended part's DOM while hydrating and picks it up when it resumes).

/** A slice's turn: `promise` settles once its task has come. */
type Ticket = { promise: Promise<void>; due: boolean };

let hydrating = false;
let queue: Promise<void> = Promise.resolve();

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

function takeTicket(): Ticket {
  const ticket: Ticket = { promise: Promise.resolve(), due: false };
  queue = queue.then(nextTask).then(() => {
    ticket.due = true;
  });
  ticket.promise = queue;
  return ticket;
}

/**
 * Whether the page is settled: its first hydration is over (slices too) and the browser has been idle
 * once since. A page the browser draws itself is settled from the start.
 */
let settled = true;
const settledListeners = new Set<() => void>();

/** The browser's next idle moment (at most a second away), or a short wait where there is none. */
const idle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 50);
  });

/** Runs the page's hydration; the slices it meets take their turns after it, in order. */
export function hydrateInSlices(hydrate: () => void): void {
  hydrating = true;
  settled = false;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
  void slicesHydrated()
    .then(idle)
    .then(() => {
      settled = true;
      for (const listener of settledListeners) listener();
    });
}

const subscribeSettled = (listener: () => void) => {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
};

/**
 * False on the server and until the page is settled, then true. What a page asks for only once its
 * reader can use it (the ads) renders behind it, so none of its work (components, queries, requests)
 * falls into the hydration's tasks: on a phone it lengthened a list page's blocking time (issue 31).
 */
export function usePageSettled(): boolean {
  return useSyncExternalStore(subscribeSettled, () => settled, () => false);
}

/** True while the page's first hydration runs (its parts render the server's markup, not their own). */
export const isHydrating = (): boolean => hydrating;

/** Settles once every slice of the first hydration has hydrated (a task after the last one's turn). */
export const slicesHydrated = (): Promise<void> => queue.then(nextTask);

function Gate({ ticket, children }: { ticket: Ticket | null; children: ReactElement }) {
  if (ticket && !ticket.due) throw ticket.promise;
  return children;
}

/**
 * Hydrates `children` in a task of its own. `children` must render one element (Preact keeps
 * exactly that node while the slice waits). Outside the first hydration (the server, a page the
 * browser renders itself) it renders `children` straight away.
 */
export function Slice({ children }: { children: ReactElement }) {
  const [ticket] = useState(() => (hydrating ? takeTicket() : null));
  return (
    <Suspense fallback={null}>
      <Gate ticket={ticket}>{children}</Gate>
    </Suspense>
  );
}
