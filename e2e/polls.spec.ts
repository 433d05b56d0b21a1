import { POLL_MSG } from '../common/rules/polls.ts';
import { expect, test } from './fixtures.ts';
import { fitsWidth, secondBrowser, signIn, toastTitled } from './support/ui.ts';

// Polls (issue 33 item 1) as members meet them, on a 390 px phone and on desktop: a driver asks "Has your
// rate been cut?" with a poll; another member votes and sees the counts, changes their vote; a new account
// is told why it cannot vote; the author closes the poll and a guest reads the results.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;

for (const [name, use] of [
  ['desktop', {}],
  ['a 390 px phone', PHONE],
] as const) {
  test.describe(`polls on ${name}`, () => {
    test.use(use);

    test('a member writes a poll; another votes and changes their vote; a new account cannot; the author closes it for a guest to read', async ({ page, browser, baseURL, accounts }) => {
      test.setTimeout(120_000);
      const author = await accounts.createVerified();
      await signIn(page, author);
      const title = `Has your rate been cut this month? ${name} ${Date.now().toString(36)}`;
      await page.goto('/forum/new');
      const main = page.getByRole('main');
      await main.getByLabel('Title').fill(title);
      await main.getByLabel('Category').selectOption({ label: 'Multi-drop & Parcel Networks' });
      await main.getByLabel('Your post').fill('Evri cut ours by 3p a drop from Monday. Has yours?');
      await main.getByRole('button', { name: 'Add a poll' }).click();
      await main.getByLabel('Option 1', { exact: true }).fill('Yes, this month');
      await main.getByLabel('Option 2', { exact: true }).fill('No');
      await main.getByRole('button', { name: 'Add an option' }).click();
      await main.getByLabel('Option 3', { exact: true }).fill('Not yet, but told it is coming');
      expect(await fitsWidth(page)).toBe(true);
      await main.getByRole('button', { name: 'Publish Post' }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const postUrl = new URL(page.url()).pathname;
      const poll = page.getByRole('region', { name: 'Poll' });
      await expect(poll.getByText('Results show after you vote')).toBeVisible();

      // Another member votes: the counts show; they change their vote.
      const voter = await accounts.createVerified();
      const second = await secondBrowser(browser, baseURL, { consent: true, device: use });
      try {
        await signIn(second.page, voter);
        await second.page.goto(postUrl);
        const card = second.page.getByRole('region', { name: 'Poll' });
        await card.getByRole('radio', { name: 'Yes, this month' }).check();
        await card.getByRole('button', { name: 'Vote' }).click();
        await expect(toastTitled(second.page, 'Vote recorded')).toBeVisible();
        await expect(card.getByText('1 vote · 100%')).toBeVisible();
        await expect(card.getByText('1 voter')).toBeVisible();
        await card.getByRole('button', { name: 'Change vote' }).click();
        await card.getByRole('radio', { name: 'No', exact: true }).check();
        await card.getByRole('button', { name: 'Vote' }).click();
        await expect(card.getByText('Your vote')).toBeVisible();
        await expect(card.getByRole('listitem').filter({ has: second.page.getByText('No', { exact: true }) }).getByText('1 vote · 100%')).toBeVisible();
        expect(await fitsWidth(second.page)).toBe(true);
      } finally {
        await second.context.close();
      }

      // A new account sees the poll and why it cannot vote.
      const fresh = await accounts.createVerified({ newcomer: true });
      const third = await secondBrowser(browser, baseURL, { consent: true, device: use });
      try {
        await signIn(third.page, fresh);
        await third.page.goto(postUrl);
        const card = third.page.getByRole('region', { name: 'Poll' });
        await expect(card.getByText(POLL_MSG.newAccount)).toBeVisible();
        await expect(card.getByRole('button', { name: 'Vote' })).toHaveCount(0);
      } finally {
        await third.context.close();
      }

      // The author closes it; a guest reads the results.
      await page.reload();
      await poll.getByRole('button', { name: 'Close poll' }).click();
      await page.getByRole('dialog', { name: 'Close this poll?' }).getByRole('button', { name: 'Close poll' }).click();
      await expect(toastTitled(page, 'Poll closed')).toBeVisible();
      await expect(poll.getByText('Closed')).toBeVisible();
      const guest = await secondBrowser(browser, baseURL, { consent: true, device: use });
      try {
        await guest.page.goto(postUrl);
        const card = guest.page.getByRole('region', { name: 'Poll' });
        await expect(card.getByText('Closed')).toBeVisible();
        await expect(card.getByText('1 voter')).toBeVisible();
        await expect(card.getByRole('button', { name: 'Sign in to vote' })).toHaveCount(0);
      } finally {
        await guest.context.close();
      }
    });
  });
}
