import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPost } from '@common/contracts/forum';
import type { TTag } from '@common/contracts/labels';
import { RouteParams, useLocation } from '@/lib/router';
import { testPost } from '@/test/posts';
import { renderWithProviders } from '@/test/render';
import { testUser } from '@/test/users';
import { TagPage } from './tag-page';

// Issue 32: /tags/{slug} heads its posts with the tag, and lists them with the forum list's own
// sort, cards and pages from GET /api/forum/posts?tag=…; an unknown tag is the app's 404.

const EVRI: TTag = { id: 2, slug: 'evri', name: 'Evri', kind: 'network', description: 'Rounds, rates and depots.', postCount: 23 };

type Answers = { user?: object | null; tag?: TTag | null; posts?: TPost[]; totalCount?: number };

function stubFetch({ user = null, tag = EVRI, posts = [testPost(1, { tags: [{ slug: 'evri', name: 'Evri' }] })], totalCount = posts.length }: Answers = {}) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      if (url === '/api/auth/user') return user ? json(user) : json({ message: 'Not signed in' }, 401);
      if (url === '/api/blocks') return json([]);
      if (url === '/api/follows/labels') return json({ tags: [], areas: [] });
      if (url.startsWith('/api/tags/')) return tag ? json(tag) : json({ message: 'Tag not found' }, 404);
      if (url.startsWith('/api/forum/posts')) return tag ? json({ posts, totalCount, hasMore: false }) : json({ message: 'Tag not found' }, 404);
      return json({ message: 'Not found' }, 404);
    }),
  );
  return calls;
}

function Probe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

/** The page at `route`, given its :slug as the app's router gives it (from the route table). */
function renderAt(route: string) {
  const slug = new URL(route, 'http://x').pathname.split('/')[2]!;
  return renderWithProviders(
    <>
      <RouteParams params={{ slug }}>
        <TagPage />
      </RouteParams>
      <Probe />
    </>,
    { route },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('TagPage', () => {
  it('heads the list with the tag, and asks the forum list for its posts only', async () => {
    const calls = stubFetch();
    renderAt('/tags/evri');
    expect(await screen.findByRole('heading', { level: 1, name: 'Evri' })).toBeTruthy();
    expect(screen.getByText('Rounds, rates and depots.')).toBeTruthy();
    expect(screen.getByText('23 posts')).toBeTruthy();
    expect(screen.getByText('Networks')).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Post number 1' })).toBeTruthy();
    expect(calls).toContain('/api/tags/evri');
    expect(calls).toContain('/api/forum/posts?page=1&limit=20&sortBy=newest&tag=evri');
    expect(screen.getByRole('heading', { level: 2, name: 'Posts tagged Evri' })).toBeTruthy();
    // A guest is offered a way in to follow it.
    expect(screen.getByRole('button', { name: 'Sign in to follow' })).toBeTruthy();
  });

  it("sorts and pages in its own address, and a card's category leads to the forum narrowed to the tag", async () => {
    const posts = Array.from({ length: 20 }, (_, i) => testPost(i + 1));
    const calls = stubFetch({ posts, totalCount: 45 });
    renderAt('/tags/evri?page=2');
    await screen.findByRole('article', { name: 'Post number 20' });
    expect(calls).toContain('/api/forum/posts?page=2&limit=20&sortBy=newest&tag=evri');
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByText('Page 2 of 3')).toBeTruthy();
    expect(within(pager).getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/tags/evri?page=3');
    const card = screen.getByRole('article', { name: 'Post number 1' });
    expect(within(card).getByRole('link', { name: /^Category:/ }).getAttribute('href')).toBe('/forum?category=tips&tag=evri');

    await userEvent.setup().selectOptions(screen.getByLabelText('Sort by'), 'popular');
    expect(screen.getByTestId('location').textContent).toBe('/tags/evri?sort=popular');
    await waitFor(() => expect(calls).toContain('/api/forum/posts?page=1&limit=20&sortBy=popular&tag=evri'));
  });

  it('says so when the tag has no posts yet', async () => {
    stubFetch({ posts: [] });
    renderAt('/tags/evri');
    expect(await screen.findByText(/No posts with this tag yet/)).toBeTruthy();
  });

  it("is the app's not-found page for a tag that does not exist", async () => {
    stubFetch({ tag: null });
    renderAt('/tags/no-such-tag');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByText('/tags/no-such-tag', { selector: 'code' })).toBeTruthy();
  });

  it('gives a verified member the Follow toggle', async () => {
    stubFetch({ user: testUser() });
    renderAt('/tags/evri');
    const follow = await screen.findByRole('button', { name: 'Follow Evri' });
    expect(follow.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Sign in to follow' })).toBeNull();
  });
});
