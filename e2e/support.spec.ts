import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../server/config.ts';
import { systemClock } from '../server/core.ts';
import type { Db } from '../server/db/client.ts';
import { readNotifyPreferences } from '../server/identity/index.ts';
import { emails, users } from '../server/db/schema/index.ts';
import { createMailer } from '../server/mail/mailer.ts';
import { runAnnouncementBatch } from '../server/modules/admin/announcements-service.ts';
import { expect, test, type Account } from './fixtures.ts';
import { signIn, toastTitled } from './support/ui.ts';

// Support end to end (issues 7 and 8): a guest sends the contact form and gets the confirmation on
// screen and by mail; an admin finds the ticket on /admin/support and replies, and the reply is mailed.
// Announcements: an admin writes, previews and sends one; the member unsubscribes from the mail's link.

const noop = () => {};
const silentLog = { level: 'silent', info: noop, warn: noop, error: noop, debug: noop, trace: noop, fatal: noop, silent: noop, child: () => silentLog } as unknown as FastifyBaseLogger;

async function makeAdmin(db: Db, account: Account) {
  await db.update(users).set({ isAdmin: true }).where(eq(users.email, account.email));
}

test('a guest sends the support form, sees the confirmation and gets the mail; an admin replies from /admin/support', async ({
  page,
  accounts,
  db,
  mailbox,
}) => {
  const guestEmail = `guest_${Date.now().toString(36)}@example.com`;
  const subject = `Code never arrived ${Date.now().toString(36)}`;
  const message = 'I registered this morning but the six-digit code has not arrived, even in spam.';

  await page.goto('/support');
  await expect(page.getByRole('heading', { name: 'Contact us', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Contact form' });

  // Bad input is caught on the page with the same messages as the server.
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Please enter your name')).toBeVisible();
  await expect(form.getByText('Invalid email address')).toBeVisible();
  await expect(form.getByText('Subject must be at least 3 characters')).toBeVisible();
  await expect(form.getByText('Message must be at least 10 characters')).toBeVisible();

  await form.getByLabel('Your name').fill('Pat Guest');
  await form.getByLabel('Email').fill(guestEmail);
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill(message);
  await form.getByRole('button', { name: 'Send message' }).click();

  const done = page.getByRole('status').filter({ hasText: "Thanks — we've received your message and will reply by email." });
  await expect(done).toBeVisible();
  const ticketNumber = /#(\d+)/.exec((await done.textContent()) ?? '')?.[1];
  expect(ticketNumber).toMatch(/^\d+$/);
  await expect(done).toContainText(guestEmail);

  // The confirmation reaches the SMTP sink with the ticket number and none of the sender's words.
  const confirmation = await mailbox.waitForMail(guestEmail);
  expect(confirmation.subject).toBe(`We've received your message (ticket #${ticketNumber})`);
  expect(confirmation.text).toContain(`#${ticketNumber}`);
  expect(confirmation.text).not.toContain(message);

  // An admin (signing in on this browser) finds it among the open tickets and replies; the reply is mailed.
  const admin = await accounts.createVerified();
  await makeAdmin(db, admin);
  await signIn(page, admin);
  await page.goto('/admin/support');
  await expect(page.getByRole('heading', { name: 'Support', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Open\s*\d+$/, pressed: true })).toBeVisible();
  await page.getByRole('list', { name: 'Tickets' }).getByRole('button', { name: new RegExp(subject) }).click();
  const ticket = page.getByRole('article', { name: subject });
  await expect(ticket.getByText(message)).toBeVisible();
  await expect(ticket.getByText(`Ticket #${ticketNumber} · Open · from Pat Guest <${guestEmail}> (guest)`, { exact: false })).toBeVisible();

  await ticket.getByLabel('Internal note').fill('Checked: the code mail bounced at their provider.');
  await ticket.getByRole('button', { name: 'Add note' }).click();
  await expect(ticket.getByText('Checked: the code mail bounced at their provider.')).toBeVisible();

  await ticket.getByLabel('Reply to the sender').fill('Sorry about that — please try again now, it should arrive within a minute.');
  await ticket.getByRole('button', { name: 'Send reply' }).click();
  await expect(toastTitled(page, `Reply emailed to ${guestEmail}`)).toBeVisible();
  await expect(ticket.getByText(`Ticket #${ticketNumber} · Answered`, { exact: false })).toBeVisible();

  const reply = await mailbox.waitForMail(guestEmail);
  expect(reply.subject).toBe(`Re: ${subject} (ticket #${ticketNumber})`);
  expect(reply.text).toContain('please try again now');
  expect(reply.text).not.toContain('bounced at their provider');

  await ticket.getByRole('button', { name: 'Close ticket' }).click();
  await expect(toastTitled(page, 'Ticket closed')).toBeVisible();
  await page.getByRole('button', { name: /^Closed\s*\d+$/ }).click();
  await expect(page.getByRole('list', { name: 'Tickets' }).getByRole('button', { name: new RegExp(subject) })).toBeVisible();
});

test("a signed-in member finds their name and email filled in", async ({ page, accounts }) => {
  const member = await accounts.createVerified();
  await signIn(page, member);
  await page.goto('/support');
  const form = page.getByRole('form', { name: 'Contact form' });
  await expect(form.getByLabel('Your name')).toHaveValue(`${member.firstName} ${member.lastName}`);
  await expect(form.getByLabel('Email')).toHaveValue(member.email);
});

test('an admin writes, previews and sends an announcement to one role; the member unsubscribes from the link in the mail', async ({ page, accounts, db }) => {
  const admin = await accounts.createVerified();
  await makeAdmin(db, admin);
  const pilot = await accounts.createVerified();
  await db.update(users).set({ avatar: 'aviation' }).where(eq(users.email, pilot.email));
  const subject = `Air cargo meet-up ${Date.now().toString(36)}`;

  await signIn(page, admin);
  await page.goto('/admin/emails');
  await expect(page.getByRole('heading', { name: 'Emails', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Outbox emails, newest first' })).toBeVisible();

  const form = page.getByRole('form', { name: 'New announcement' });
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Send to').selectOption({ label: 'Role: Aviation Logistics' });
  await form.getByLabel('Message').fill('Join us at **Heathrow** on Friday.\n\n- Free coffee\n- Parking on site');
  await form.getByRole('button', { name: 'Save draft and preview' }).click();

  const dialog = page.getByRole('dialog', { name: `Preview: ${subject}` });
  await expect(dialog.getByText(/Aviation Logistics — \d+ members? would receive it now/)).toBeVisible();
  const preview = dialog.frameLocator('iframe[title="Email preview"]');
  await expect(preview.locator('strong', { hasText: 'Heathrow' })).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Unsubscribe from announcements' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send…' }).click();
  await dialog.getByRole('button', { name: /^Yes, send to \d+ members?$/ }).click();
  await expect(page.getByRole('region', { name: /notifications/i }).getByText(/^Sending to \d+ members?$/)).toBeVisible();

  // The sender's scheduled job does not run by itself in tests: run its batches here, as a process of the app would.
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://' });
  const mailer = createMailer({ config, db, log: silentLog });
  try {
    for (let i = 0; i < 20 && (await runAnnouncementBatch({ db, config, mailer, clock: systemClock, batchSize: 50 }))?.done === false; i++);
  } finally {
    await mailer.close();
  }
  const item = page.getByRole('list', { name: 'Announcements' }).getByRole('listitem').filter({ hasText: subject });
  await expect(item.getByText('Sent', { exact: true })).toBeVisible({ timeout: 15_000 });

  const [mail] = await db.select().from(emails).where(and(eq(emails.to, pilot.email), eq(emails.kind, 'announcement')));
  expect(mail.subject).toBe(subject);
  const link = /https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  const { pathname, search } = new URL(link!);

  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole('heading', { name: 'Unsubscribe from announcements' })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, pilot.email));
  expect((await readNotifyPreferences(db, row.id)).announcements.email).toBe(false);

  await page.goto('/unsubscribe?token=1.forged');
  await expect(page.getByRole('heading', { name: 'Invalid unsubscribe link' })).toBeVisible();
});
