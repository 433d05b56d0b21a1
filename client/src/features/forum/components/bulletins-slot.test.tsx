import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TBulletin } from '@common/contracts/bulletins';
import { renderWithProviders } from '@/test/render';
import { AdSlot } from './ad-slot';
import { BulletinsSlot } from './bulletins-slot';

const bulletin = (id: number, over: Partial<TBulletin> = {}): TBulletin => ({
  id,
  title: `Bulletin ${id}`,
  message: `Message ${id}`,
  isActive: true,
  visibilityType: 'everyone',
  createdAt: new Date().toISOString(),
  ...over,
});

function stub(routes: Record<string, () => Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const path = url.split('?')[0];
      if (routes[path]) return routes[path]();
      if (path === '/api/auth/user') return new Response('{"message":"Not signed in"}', { status: 401 });
      return new Response('not found', { status: 404 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('BulletinsSlot', () => {
  it('shows each with its Public/Members label; a dismissed one stays hidden (localStorage dismissedBulletins)', async () => {
    stub({ '/api/bulletins': () => Response.json([bulletin(1), bulletin(2, { visibilityType: 'members' })]) });
    const first = renderWithProviders(<BulletinsSlot />);
    const one = await screen.findByRole('region', { name: 'Bulletin: Bulletin 1' });
    expect(one.textContent).toContain('Public');
    expect(screen.getByRole('region', { name: 'Bulletin: Bulletin 2' }).textContent).toContain('Members');

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss bulletin: Bulletin 1' }));
    expect(screen.queryByRole('region', { name: 'Bulletin: Bulletin 1' })).toBeNull();
    expect(JSON.parse(localStorage.getItem('dismissedBulletins')!)).toEqual([1]);
    first.unmount();

    // As after a reload: a new cache, the same browser storage.
    renderWithProviders(<BulletinsSlot />);
    await screen.findByRole('region', { name: 'Bulletin: Bulletin 2' });
    expect(screen.queryByRole('region', { name: 'Bulletin: Bulletin 1' })).toBeNull();
  });

  it('unreadable stored ids are ignored', async () => {
    localStorage.setItem('dismissedBulletins', '{not json');
    stub({ '/api/bulletins': () => Response.json([bulletin(1)]) });
    renderWithProviders(<BulletinsSlot />);
    expect(await screen.findByRole('region', { name: 'Bulletin: Bulletin 1' })).toBeTruthy();
  });
});

describe('AdSlot', () => {
  it("a failing ad request is logged once ('Failed to fetch ad slots') and the slot stays empty", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls = stub({ '/api/ads/slots': () => new Response('boom', { status: 500 }) });
    const { container } = renderWithProviders(
      <>
        <AdSlot location="post-content" />
        <AdSlot location="post-content" />
      </>,
    );
    await waitFor(() => expect(error).toHaveBeenCalledWith('Ad slot post-content:', 'Failed to fetch ad slots'), { timeout: 8000 });
    expect(error).toHaveBeenCalledTimes(1);
    expect(calls.filter((u) => u.startsWith('/api/ads/slots')).every((u) => u.includes('location=post-content'))).toBe(true);
    container.querySelectorAll('[data-ad-slot]').forEach((el) => expect(el.innerHTML).toBe(''));
    error.mockRestore();
  });

  it('a large-screen-only slot asks nothing on a small screen', async () => {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: false, media: q, addEventListener: () => undefined, removeEventListener: () => undefined }));
    const calls = stub({ '/api/ads/slots': () => Response.json([]) });
    renderWithProviders(<AdSlot location="forum-sidebar" largeOnly />);
    await new Promise((r) => setTimeout(r, 100));
    expect(calls.filter((u) => u.startsWith('/api/ads/slots'))).toEqual([]);
  });
});
