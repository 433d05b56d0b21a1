import { describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { render } from 'preact';
import { isPreloadError, lazyNamed, PRELOAD_ERROR_EVENT } from './lazy';

describe('lazyNamed', () => {
  it("raises a 'preload-error' event when a page chunk fails to load", async () => {
    const listener = vi.fn();
    window.addEventListener(PRELOAD_ERROR_EVENT, listener);
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const Page = lazyNamed(() => Promise.reject<{ P: () => null }>(failure), 'P');
    await Page.preload();
    window.removeEventListener(PRELOAD_ERROR_EVENT, listener);
    expect(PRELOAD_ERROR_EVENT).toBe('preload-error');
    expect(listener).toHaveBeenCalledTimes(1);
    expect((listener.mock.calls[0][0] as CustomEvent).detail).toBe(failure);
  });

  it('loads a module once for preload and render', async () => {
    const load = vi.fn(async () => ({ P: () => null }));
    const Page = lazyNamed(load, 'P');
    await Page.preload();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders a loaded module at once, without suspending (ADR 0018: a page hydrates in the first pass)', async () => {
    const Page = lazyNamed(async () => ({ P: ({ name }: { name: string }) => createElement('p', null, `Hello ${name}`) }), 'P');
    await Page.preload();
    const container = document.createElement('div');
    render(createElement(Page, { name: 'Sam' }), container);
    expect(container.innerHTML).toBe('<p>Hello Sam</p>');
  });

  it('recognises its own errors', () => {
    expect(isPreloadError(new Error('x'))).toBe(false);
  });
});
