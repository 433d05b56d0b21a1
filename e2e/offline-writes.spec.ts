import { expect, test } from './fixtures.ts';
import { signIn, toastTitled } from './support/ui.ts';

// Offline writes (issue 16): a comment written with no signal is kept on the device, shown as
// pending, and sent once when the connection returns. The page's own code does this (IndexedDB and
// the `online` event), not the service worker: it is blocked here so the test proves that.

test.use({ serviceWorkers: 'block' });

test('a comment written offline shows as pending and is posted exactly once on reconnect', async ({ page, context, accounts }) => {
  const account = await accounts.createVerified();
  await signIn(page, account);

  // A post to comment on, written through the API as the same member.
  const categories = (await (await page.request.get('/api/forum/categories')).json()) as Array<{ id: number }>;
  const created = await page.request.post('/api/forum/posts', {
    data: { title: `Signal in the Dartford tunnel ${Date.now().toString(36)}`, content: 'Does anyone get any signal at all in there?', categoryId: categories[0].id },
  });
  expect(created.status()).toBe(201);
  const post = (await created.json()) as { id: number; slug: string };
  await page.goto(`/forum/posts/${post.slug}`);

  const text = `No bars at all, posting this from the layby ${Date.now().toString(36)}`;
  await context.setOffline(true);
  await page.getByLabel('Add a comment').fill(text);
  await page.getByRole('button', { name: 'Post Comment' }).click();

  // Pending: the words are in the thread with what will happen to them; the box is free again.
  const pending = page.getByRole('article', { name: 'Your comment, not sent yet' });
  await expect(pending.getByText(text)).toBeVisible();
  await expect(pending.getByRole('status')).toHaveText("Waiting for signal — will post when you're back online");
  await expect(toastTitled(page, 'Waiting for signal')).toBeVisible();
  await expect(page.getByLabel('Add a comment')).toHaveValue('');

  // Kept across a moment offline; back online, it is sent and takes its place in the thread.
  await page.waitForTimeout(500);
  await expect(pending).toBeVisible();
  await context.setOffline(false);
  const posted = page.getByRole('article', { name: `Comment by ${account.username}` });
  await expect(posted.getByText(text)).toBeVisible();
  await expect(pending).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: '1 reply' })).toBeVisible();

  // Exactly one copy: after a reload, and in what the API answers.
  await page.reload();
  await expect(page.getByRole('article', { name: `Comment by ${account.username}` })).toHaveCount(1);
  await expect(page.getByText(text)).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Your comment, not sent yet' })).toHaveCount(0);
  const list = (await (await page.request.get(`/api/forum/posts/${post.id}/comments`)).json()) as { comments: Array<{ content: string }> };
  expect(list.comments.filter((c) => c.content === text)).toHaveLength(1);
});

test('a post written offline waits on the device, survives a reload, and is published once', async ({ page, context, accounts }) => {
  const account = await accounts.createVerified();
  await signIn(page, account);
  await page.goto('/forum/new');
  const main = page.getByRole('main');
  const title = `Parcel lockers at Tesco ${Date.now().toString(36)}`;
  await main.getByLabel('Title').fill(title);
  await main.getByLabel('Category').selectOption({ label: 'Vans & Vehicles' });
  await main.getByLabel('Your post').fill('Anyone else find the Tesco lockers full every evening?');

  // The signal drops as it is sent (the request fails on the way): kept, and the editor is free.
  await page.route('**/api/forum/posts', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback()));
  await main.getByRole('button', { name: 'Publish Post' }).click();
  const pending = main.getByRole('region', { name: 'Your post, not published yet' });
  await expect(pending.getByText(title)).toBeVisible();
  await expect(pending.getByRole('status')).toHaveText("Waiting for signal — will post when you're back online");
  await expect(main.getByLabel('Title')).toHaveValue('');

  // Kept on the device (IndexedDB): still waiting after a reload, whose try on start fails too.
  await page.reload();
  await expect(pending.getByText(title)).toBeVisible();

  // The connection is back (the route too): published once, announced, gone from the waiting list.
  await page.unroute('**/api/forum/posts');
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(toastTitled(page, 'Post published')).toBeVisible();
  await expect(pending).toHaveCount(0);
  const res = await page.request.get('/api/forum/posts?sortBy=newest&limit=50');
  expect(res.status()).toBe(200);
  const list = (await res.json()) as { posts: Array<{ title: string }> };
  expect(list.posts.filter((p) => p.title === title)).toHaveLength(1);
});
