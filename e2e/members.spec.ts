import { inArray } from 'drizzle-orm';
import { users } from '../server/db/schema/index.ts';
import { expect, test } from './fixtures.ts';
import { registerWith, signIn } from './support/ui.ts';

// Issue 4, members: onboarding picks an avatar and a status; the directory searches (username or
// status, any case) and sorts, with both in the address.

test('a new member picks an avatar and a status on onboarding, lands on the forum, and the profile shows them', async ({ page, accounts, mailbox }) => {
  const account = accounts.details();
  await registerWith(page, account);
  const main = page.getByRole('main');
  const mail = await mailbox.waitForMail(account.email);
  await main.getByLabel('Verification code').fill(mail.code!);
  await main.getByRole('button', { name: 'Verify email' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);

  const welcome = page.getByRole('button', { name: 'Dismiss welcome message' });
  if (await welcome.isVisible()) await welcome.click();

  // The picker: one radio group, car by default, the description of the selected one below.
  const picker = page.getByRole('radiogroup', { name: 'Choose your avatar' });
  await expect(picker.getByRole('radio')).toHaveCount(12);
  await expect(picker.getByRole('radio', { name: 'Car Delivery' })).toBeChecked();
  await picker.getByRole('radio', { name: 'Van Delivery' }).click();
  await expect(picker.getByRole('radio', { name: 'Van Delivery' })).toBeChecked();
  await expect(page.getByText('Owner drivers and employed drivers in vans and light trucks.')).toBeVisible();
  // The keyboard moves the choice too: right to Parcel, back left to Van.
  await page.keyboard.press('ArrowRight');
  await expect(picker.getByRole('radio', { name: 'Parcel Specialist' })).toBeChecked();
  await page.keyboard.press('ArrowLeft');
  await expect(picker.getByRole('radio', { name: 'Van Delivery' })).toBeChecked();

  const status = page.getByRole('textbox', { name: /Status/ });
  await expect(status).toHaveAttribute('placeholder', 'e.g. Multi-drop, Leeds depot');
  await status.fill('x'.repeat(101));
  await expect(page.getByText('Status must be at most 100 characters')).toBeVisible();
  await status.fill('Multi-drop, Leeds depot');
  await expect(page.getByText('Status must be at most 100 characters')).toBeHidden();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/forum$/);

  await page.goto('/profile');
  const card = page.getByRole('region', { name: `${account.firstName} ${account.lastName}` });
  await expect(card.getByText('Van Delivery')).toBeVisible();
  await expect(card.getByText('Multi-drop, Leeds depot')).toBeVisible();
  await expect(card.getByText(`@${account.username}`)).toBeVisible();
});

test('the directory filters by status or username in any case, and sorts by join date', async ({ page, accounts, db }, testInfo) => {
  const tag = `dir${testInfo.workerIndex}${Date.now().toString(36)}`;
  const day = 86_400_000;
  const now = Date.now();
  const seeded = [
    { name: 'alpha', status: `Multi-drop, ${tag.toUpperCase()}VILLE depot`, age: 3 },
    { name: 'bravo', status: `Owner driver near ${tag}ford`, age: 2 },
    { name: 'charlie', status: `Night trunking to ${tag}ville`, age: 1 },
  ].map((m) => ({
    username: `${tag}_${m.name}`,
    email: `${tag}_${m.name}@example.com`,
    firstName: 'Seeded',
    lastName: m.name,
    passwordHash: 'not-a-real-hash',
    avatar: 'van',
    statusText: m.status,
    emailVerifiedAt: new Date(now - m.age * day),
    onboardedAt: new Date(now - m.age * day),
    createdAt: new Date(now - m.age * day),
  }));
  await db.insert(users).values(seeded);
  try {
    const viewer = await accounts.createVerified();
    await signIn(page, viewer);
    await page.goto('/directory/users');
    const main = page.getByRole('main');
    const search = main.getByRole('searchbox');
    await expect(search).toHaveAttribute('placeholder', 'Search by username or status...');
    await expect(main.getByText(/^Showing \d+ of \d+ verified members$/)).toBeVisible();
    const cards = main.getByRole('article');
    const names = () => cards.getByRole('heading', { level: 2 }).allTextContents();

    // Part of a status, lower case where one member wrote it in capitals.
    await search.fill(`${tag}ville`);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}ville`));
    await expect(cards).toHaveCount(2);
    expect(await names()).toEqual([`@${tag}_alpha`, `@${tag}_charlie`]);
    await expect(main.getByText(/^Showing 2 of \d+ verified members/)).toBeVisible();

    // Part of a username, in capitals.
    await search.fill(`${tag.toUpperCase()}_BRA`);
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByRole('heading', { name: `@${tag}_bravo` })).toBeVisible();
    await expect(cards.first().getByText(`Owner driver near ${tag}ford`)).toBeVisible();
    await expect(cards.first().getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', `/profile/${tag}_bravo?from=directory`);
    await expect(cards.first().getByRole('button', { name: `Message @${tag}_bravo` })).toBeVisible();

    // Nothing matches.
    await search.fill(`${tag}nowhere`);
    await expect(main.getByRole('heading', { name: 'No matches found' })).toBeVisible();

    // All three: A-Z by default, newest first with Recently Joined (and the sort in the address).
    await search.fill(tag);
    await expect(cards).toHaveCount(3);
    expect(await names()).toEqual([`@${tag}_alpha`, `@${tag}_bravo`, `@${tag}_charlie`]);
    await main.getByLabel('Sort By').selectOption({ label: 'Recently Joined' });
    await expect(page).toHaveURL(/[?&]sort=joined/);
    await expect.poll(names).toEqual([`@${tag}_charlie`, `@${tag}_bravo`, `@${tag}_alpha`]);

    // The address is the state: reloading keeps search and sort.
    await page.reload();
    await expect(main.getByRole('searchbox')).toHaveValue(tag);
    await expect(main.getByLabel('Sort By')).toHaveValue('joined');
    await expect.poll(names).toEqual([`@${tag}_charlie`, `@${tag}_bravo`, `@${tag}_alpha`]);

    // View Profile, and back.
    await cards.first().getByRole('link', { name: 'View Profile' }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${tag}_charlie\\?from=directory$`));
    await expect(main.getByRole('heading', { level: 1, name: `@${tag}_charlie` })).toBeVisible();
    await expect(main.getByText(`Night trunking to ${tag}ville`)).toBeVisible();
    await main.getByRole('link', { name: 'Back to directory' }).click();
    await expect(page).toHaveURL(/\/directory\/users$/);

    // Message opens the conversation: on this large screen in a floating chat window (spec §2), the
    // live chat that Functional cookies enable (spec §3).
    await page.evaluate(() => {
      localStorage.setItem('cookie_consent', 'true');
      localStorage.setItem('cookie_preferences', JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: true }));
    });
    await page.goto(`/profile/${tag}_alpha`);
    await main.getByRole('button', { name: `Message @${tag}_alpha` }).click();
    await expect(page.getByRole('region', { name: `Chat with ${tag}_alpha` })).toBeVisible();
  } finally {
    await db.delete(users).where(inArray(users.username, seeded.map((s) => s.username)));
  }
});

test('an unknown username is the not-found page', async ({ page, accounts }) => {
  const viewer = await accounts.createVerified();
  await signIn(page, viewer);
  await page.goto('/profile/no_such_member_here');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});
