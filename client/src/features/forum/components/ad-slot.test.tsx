import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'preact-render-to-string';
import { QueryClientProvider } from '@tanstack/react-query';
import { hydrateInSlices } from '@/lib/hydration-slices';
import { createQueryClient } from '@/lib/query-client';
import { testAd } from '@/test/ads';
import { AdSlot } from './ad-slot';

// Issue 31: an ad slot is rendered empty by the server and filled once the page is settled, so that
// nothing of it (its components, its query, its request) runs while a phone hydrates the page.

const native = testAd({ id: 7, title: 'Fuel cards for owner drivers', linkUrl: 'https://fuel.example/' });

/** The ad renderer is a chunk of its own, loaded (and, here, transformed) at its first use: slow on a busy machine. */
const LAZY_CHUNK = { timeout: 8000 };

function stubAds() {
  const asked = vi.fn((url: string) => url);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked(url);
      return Response.json(url.startsWith('/api/ads/slots?location=forum-header') ? [native] : []);
    }),
  );
  return asked;
}

const page = () => (
  <QueryClientProvider client={createQueryClient()}>
    <AdSlot location="forum-header" />
  </QueryClientProvider>
);

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('AdSlot', () => {
  it('is empty on the server and while the page hydrates, asks nothing then, and fills once the page is settled', async () => {
    const asked = stubAds();
    const container = document.createElement('div');
    container.innerHTML = renderToString(page());
    expect(container.innerHTML).toBe('<div data-ad-slot="forum-header" class="grid gap-3 empty:hidden"></div>');
    document.body.append(container);

    act(() => hydrateInSlices(() => (root = hydrateRoot(container, page()))));
    expect(asked).not.toHaveBeenCalled();
    expect(container.querySelector('[data-ad-slot]')?.childElementCount).toBe(0);

    await vi.waitFor(() => expect(container.querySelector('a[href="https://fuel.example/"]')).not.toBeNull(), LAZY_CHUNK);
    expect(asked.mock.calls.map(([url]) => url)).toEqual(['/api/ads/slots?location=forum-header&device=desktop']);
  });

  it('asks at once on a page the browser draws itself', async () => {
    const asked = stubAds();
    const { container } = render(page());
    await vi.waitFor(() => expect(container.querySelector('a[href="https://fuel.example/"]')).not.toBeNull(), LAZY_CHUNK);
    expect(asked).toHaveBeenCalledTimes(1);
  });
});
