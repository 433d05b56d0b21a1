import { expect, test } from './fixtures.ts';

// A browser without JavaScript (or a crawler) reads the forum, a post and the content pages from
// the server's first HTML (issue 8); a missing post is a real 404.
test.use({ javaScriptEnabled: false });

test('without JavaScript: forum list, post page with comments, guide, and 404s', async ({ page, playwright, baseURL, accounts }) => {
  const api = await playwright.request.newContext({ baseURL });
  const author = await accounts.createVerified();
  expect((await api.post('/api/auth/login', { data: { email: author.email, password: author.password } })).ok()).toBe(true);
  const categories = (await (await api.get('/api/forum/categories')).json()) as Array<{ id: number }>;
  const created = await api.post('/api/forum/posts', {
    data: { title: 'Goods in transit cover for a Luton van', content: 'Who covers **£10k** goods in transit for under £30 a month?', categoryId: categories[0]!.id },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const post = (await created.json()) as { id: number; slug: string };
  expect((await api.post(`/api/forum/posts/${post.id}/comments`, { data: { content: 'Try a broker that does courier-only policies.' } })).ok()).toBe(true);
  await api.dispose();

  await page.goto('/forum');
  await page.getByRole('link', { name: 'Goods in transit cover for a Luton van' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Goods in transit cover for a Luton van' })).toBeVisible();
  await expect(page.getByText('Try a broker that does courier-only policies.')).toBeVisible();
  await expect(page).toHaveTitle('Goods in transit cover for a Luton van | Kerbside');

  await page.goto('/courier-guide-uk');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Contents' })).toBeVisible();

  const missing = await page.goto('/forum/posts/this-post-does-not-exist');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  expect((await page.goto('/no/such/page'))?.status()).toBe(404);
});
