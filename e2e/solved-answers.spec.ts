import { eq } from 'drizzle-orm';
import { categories } from '../server/db/schema/index.ts';
import { expect, test } from './fixtures.ts';
import { signIn, toastTitled } from './support/ui.ts';

// Solved answers (issue 33 item 2), on a 390 px phone and on desktop: in a Q&A category the question's
// author accepts a reply; the question shows it with a link to it in context; the list marks the post
// Solved and its Solved/Unsolved filter finds it; the answerer hears of it.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;

for (const [name, use] of [
  ['desktop', {}],
  ['a 390 px phone', PHONE],
] as const) {
  test.describe(`solved answers on ${name}`, () => {
    test.use(use);

    test('the author accepts a reply; the question links to it, the list says Solved and filters by it', async ({ page, playwright, baseURL, accounts, server }) => {
      const [asker, answerer] = await Promise.all([accounts.createVerified(), accounts.createVerified()]);
      const [tax] = await server.db.select({ id: categories.id, slug: categories.slug, isQa: categories.isQa }).from(categories).where(eq(categories.slug, 'tax-hmrc'));
      expect(tax!.isQa).toBe(true);
      const stamp = Date.now().toString(36);
      const as = async (who: typeof asker) => {
        const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
        expect((await api.post('/api/auth/login', { data: { email: who.email, password: who.password } })).ok()).toBe(true);
        return api;
      };
      const askerApi = await as(asker);
      const solvedTitle = `Mileage or actual costs for a leased Transit? ${stamp}`;
      const openTitle = `Is a phone contract an allowable expense? ${stamp}`;
      const question = (await (await askerApi.post('/api/forum/posts', { data: { title: solvedTitle, content: 'First year self-employed, leased van, about 30k miles.', categoryId: tax!.id } })).json()) as { id: number; slug: string };
      expect((await askerApi.post('/api/forum/posts', { data: { title: openTitle, content: 'Half of my calls are for work, half are not.', categoryId: tax!.id } })).ok()).toBe(true);
      const answererApi = await as(answerer);
      const reply = (await (await answererApi.post(`/api/forum/posts/${question.id}/comments`, { data: { content: `Pick one: simplified mileage or the lease and fuel, never both (${stamp}).` } })).json()) as { id: number };
      const chatter = (await (await askerApi.post(`/api/forum/posts/${question.id}/comments`, { data: { content: 'Thanks, anyone else?' } })).json()) as { id: number };
      await askerApi.dispose();

      await signIn(page, asker);
      await page.goto(`/forum/posts/${question.slug}`);
      const answerItem = page.locator(`#comment-${reply.id}`);
      await expect(answerItem).toBeVisible();
      // Their own reply offers it too (any reply may answer), and so does the answerer's.
      await expect(page.locator(`#comment-${chatter.id}`).getByRole('button', { name: /Accept as answer/ })).toBeVisible();
      await answerItem.getByRole('button', { name: /Accept as answer/ }).click();
      await expect(toastTitled(page, 'Answer accepted')).toBeVisible();
      await expect(answerItem.getByText('Accepted answer')).toBeVisible();
      await expect(answerItem.getByRole('button', { name: /Unmark answer/ })).toBeVisible();

      // The question shows it, and takes a reader to it in context.
      await page.reload();
      const box = page.getByRole('region', { name: 'Accepted answer' });
      await expect(box).toBeVisible();
      await expect(box).toContainText(`Pick one: simplified mileage or the lease and fuel, never both (${stamp}).`);
      await expect(box).toContainText(answerer.username);
      await box.getByRole('link', { name: 'Go to the answer' }).click();
      await expect(page).toHaveURL(new RegExp(`#comment-${reply.id}$`));
      await expect(answerItem).toBeInViewport();

      // The list marks it Solved; the filter keeps it, or the open question.
      await page.goto(`/forum?category=${tax!.slug}`);
      const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: solvedTitle }) });
      await expect(card.getByText('Solved')).toBeAttached();
      await page.goto(`/forum?category=${tax!.slug}&solved=yes`);
      await expect(page.getByRole('link', { name: solvedTitle })).toBeVisible();
      await expect(page.getByRole('link', { name: openTitle })).toHaveCount(0);
      await page.goto(`/forum?category=${tax!.slug}&solved=no`);
      await expect(page.getByRole('link', { name: openTitle })).toBeVisible();
      await expect(page.getByRole('link', { name: solvedTitle })).toHaveCount(0);

      // The answerer is told.
      const bell = (await (await answererApi.get('/api/forum/notifications')).json()) as Array<{ type: string; title: string }>;
      expect(bell[0]).toMatchObject({ type: 'answer', title: 'Your answer was accepted' });
      await answererApi.dispose();
    });
  });
}
