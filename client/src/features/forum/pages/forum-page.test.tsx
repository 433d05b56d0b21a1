import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from '@/lib/router';
import type { TPost } from '@common/contracts/forum';
import { testCategory, testPost } from '@/test/posts';
import { renderWithProviders, wholeText } from '@/test/render';
import { ForumPage } from './forum-page';

const category = testCategory;
const makePost = testPost;

function stubApi(list: { posts: TPost[]; totalCount: number }, categories: object[] = [{ ...category, postCount: 3 }]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url === '/api/auth/user') return new Response('{"message":"Not signed in"}', { status: 401 });
      if (url === '/api/forum/categories') return new Response(JSON.stringify(categories));
      if (url.startsWith('/api/bulletins') || url.startsWith('/api/ads/')) return new Response('[]');
      return new Response(JSON.stringify({ ...list, hasMore: false }));
    }),
  );
  return calls;
}

function Probe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

const location = () => screen.getByTestId('location').textContent;

afterEach(() => vi.unstubAllGlobals());

describe('ForumPage', () => {
  it('asks for Top of a period and Unanswered, shows the period the server chose, and changes it (issue 18)', async () => {
    const calls = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls(url);
        if (url === '/api/auth/user') return new Response('{"message":"Not signed in"}', { status: 401 });
        if (url === '/api/forum/categories') return new Response(JSON.stringify([{ ...category, postCount: 3 }]));
        if (url.startsWith('/api/bulletins') || url.startsWith('/api/ads/')) return new Response('[]');
        return new Response(JSON.stringify({ posts: [makePost(1, { upvotes: 9 })], totalCount: 1, hasMore: false, period: 'year' }));
      }),
    );
    renderWithProviders(
      <>
        <ForumPage />
        <Probe />
      </>,
      { route: '/forum?sort=top&unanswered=1' },
    );
    await screen.findByRole('article', { name: 'Post number 1' });
    expect(calls).toHaveBeenCalledWith('/api/forum/posts?page=1&limit=20&sortBy=top&unanswered=true');
    const period = screen.getByRole('combobox', { name: 'Period' }) as HTMLSelectElement;
    await waitFor(() => expect(period.value).toBe('year'));
    expect((screen.getByRole('checkbox', { name: 'Unanswered' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.setup().selectOptions(period, 'Today');
    expect(location()).toBe('/forum?sort=top&unanswered=1&period=day');
    await waitFor(() => expect(calls).toHaveBeenCalledWith('/api/forum/posts?page=1&limit=20&sortBy=top&period=day&unanswered=true'));
  });

  it('searches with q and page, and words the summary', async () => {
    const calls = stubApi({ posts: [makePost(1, { commentCount: 1 })], totalCount: 1 });
    renderWithProviders(
      <>
        <ForumPage />
        <Probe />
      </>,
      { route: '/forum?q=fuel&sort=views' },
    );
    expect(await screen.findByText('Found 1 result for "fuel"')).toBeTruthy();
    expect(calls).toContain('/api/forum/search?page=1&limit=20&sortBy=views&q=fuel');
    const card = screen.getByRole('article', { name: 'Post number 1' });
    expect(within(card).getByText(wholeText('1 reply'))).toBeTruthy();
    expect(within(card).getByRole('link', { name: /Join the discussion/ }).getAttribute('href')).toBe('/forum/posts/post-1#comments');
  });

  it('pages only above 20 posts, with an in-content ad slot after every third post', async () => {
    const posts = Array.from({ length: 20 }, (_, i) => makePost(i + 1));
    const calls = stubApi({ posts, totalCount: 45 });
    const { container } = renderWithProviders(
      <>
        <ForumPage />
        <Probe />
      </>,
      { route: '/forum?category=tips&page=2' },
    );
    await screen.findByRole('article', { name: 'Post number 20' });
    expect(calls).toContain('/api/forum/posts?page=2&limit=20&sortBy=newest&category=tips');
    expect(container.querySelectorAll('[data-ad-slot="post-content"]')).toHaveLength(6);
    expect(container.querySelectorAll('[data-ad-slot="forum-header"]')).toHaveLength(1);
    expect(container.querySelectorAll('[data-ad-slot="forum-sidebar"]')).toHaveLength(1);
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByText('Page 2 of 3')).toBeTruthy();
    expect(within(pager).getByRole('link', { name: /Previous/ }).getAttribute('href')).toBe('/forum?category=tips');
    expect(await screen.findByRole('link', { name: 'View All Categories' })).toBeTruthy();

    // Changing the sort goes back to page 1.
    await userEvent.setup().selectOptions(screen.getByLabelText('Sort by'), 'popular');
    expect(location()).toBe('/forum?category=tips&sort=popular');
  });

  it('shows no pagination for 20 posts or fewer, and the empty state for guests', async () => {
    stubApi({ posts: [], totalCount: 0 });
    renderWithProviders(<ForumPage />, { route: '/forum' });
    expect(await screen.findByText('No discussions yet')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Join & Post' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('filters by the author profession from the avatar', async () => {
    stubApi({ posts: [makePost(1)], totalCount: 1 });
    renderWithProviders(
      <>
        <ForumPage />
        <Probe />
      </>,
      { route: '/forum?page=3' },
    );
    const link = await screen.findByRole('link', { name: 'Show posts from Van Delivery professionals' });
    await userEvent.setup().click(link);
    expect(location()).toBe('/forum?profession=van');
    expect(await screen.findByText('1 post from Van Delivery professionals')).toBeTruthy();
  });
});

// Issue 30 item 14: "Latest activity" in the sort menu, kept in the address, sent as sortBy=active, and a
// card in that order says when its thread last had a reply.
const MIN = 60_000;
const threeDaysAgo = () => new Date(Date.now() - 3 * 24 * 60 * MIN).toISOString();

describe('Latest activity sort', () => {
  it('is offered in the sort menu, goes into the address and asks the list for sortBy=active', async () => {
    const calls = stubApi({ posts: [makePost(1)], totalCount: 1 });
    renderWithProviders(
      <>
        <ForumPage />
        <Probe />
      </>,
      { route: '/forum?page=2' },
    );
    const menu = await screen.findByLabelText('Sort by');
    expect(within(menu).getByRole('option', { name: 'Latest activity' })).toBeTruthy();
    // The spec's sorts and default stay.
    expect((menu as HTMLSelectElement).value).toBe('newest');
    expect(within(menu).getAllByRole('option').map((o) => o.textContent)).toEqual(
      expect.arrayContaining(['Most Popular', 'Upload Date', 'View Count']),
    );

    await userEvent.setup().selectOptions(menu, 'Latest activity');
    expect(screen.getByTestId('location').textContent).toBe('/forum?sort=active');
    await vi.waitFor(() => expect(calls).toContain('/api/forum/posts?page=1&limit=20&sortBy=active'));
  });

  it('opens from the address with the sort chosen, and a search keeps it', async () => {
    const calls = stubApi({ posts: [makePost(1)], totalCount: 1 });
    renderWithProviders(<ForumPage />, { route: '/forum?q=fuel+card&sort=active' });
    const menu = (await screen.findByLabelText('Sort by')) as HTMLSelectElement;
    expect(menu.value).toBe('active');
    await vi.waitFor(() => expect(calls.some((c) => c.startsWith('/api/forum/search?') && c.includes('sortBy=active'))).toBe(true));
  });

  it('shows on a card when its thread last had a reply', async () => {
    stubApi({ posts: [makePost(1, { commentCount: 2, createdAt: threeDaysAgo(), lastReplyAt: new Date(Date.now() - 5 * MIN).toISOString() }), makePost(2, { createdAt: threeDaysAgo() })], totalCount: 2 });
    renderWithProviders(<ForumPage />, { route: '/forum?sort=active' });
    const replied = await screen.findByRole('article', { name: 'Post number 1' });
    expect(within(replied).getByText('last reply 5 minutes ago')).toBeTruthy();
    const quiet = screen.getByRole('article', { name: 'Post number 2' });
    expect(within(quiet).queryByText(/last reply/)).toBeNull();
  });
});

describe('Answers filter (issue 33)', () => {
  const stubQa = (list: { posts: TPost[]; totalCount: number }) =>
    stubApi(list, [{ ...category, postCount: 3, isQa: false }, { id: 2, name: 'Help', slug: 'help', description: '', color: '#15803d', postCount: 2, isQa: true }]);

  it('is offered in a Q&A category: Solved goes into the address and asks for solved=true, from page 1', async () => {
    const calls = stubQa({ posts: [makePost(1, { solved: true })], totalCount: 1 });
    renderWithProviders(
      <>
        <ForumPage />
        <Probe />
      </>,
      { route: '/forum?category=help&page=2' },
    );
    const answers = (await screen.findByRole('combobox', { name: 'Answers' })) as HTMLSelectElement;
    expect(answers.value).toBe('');
    await userEvent.setup().selectOptions(answers, 'Solved');
    expect(location()).toBe('/forum?category=help&solved=yes');
    await waitFor(() => expect(calls).toContain('/api/forum/posts?page=1&limit=20&sortBy=newest&category=help&solved=true'));
    expect(within(await screen.findByRole('article', { name: 'Post number 1' })).getByText('Solved')).toBeTruthy();
  });

  it('reads Unsolved from the address, and the Filters toggle counts it', async () => {
    const calls = stubQa({ posts: [makePost(1, { solved: false })], totalCount: 1 });
    renderWithProviders(<ForumPage />, { route: '/forum?category=help&solved=no' });
    await screen.findByRole('article', { name: 'Post number 1' });
    expect(calls).toContain('/api/forum/posts?page=1&limit=20&sortBy=newest&category=help&solved=false');
    expect(((await screen.findByRole('combobox', { name: 'Answers' })) as HTMLSelectElement).value).toBe('no');
    // The Filters toggle counts it with the category.
    expect(screen.getByRole('button', { name: /^Filters/ }).textContent).toContain('2');
  });

  it('is not offered outside a Q&A category', async () => {
    stubQa({ posts: [makePost(1)], totalCount: 1 });
    renderWithProviders(<ForumPage />, { route: '/forum?category=tips' });
    await screen.findByRole('article', { name: 'Post number 1' });
    await screen.findByRole('checkbox', { name: 'Unanswered' });
    expect(screen.queryByRole('combobox', { name: 'Answers' })).toBeNull();
  });
});

// Issue 32: a tag and a postcode area narrow the list, kept in the address as the other filters are,
// sent with the list's query, and shown above it as chips that remove themselves.
describe('Tag and area filters', () => {
  function stubLabels() {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url === '/api/auth/user') return new Response('{"message":"Not signed in"}', { status: 401 });
        if (url === '/api/forum/categories') return new Response(JSON.stringify([{ ...category, postCount: 3 }]));
        if (url === '/api/tags')
          return new Response(
            JSON.stringify({
              tags: [
                { id: 1, slug: 'dpd', name: 'DPD', kind: 'network', description: '', postCount: 2 },
                { id: 2, slug: 'evri', name: 'Evri', kind: 'network', description: '', postCount: 5 },
              ],
            }),
          );
        if (url.startsWith('/api/bulletins') || url.startsWith('/api/ads/')) return new Response('[]');
        return new Response(JSON.stringify({ posts: [makePost(1, { tags: [{ slug: 'evri', name: 'Evri' }], areas: ['LS'] })], totalCount: 1, hasMore: false }));
      }),
    );
    return calls;
  }

  const renderForum = (route: string) =>
    renderWithProviders(
      <>
        <ForumPage />
        <Probe />
      </>,
      { route },
    );

  it('reads them from the address, asks the list for them and shows them as chips', async () => {
    const calls = stubLabels();
    renderForum('/forum?tag=evri&area=ls&sort=popular');
    await screen.findByRole('article', { name: 'Post number 1' });
    expect(calls).toContain('/api/forum/posts?page=1&limit=20&sortBy=popular&tag=evri&area=LS');
    const chips = screen.getByRole('group', { name: 'Tag and area filters' });
    expect(await within(chips).findByRole('button', { name: 'Tag: Evri, remove this filter' })).toBeTruthy();
    expect(within(chips).getByRole('button', { name: 'Area: LS, remove this filter' })).toBeTruthy();
    // The phone's Filters toggle counts them beside the sort.
    expect(screen.getByRole('button', { name: 'Filters 3 active' })).toBeTruthy();
    expect((screen.getByLabelText('Tag') as HTMLSelectElement).value).toBe('evri');
    expect((screen.getByLabelText('Postcode area') as HTMLSelectElement).value).toBe('LS');
  });

  it('removes one with its chip, back to page 1, and the list asks again without it', async () => {
    const calls = stubLabels();
    renderForum('/forum?tag=evri&area=LS&page=2');
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Tag: Evri/ }));
    expect(location()).toBe('/forum?area=LS');
    await waitFor(() => expect(calls).toContain('/api/forum/posts?page=1&limit=20&sortBy=newest&area=LS'));
    await userEvent.setup().click(screen.getByRole('button', { name: /^Area: LS/ }));
    expect(location()).toBe('/forum');
    expect(screen.queryByRole('group', { name: 'Tag and area filters' })).toBeNull();
  });

  it('picks a tag and an area from the filters; their options come when the menu is neared', async () => {
    const calls = stubLabels();
    renderForum('/forum?category=tips&page=3');
    await screen.findByRole('article', { name: 'Post number 1' });
    const tagSelect = screen.getByLabelText('Tag') as HTMLSelectElement;
    const areaSelect = screen.getByLabelText('Postcode area') as HTMLSelectElement;
    // The page carries the prompt alone, and has not asked for the tags.
    expect(tagSelect.options).toHaveLength(1);
    expect(areaSelect.options).toHaveLength(1);
    expect(calls).not.toContain('/api/tags');

    const user = userEvent.setup();
    tagSelect.focus();
    await waitFor(() => expect(tagSelect.options).toHaveLength(3));
    await user.selectOptions(tagSelect, 'Evri');
    expect(location()).toBe('/forum?category=tips&tag=evri');

    areaSelect.focus();
    await waitFor(() => expect(areaSelect.options.length).toBeGreaterThan(100));
    await user.selectOptions(areaSelect, 'LS');
    expect(location()).toBe('/forum?category=tips&tag=evri&area=LS');
    await waitFor(() => expect(calls).toContain('/api/forum/posts?page=1&limit=20&sortBy=newest&category=tips&tag=evri&area=LS'));
  });

  it('leaves them out of a search, which has neither', async () => {
    const calls = stubLabels();
    renderForum('/forum?tag=evri&area=LS&q=fuel');
    await screen.findByRole('article', { name: 'Post number 1' });
    expect(calls).toContain('/api/forum/search?page=1&limit=20&q=fuel');
    expect(screen.queryByRole('group', { name: 'Tag and area filters' })).toBeNull();
    expect(screen.queryByLabelText('Tag')).toBeNull();
  });

  it('offers the tag and area pages from the sidebar', async () => {
    stubLabels();
    renderForum('/forum');
    const sidebar = screen.getByRole('navigation', { name: 'Browse' });
    expect(within(sidebar).getByRole('link', { name: 'Tags' }).getAttribute('href')).toBe('/tags');
    expect(within(sidebar).getByRole('link', { name: 'Postcode areas' }).getAttribute('href')).toBe('/areas');
  });
});
