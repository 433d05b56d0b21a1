import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, type Account } from './fixtures.ts';
import { secondBrowser } from './support/ui.ts';

// Live threads (issue 18; docs/API.md "Live threads"): a member reading a post sees another member's
// comments arrive behind a "new comments" pill (no jump), and votes, edits and deletions in place,
// without reloading; a guest (no socket) sees the pill after the page's poll.

async function login(request: APIRequestContext, account: Account) {
  const res = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The writer's post, through the API with their session. */
async function newPost(request: APIRequestContext, title: string) {
  const categories = (await (await request.get('/api/forum/categories')).json()) as { id: number }[];
  const res = await request.post('/api/forum/posts', { data: { title, content: 'Is the Hinckley hub still running a night shift on Sundays?', categoryId: categories[0].id } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; slug: string };
}

async function comment(request: APIRequestContext, postId: number, content: string) {
  const res = await request.post(`/api/forum/posts/${postId}/comments`, { data: { content } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

const pill = (page: Page) => page.getByRole('button', { name: /new comments? — show them/ });
const liveStatus = (page: Page) => page.locator('[data-live]');

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test('a member reading sees others’ comments behind the pill, votes, edits and deletions live', async ({ page, browser, baseURL, accounts }) => {
      const [reader, writer] = await Promise.all([accounts.createVerified(), accounts.createVerified()]);
      const other = await secondBrowser(browser, baseURL, { consent: true });
      try {
        await login(other.context.request, writer);
        const post = await newPost(other.context.request, `Sunday nights at Hinckley ${device} ${Date.now().toString(36)}`);
        const first = await comment(other.context.request, post.id, 'Yes, 10pm till 6.');

        await login(page.request, reader);
        await page.goto(`/forum/posts/${post.slug}`);
        await expect(page.getByText('Yes, 10pm till 6.')).toBeVisible();
        await expect(liveStatus(page)).toHaveAttribute('data-live', 'live');
        await page.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded();
        const scrolledBefore = await page.evaluate(() => window.scrollY);

        // Two comments from the other member: a pill, not a jump.
        await comment(other.context.request, post.id, 'Only until Easter, I heard.');
        await expect(pill(page)).toHaveText(/1 new comment\b/);
        await comment(other.context.request, post.id, 'Ask for Priya on the gate.');
        await expect(pill(page)).toHaveText(/2 new comments/);
        await expect(page.getByText('Only until Easter, I heard.')).toHaveCount(0);
        expect(await page.evaluate(() => window.scrollY)).toBe(scrolledBefore);
        await expect(page.getByRole('heading', { name: '3 replies' })).toBeVisible();

        // Votes on the post arrive in place (counts only).
        const vote = await other.context.request.post(`/api/forum/posts/${post.id}/vote`, { data: { voteType: 'upvote' } });
        expect(vote.ok()).toBe(true);
        const postVotes = page.getByRole('group', { name: 'Votes on this post' });
        await expect(postVotes.getByRole('button', { name: 'Upvote, 1 upvote' })).toHaveAttribute('aria-pressed', 'false');

        // The tap reveals them and scrolls to the first.
        await pill(page).click();
        await expect(pill(page)).toHaveCount(0);
        const easter = page.getByRole('article').filter({ hasText: 'Only until Easter, I heard.' });
        await expect(easter).toBeInViewport();
        await expect(page.getByText('Ask for Priya on the gate.')).toBeVisible();

        // An edit and a deletion apply in place.
        const edit = await other.context.request.patch(`/api/forum/comments/${first.id}`, { data: { content: 'Yes, 10pm till 6, Sundays only.' } });
        expect(edit.ok()).toBe(true);
        await expect(page.getByText('Yes, 10pm till 6, Sundays only.')).toBeVisible();
        const del = await other.context.request.delete(`/api/forum/comments/${first.id}`);
        expect(del.ok()).toBe(true);
        await expect(page.getByText('Yes, 10pm till 6, Sundays only.')).toHaveCount(0);
        await expect(page.getByRole('heading', { name: '2 replies' })).toBeVisible();

        // The reader's own comment still shows at once, with no pill.
        await page.getByLabel('Add a comment').fill('Thanks both, that settles it.');
        await page.getByRole('button', { name: 'Post Comment' }).click();
        await expect(page.getByText('Thanks both, that settles it.')).toBeVisible();
        await expect(pill(page)).toHaveCount(0);
      } finally {
        await other.context.close();
      }
    });

    test('a guest sees the pill after the poll', async ({ browser, baseURL, accounts }) => {
      const writer = await accounts.createVerified();
      const other = await secondBrowser(browser, baseURL, { consent: true });
      const guest = await secondBrowser(browser, baseURL, { consent: true });
      try {
        await guest.page.setViewportSize(viewport);
        // Honoured only in an automated browser (navigator.webdriver): a short poll, not 30 s.
        await guest.context.addInitScript(() => {
          window.__kerbsideLivePollMs = 500;
        });
        await login(other.context.request, writer);
        const post = await newPost(other.context.request, `Guests at Hinckley ${device} ${Date.now().toString(36)}`);
        await comment(other.context.request, post.id, 'First!');

        await guest.page.goto(`/forum/posts/${post.slug}`);
        await expect(guest.page.getByText('First!')).toBeVisible();
        await expect(liveStatus(guest.page)).toHaveAttribute('data-live', 'polling');
        await comment(other.context.request, post.id, 'Seen from the guest’s side.');
        await expect(pill(guest.page)).toHaveText(/1 new comment\b/);
        await expect(guest.page.getByText('Seen from the guest’s side.')).toHaveCount(0);
        await pill(guest.page).click();
        await expect(guest.page.getByRole('article').filter({ hasText: 'Seen from the guest’s side.' })).toBeInViewport();
      } finally {
        await Promise.all([other.context.close(), guest.context.close()]);
      }
    });
  });
}
