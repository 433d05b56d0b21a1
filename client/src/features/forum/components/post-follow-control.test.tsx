import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFY_PREFS_MSG } from '@common/rules/notification-preferences';
import { renderWithProviders } from '@/test/render';
import { CategoryFollowButton } from './category-follow-button';
import { PostFollowControl } from './post-follow-control';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

type Call = { method: string; url: string; body?: unknown };

/** A server with one post (id 5) and the reader's level; `refuse` fails every write with 500. */
function stubServer(start: { level: string; categoryIds?: number[] }) {
  const state = { level: start.level, categoryIds: start.categoryIds ?? [], refuse: false };
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as { level: string }) : undefined;
      calls.push({ method, url, body });
      if (method !== 'GET' && state.refuse) return Response.json({ message: 'Something went wrong' }, { status: 500 });
      if (url === '/api/forum/posts/5/follow') {
        if (method === 'PUT') state.level = body!.level;
        return Response.json({ level: state.level });
      }
      if (url === '/api/forum/categories/follows') return Response.json({ categoryIds: state.categoryIds });
      const cat = /^\/api\/forum\/categories\/(\d+)\/follow$/.exec(url);
      if (cat) {
        const id = Number(cat[1]);
        state.categoryIds = method === 'PUT' ? [...state.categoryIds, id] : state.categoryIds.filter((c) => c !== id);
        return Response.json({ categoryId: id, following: method === 'PUT' });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
  return { state, calls };
}

/** Opens the menu (its own chunk: a busy machine may take a while). */
async function openMenu(name: RegExp) {
  await userEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('menu', {}, { timeout: 5000 });
}

beforeEach(() => toast.mockReset());
afterEach(() => vi.unstubAllGlobals());

describe('PostFollowControl', () => {
  it('shows the level; Follow from the menu is saved, shown, and toasted', async () => {
    const { state, calls } = stubServer({ level: 'none' });
    renderWithProviders(<PostFollowControl postId={5} isAuthor={false} />);
    const menu = await openMenu(/Notifications for this post: Follow$/);
    const items = await screen.findAllByRole('menuitemradio');
    expect(items.map((i) => i.textContent)).toEqual(['FollowNotify me of every comment', 'NormalReplies and mentions only', 'MuteNo notifications from this post']);
    expect(items[1].getAttribute('aria-checked')).toBe('true');
    expect(menu).toBeTruthy();
    await userEvent.click(items[0]);
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: NOTIFY_PREFS_MSG.following })));
    expect(state.level).toBe('follow');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', url: '/api/forum/posts/5/follow', body: { level: 'follow' } }]);
    expect(await screen.findByRole('button', { name: 'Notifications for this post: Following' })).toBeTruthy();
  });

  it("the author has no Normal on their own post; Mute is toasted; by keyboard", async () => {
    const { state } = stubServer({ level: 'follow' });
    renderWithProviders(<PostFollowControl postId={5} isAuthor />);
    const trigger = await screen.findByRole('button', { name: 'Notifications for this post: Following' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu', {}, { timeout: 5000 });
    const items = await screen.findAllByRole('menuitemradio');
    expect(items.map((i) => i.textContent)).toEqual(['FollowNotify me of every comment', 'MuteNo notifications from this post']);
    items[1].focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: NOTIFY_PREFS_MSG.muted })));
    expect(state.level).toBe('mute');
  });

  it('a refused change goes back to the level it had, with an error toast', async () => {
    const { state } = stubServer({ level: 'none' });
    renderWithProviders(<PostFollowControl postId={5} isAuthor={false} />);
    await openMenu(/Notifications for this post: Follow$/);
    state.refuse = true;
    await userEvent.click((await screen.findAllByRole('menuitemradio'))[2]);
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Could not change how you follow this post', variant: 'destructive' })));
    expect(await screen.findByRole('button', { name: 'Notifications for this post: Follow' })).toBeTruthy();
    expect(state.level).toBe('none');
  });
});

describe('CategoryFollowButton', () => {
  it('a toggle: Follow category → Following (pressed), and back, each toasted', async () => {
    const { state } = stubServer({ level: 'none', categoryIds: [2] });
    renderWithProviders(<CategoryFollowButton categoryId={3} categoryName="Vans" />);
    const button = await screen.findByRole('button', { name: 'Follow category' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(button);
    expect((await screen.findByRole('button', { name: 'Following' })).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: NOTIFY_PREFS_MSG.categoryFollowed })));
    expect(state.categoryIds).toEqual([2, 3]);
    await userEvent.click(screen.getByRole('button', { name: 'Following' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: NOTIFY_PREFS_MSG.categoryUnfollowed })));
    expect(await screen.findByRole('button', { name: 'Follow category' })).toBeTruthy();
    expect(state.categoryIds).toEqual([2]);
  });

  it('a refused follow is put back, with an error toast', async () => {
    const { state } = stubServer({ level: 'none' });
    state.refuse = true;
    renderWithProviders(<CategoryFollowButton categoryId={3} categoryName="Vans" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Follow category' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Could not change your category follow', variant: 'destructive' })));
    expect((await screen.findByRole('button', { name: 'Follow category' })).getAttribute('aria-pressed')).toBe('false');
    expect(state.categoryIds).toEqual([]);
  });
});
