import type { Page } from '@playwright/test';
import { expect, test, type Account } from './fixtures.ts';
import { secondBrowser, signIn, signInWith, socketAuthenticated, toastTitled } from './support/ui.ts';

// The posts kept offline are the worker's (the config blocks it for other specs).
test.use({ serviceWorkers: 'allow' });

// Issue 18, shared phones: drafts are kept per member, and signing out takes the member's drafts,
// the chat's unsent messages and the posts and comments kept offline off the device. Two members
// take turns on one phone (one browser context): the second finds nothing of the first's, and the
// first, back again, finds their drafts gone with the sign-out.

/** Keys the app keeps for one member (client/src/lib/storage.ts memberStorage). */
const memberKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('kerbside:member:')));

/** Signs in again on the phone: the welcome banner was dismissed on this device the first time. */
async function signInAgain(page: Page, account: Account) {
  await page.goto('/');
  await signInWith(page, account);
  await expect(toastTitled(page, 'Login successful')).toBeVisible();
}

/** Signs out from the phone's menu (the header's link is in the menu sheet at this width). */
async function signOutOnPhone(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Open menu' })).toBeVisible();
}

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('member A’s comment and chat drafts: kept across a reload, never shown to B on the same phone, and gone once A signs out', async ({ page, accounts }) => {
  const [a, b] = await Promise.all([accounts.createVerified(), accounts.createVerified()]);

  // A post to comment on (A's, through the API with A's session).
  await signIn(page, a);
  const categories = (await (await page.request.get('/api/forum/categories')).json()) as Array<{ id: number }>;
  const created = await page.request.post('/api/forum/posts', {
    data: { title: `Shared van phone ${Date.now().toString(36)}`, content: 'Who else shares a work phone with the other driver?', categoryId: categories[0]!.id },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const postPath = `/forum/posts/${((await created.json()) as { slug: string }).slug}`;

  // A starts a comment and a message to B, and sends neither.
  await page.goto(postPath);
  await page.getByLabel('Add a comment').fill('Half a comment from A');
  const conversationPath = await openChatWith(page, b);
  await page.getByRole('textbox', { name: 'Message' }).fill('Half a message from A');

  // Kept on the device: a reload brings both back.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Half a message from A');
  await page.goto(postPath);
  await expect(page.getByLabel('Add a comment')).toHaveValue('Half a comment from A');
  // Under A's id, and only there.
  const aId = ((await (await page.request.get('/api/auth/user')).json()) as { id: number }).id;
  const kept = await memberKeys(page);
  expect(kept.length).toBeGreaterThanOrEqual(2);
  expect(kept.every((k) => k.startsWith(`kerbside:member:${aId}:`))).toBe(true);

  // A signs out: nothing of A's stays on the phone.
  await signOutOnPhone(page);
  await expect.poll(() => memberKeys(page)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('deviceMember'))).toBeNull();

  // B signs in on the same phone: no draft in the comment box nor in the same conversation.
  await signInAgain(page, b);
  await page.goto(postPath);
  await expect(page.getByLabel('Add a comment')).toHaveValue('');
  await page.goto(conversationPath);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await signOutOnPhone(page);

  // A comes back: the sign-out took A's drafts too.
  await signInAgain(page, a);
  await page.goto(postPath);
  await expect(page.getByLabel('Add a comment')).toHaveValue('');
  await page.goto(conversationPath);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expect(page.getByText('Draft restored.')).toHaveCount(0);
});

test('a session ended from another device ("Sign out everywhere"): the phone forgets the member’s drafts at once', async ({ page, browser, baseURL, accounts }) => {
  const account = await accounts.createVerified();
  const listening = socketAuthenticated(page);
  await signIn(page, account);
  await listening;
  await page.goto('/forum/new');
  await page.getByRole('main').getByLabel('Title').fill('Left on the phone');
  await expect.poll(() => memberKeys(page)).toHaveLength(1);

  const laptop = await secondBrowser(browser, baseURL, { consent: true });
  try {
    await signIn(laptop.page, account);
    await laptop.page.goto('/profile');
    await laptop.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await laptop.page.getByRole('dialog', { name: 'Sign out everywhere?' }).getByRole('button', { name: 'Sign out other devices' }).click();
    await expect(toastTitled(laptop.page, 'Signed out everywhere else')).toBeVisible();
  } finally {
    await laptop.context.close();
  }

  await expect(toastTitled(page, 'You have been signed out')).toBeVisible();
  await expect.poll(() => memberKeys(page)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('deviceMember'))).toBeNull();
});

/** Opens (or starts) the conversation with `other` from their profile; returns its /inbox/{id} path. */
async function openChatWith(page: Page, other: Account): Promise<string> {
  await page.goto(`/profile/${other.username}`);
  await page.getByRole('main').getByRole('button', { name: `Message @${other.username}` }).click();
  await expect(page).toHaveURL(/\/inbox\/\d+$/);
  return new URL(page.url()).pathname;
}
