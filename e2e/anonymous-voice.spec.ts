import { eq } from 'drizzle-orm';
import { ANONYMOUS_BLOCK_NAME } from '../common/rules/anonymous.ts';
import { users } from '../server/db/schema/index.ts';
import { expect, test } from './fixtures.ts';
import { fitsWidth, secondBrowser, signIn, toastTitled } from './support/ui.ts';

// A protected voice (issue 32 part 3, ADR 0022) as its people meet it, on a 390 px phone and on desktop: a
// driver at trust level 2 with an Evri badge posts and replies anonymously in the category open to it;
// another member reads the label (never the account) and blocks the author from the post; an admin
// reveals who wrote it only with a reason.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;
const LABEL = 'A verified Evri courier in LS';

for (const [name, use] of [
  ['desktop', {}],
  ['a 390 px phone', PHONE],
] as const) {
  test.describe(`a protected voice on ${name}`, () => {
    test.use(use);

    test('a driver posts and replies anonymously; a member sees the label and blocks the author; an admin reveals with a reason', async ({ page, browser, baseURL, accounts, db }) => {
      test.setTimeout(120_000);
      const author = await accounts.createVerified();
      // A member with a year of help behind them (trust level 2), an Evri badge and a home area.
      await db.update(users).set({ trustLevel: 2, verifiedNetwork: 'evri', verifiedAt: new Date(), courierArea: 'LS' }).where(eq(users.email, author.email));
      await signIn(page, author);

      // The editor offers it only in the category open to it, with a preview of the label.
      const title = `Depot keeps us waiting two hours ${name} ${Date.now().toString(36)}`;
      await page.goto('/forum/new');
      const main = page.getByRole('main');
      await main.getByLabel('Title').fill(title);
      await main.getByLabel('Category').selectOption({ label: 'Routes, Apps & Tech' });
      await main.getByLabel('Your post').fill('Every morning the same queue at the gate, and nobody pays for the wait.');
      await expect(main.getByTestId('anonymous-choice')).toHaveCount(0);
      await main.getByLabel('Category').selectOption({ label: 'Multi-drop & Parcel Networks' });
      await main.getByRole('checkbox', { name: 'Post anonymously' }).check();
      await main.getByRole('checkbox', { name: 'Show my verified network (Evri)' }).check();
      await main.getByRole('checkbox', { name: 'Show my area (LS)' }).check();
      await expect(main.getByTestId('anonymous-preview')).toHaveText(`Readers will see: ${LABEL}`);
      expect(await fitsWidth(page)).toBe(true);
      await main.getByRole('button', { name: 'Publish Post' }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const postUrl = new URL(page.url()).pathname;
      const article = page.getByRole('article', { name: title });
      await expect(article.getByTestId('anonymous-author')).toContainText(LABEL);

      // The author replies anonymously too (the label without the area this time).
      await page.getByLabel('Add a comment').fill('Logged it today: two hours ten.');
      await page.getByRole('checkbox', { name: 'Reply anonymously' }).check();
      await page.getByRole('checkbox', { name: 'Show my verified network (Evri)' }).last().check();
      await page.getByRole('button', { name: 'Post Comment' }).click();
      const reply = page.getByRole('article', { name: 'Comment by A verified Evri courier' });
      await expect(reply.getByText('Logged it today: two hours ten.')).toBeVisible();

      // Another member: the label, no account, in the page the server writes and in the app.
      const other = await accounts.createVerified();
      const reader = await secondBrowser(browser, baseURL, { consent: true, device: use });
      try {
        const served = await (await reader.page.request.get(postUrl)).text();
        expect(served).toContain(LABEL);
        expect(served).not.toContain(author.username);
        await signIn(reader.page, other);
        await reader.page.goto(postUrl);
        const seen = reader.page.getByRole('article', { name: title });
        await expect(seen.getByTestId('anonymous-author')).toContainText(LABEL);
        await expect(reader.page.locator(`a[href="/profile/${author.username}"]`)).toHaveCount(0);
        expect(await reader.page.content()).not.toContain(author.username);
        // They block whoever wrote it: the post folds away; their blocks list names only the label.
        await seen.getByRole('button', { name: 'Block this author' }).click();
        await reader.page.getByRole('dialog', { name: 'Block this author?' }).getByRole('button', { name: 'Block this author' }).click();
        await expect(toastTitled(reader.page, 'Author blocked')).toBeVisible();
        await expect(reader.page.getByText('Hidden: you blocked this anonymous author')).toBeVisible();
        await reader.page.goto('/profile');
        await reader.page.getByRole('button', { name: 'Blocked members' }).click();
        const entry = reader.page.getByTestId('anonymous-block');
        await expect(entry).toContainText(ANONYMOUS_BLOCK_NAME);
        await expect(entry).toContainText(LABEL);
        expect(await reader.page.content()).not.toContain(author.username);
      } finally {
        await reader.context.close();
      }

      // An admin reveals the author, only with a reason.
      const admin = await accounts.createVerified();
      await db.update(users).set({ isAdmin: true }).where(eq(users.email, admin.email));
      const desk = await secondBrowser(browser, baseURL, { consent: true, device: use });
      try {
        await signIn(desk.page, admin);
        await desk.page.goto(postUrl);
        await desk.page.getByRole('button', { name: 'Reveal author' }).first().click();
        const dialog = desk.page.getByRole('dialog', { name: 'Reveal who wrote this' });
        await dialog.getByLabel('Why do you need to know who wrote this? Other admins will see your reason.').fill('short');
        await dialog.getByRole('button', { name: 'Reveal' }).click();
        await expect(dialog.getByRole('alert')).toBeVisible();
        await expect(dialog.getByTestId('reveal-result')).toHaveCount(0);
        await dialog.getByLabel('Why do you need to know who wrote this? Other admins will see your reason.').fill('A depot manager reports threats in this thread.');
        await dialog.getByRole('button', { name: 'Reveal' }).click();
        await expect(dialog.getByTestId('reveal-result')).toHaveText(`Written by @${author.username}`);
        expect(await fitsWidth(desk.page)).toBe(true);
      } finally {
        await desk.context.close();
      }
    });
  });
}
