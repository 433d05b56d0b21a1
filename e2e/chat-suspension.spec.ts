import type { APIRequestContext, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { users } from '../server/db/schema/index.ts';
import { expect, test, type Account } from './fixtures.ts';
import { signIn } from './support/ui.ts';

// Issue 18, "Chat suspension speaks of email verification": a chat-suspended member, on a phone,
// sees the suspension with the admin's reason (not a request to verify their email), still reads
// their past conversation (with a note where the composer was), is offered no Message button, and
// their client stops asking for what the server refuses.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;
const REASON = 'Sending the same advert to every courier';

/** A signed-in API session of its own (never the page's cookies). */
async function apiAs(playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } }, baseURL: string | undefined, account: Account) {
  const api = await playwright.request.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.ok(), await login.text()).toBe(true);
  return api;
}

/** The chat calls the page makes that the server refuses (401/403), as they happen. */
function refusedChatCalls(page: Page) {
  const refused: string[] = [];
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    if ((path.startsWith('/api/chat/') || path.startsWith('/api/inbox/')) && (res.status() === 401 || res.status() === 403)) refused.push(`${res.status()} ${path}`);
  });
  return refused;
}

test.describe('chat suspension on a 390×844 phone', () => {
  test.use(PHONE);

  test('an admin suspends a member\'s chat with a reason: the member sees it, reads their past chat, and has no Message button', async ({
    page,
    playwright,
    baseURL,
    accounts,
    db,
  }) => {
    const [admin, member, friend] = await Promise.all([accounts.createVerified(), accounts.createVerified(), accounts.createVerified()]);
    await db.update(users).set({ isAdmin: true }).where(eq(users.email, admin.email));
    const idOf = async (a: Account) => (await db.select({ id: users.id }).from(users).where(eq(users.email, a.email)))[0]!.id;
    const [memberId, friendId] = [await idOf(member), await idOf(friend)];

    // A past conversation: the member and their friend, a message each way.
    const [asMember, asFriend, asAdmin] = [await apiAs(playwright, baseURL, member), await apiAs(playwright, baseURL, friend), await apiAs(playwright, baseURL, admin)];
    try {
      const started = await asMember.post('/api/chat/start', { data: { recipientId: friendId } });
      expect(started.ok(), await started.text()).toBe(true);
      const { id: conversationId } = (await started.json()) as { id: number };
      for (const [api, text] of [
        [asMember, 'Is the Dartford depot open on Sunday?'],
        [asFriend, 'Only until noon, mate.'],
      ] as const) {
        const sent = await api.post(`/api/inbox/conversations/${conversationId}/messages`, { data: { text } });
        expect(sent.status(), await sent.text()).toBe(201);
      }

      // The admin suspends the member's chat, with a reason (as /admin/members does).
      const suspended = await asAdmin.post(`/api/admin/members/${memberId}/chat-suspension`, { data: { reason: REASON } });
      expect(suspended.ok(), await suspended.text()).toBe(true);

      const refused = refusedChatCalls(page);
      await signIn(page, member);
      await page.goto('/inbox');

      // The suspension card, with the reason; nothing about verifying an email.
      const main = page.getByRole('main');
      const card = main.getByRole('region', { name: 'Chat Feature Suspended' });
      await expect(card).toBeVisible();
      await expect(card).toContainText('Your chat feature has been suspended by an administrator.');
      await expect(card).toContainText(`Reason: ${REASON}`);
      await expect(card).toContainText('You can still read your past conversations');
      await expect(main.getByText(/verify your email/i)).toHaveCount(0);
      await expect(main.getByRole('heading', { name: 'Chat Requires Verification' })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // The past conversation is listed and readable; where the composer was, one line says why.
      await main.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(friend.username) }).click();
      await expect(page).toHaveURL(new RegExp(`/inbox/${conversationId}$`));
      const conversation = main.getByRole('region', { name: `Conversation with ${friend.username}` });
      await expect(conversation.getByText('Is the Dartford depot open on Sunday?')).toBeVisible();
      await expect(conversation.getByText('Only until noon, mate.')).toBeVisible();
      await expect(conversation.getByText('Your chat is suspended: you can read this conversation but not reply.')).toBeVisible();
      await expect(conversation.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
      await expect(conversation.getByRole('button', { name: 'Send' })).toHaveCount(0);

      // No Message button on a profile.
      await page.goto(`/profile/${friend.username}`);
      await expect(main.getByRole('heading', { level: 1, name: new RegExp(friend.username) })).toBeVisible();
      await expect(main.getByRole('button', { name: /^Message/ })).toHaveCount(0);

      // Reading is not refused: nothing the page asked of the chat answered 401/403 (no 403 polled every 5 s).
      await page.waitForTimeout(6_000);
      expect(refused).toEqual([]);

      // The server refuses what the page no longer offers.
      const send = await asMember.post(`/api/inbox/conversations/${conversationId}/messages`, { data: { text: 'Still there?' } });
      expect(send.status()).toBe(403);
      expect(await send.json()).toEqual({ message: 'Your chat feature has been suspended by an administrator.', chatAccess: 'suspended' });
    } finally {
      await Promise.all([asMember.dispose(), asFriend.dispose(), asAdmin.dispose()]);
      await db.update(users).set({ chatSuspendedAt: null }).where(eq(users.id, memberId));
    }
  });
});
