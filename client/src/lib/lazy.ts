import { createElement, lazy, type ComponentProps, type ComponentType } from 'react';

/** Spec §8: a failed lazy page load raises a preload-error event (on window). */
export const PRELOAD_ERROR_EVENT = 'preload-error';

/** A lazily loaded module that did not arrive (offline, flaky signal, or a newer deploy). */
export class PreloadError extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : 'Failed to load part of the page');
    this.name = 'PreloadError';
  }
}

export function isPreloadError(err: unknown): boolean {
  return err instanceof PreloadError || (err instanceof Error && err.name === 'PreloadError');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
type AnyComponent = ComponentType<any>;

export type LazyComponent<C extends AnyComponent = ComponentType> = C & { preload: () => Promise<unknown> };

/**
 * React.lazy for a named export. The import starts at most once (preload() and render share it); a
 * failure dispatches 'preload-error' and surfaces as a PreloadError for the error boundary. Once the
 * module is there it renders at once: React.lazy would suspend the first render all the same (Preact
 * learns of the module a microtask later), and a page hydrated after a suspension is hydrated
 * outside the first pass (ADR 0018: its static parts would not know the markup is the server's).
 */
export function lazyNamed<K extends string, M extends Record<K, AnyComponent>>(load: () => Promise<M>, name: K): LazyComponent<M[K]> {
  let pending: Promise<{ default: M[K] }> | undefined;
  let loaded: M[K] | undefined;
  const start = () => {
    pending ??= load().then(
      (m) => {
        loaded = m[name];
        return { default: m[name] };
      },
      (err: unknown) => {
        pending = undefined; // preload() may try again; React.lazy keeps its own failure until a reload
        window.dispatchEvent(new CustomEvent(PRELOAD_ERROR_EVENT, { detail: err }));
        throw new PreloadError(err);
      },
    );
    return pending;
  };
  const Lazy = lazy(start);
  const Component = (props: ComponentProps<M[K]>) => createElement(loaded ?? Lazy, props);
  return Object.assign(Component as unknown as M[K], { preload: () => start().catch(() => undefined) });
}
