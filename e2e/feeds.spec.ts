import { devices, type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Feeds (issue 33 item 4): a reader's browser or app finds a page's feeds in its head and reads them as
// XML. Chromium's own XML parser is the check here: a feed it cannot parse fails.

type FoundFeed = { type: string; title: string; href: string; root: string; titles: string[]; texts: string[] };

/** The page's advertised feeds, each fetched and parsed by the browser. */
async function feedsOf(page: Page): Promise<FoundFeed[]> {
  return page.evaluate(async () => {
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][type$="+xml"]')];
    return Promise.all(
      links.map(async (link) => {
        const res = await fetch(link.href);
        if (!res.ok) throw new Error(`${link.href}: HTTP ${res.status}`);
        const type = res.headers.get('content-type') ?? '';
        const doc = new DOMParser().parseFromString(await res.text(), 'application/xml');
        const error = doc.querySelector('parsererror');
        if (error) throw new Error(`${link.href}: ${error.textContent}`);
        const items = [...doc.querySelectorAll('item, entry')];
        return {
          type,
          title: link.title,
          href: link.href,
          root: doc.documentElement.nodeName,
          titles: items.map((i) => i.querySelector('title')?.textContent ?? ''),
          texts: items.map((i) => i.querySelector('description, content')?.textContent ?? ''),
        };
      }),
    );
  });
}

for (const [name, use] of [
  ['desktop', {}],
  ['a 390 px phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: devices['Pixel 7'].userAgent }],
] as const) {
  test.describe(`feeds on ${name}`, () => {
    test.use(use);

    test('a post page and a category page name their feeds, and each is RSS or Atom with the new post and reply', async ({ page, playwright, baseURL, accounts }) => {
      const api = await playwright.request.newContext({ baseURL });
      const author = await accounts.createVerified();
      expect((await api.post('/api/auth/login', { data: { email: author.email, password: author.password } })).ok()).toBe(true);
      const [category] = (await (await api.get('/api/forum/categories')).json()) as Array<{ id: number; slug: string; name: string }>;
      const title = `Which fuel card for a Sprinter? ${name} <&> ${Date.now()}`;
      const created = await api.post('/api/forum/posts', { data: { title, content: 'Looking at **Allstar** and Keyfuels.', categoryId: category!.id } });
      expect(created.ok(), await created.text()).toBe(true);
      const post = (await created.json()) as { id: number; slug: string };
      expect((await api.post(`/api/forum/posts/${post.id}/comments`, { data: { content: `Allstar has the most sites on my round (${name}).` } })).ok()).toBe(true);
      await api.dispose();

      await page.goto(`/forum/posts/${post.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const onPost = await feedsOf(page);
      expect(onPost.map((f) => [f.root, f.type])).toEqual([
        ['rss', 'application/rss+xml; charset=utf-8'],
        ['feed', 'application/atom+xml; charset=utf-8'],
        ['rss', 'application/rss+xml; charset=utf-8'],
        ['feed', 'application/atom+xml; charset=utf-8'],
      ]);
      // The post's own feed: its reply, as text, titled after the post.
      expect(onPost[0]!.title).toBe(`Replies to “${title}”`);
      expect(onPost[0]!.titles).toEqual([`Re: ${title}`]);
      expect(onPost[1]!.texts[0]).toContain(`Allstar has the most sites on my round (${name}).`);
      // The site's latest posts: the post first, its body as HTML.
      expect(onPost[2]!.titles[0]).toBe(title);
      expect(onPost[3]!.texts[0]).toContain('<strong>Allstar</strong>');

      await page.goto(`/forum?category=${category!.slug}`);
      await expect(page.getByRole('link', { name: title })).toBeVisible();
      const onList = await feedsOf(page);
      expect(onList[0]!.title).toBe(`Kerbside: ${category!.name}`);
      expect(onList[0]!.titles).toContain(title);
      expect(onList[1]!.titles).toContain(title);
    });
  });
}
