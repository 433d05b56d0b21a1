import { eq, inArray } from 'drizzle-orm';
import { adSlots, bulletins, categories, posts, users } from '../server/db/schema/index.ts';
import { makeExcerpt, renderMarkdown } from '../server/lib/markdown.ts';
import { hotScore } from '../server/modules/posts/index.ts';
import { expect, test } from './fixtures.ts';
import { secondBrowser, signIn, toastTitled } from './support/ui.ts';

// Bulletins, ads and maintenance on the forum (issue 6) and their admin screens (issue 7): an admin
// writes a bulletin, a reader dismisses it for good; an in-content ad after every third post, custom
// HTML only in the sandbox (its script never runs), the sidebar ad only on large screens; the
// maintenance banner with the admin's message.

test('an admin writes a bulletin; a reader dismisses it and it stays hidden after a reload', async ({ page, browser, baseURL, accounts, db }) => {
  const admin = await accounts.createVerified();
  await db.update(users).set({ isAdmin: true }).where(eq(users.email, admin.email));
  const stamp = Date.now().toString(36);
  const [membersOnly] = await db
    .insert(bulletins)
    .values({ title: `Members meeting ${stamp}`, message: 'Depot reps only.', visibilityType: 'members' })
    .returning();
  // Another public bulletin, not dismissed: once it shows after the reload, the list has arrived.
  await db.insert(bulletins).values({ title: `Witness ${stamp}`, message: 'Still here.', createdAt: new Date(Date.now() - 3_600_000) });

  try {
    await signIn(page, admin);
    await page.goto('/admin/bulletins');
    const form = page.getByRole('region', { name: 'New bulletin' });
    await form.getByRole('textbox', { name: 'Title' }).fill(`M25 closure ${stamp}`);
    await form.getByRole('textbox', { name: 'Message' }).fill('Junctions 10 to 11 shut overnight on Saturday.');
    // The preview is the card the forum shows.
    await expect(form.getByRole('region', { name: `Bulletin: M25 closure ${stamp}` }).getByText('Public', { exact: true })).toBeVisible();
    await form.getByRole('button', { name: 'Create bulletin' }).click();
    await expect(toastTitled(page, 'Bulletin created')).toBeVisible();
    await expect(page.getByRole('article', { name: `M25 closure ${stamp}` })).toBeVisible();

    // A guest, in a browser of their own.
    const { context, page: guest } = await secondBrowser(browser, baseURL, { consent: true });
    await guest.goto('/forum');
    const bulletin = guest.getByRole('region', { name: `Bulletin: M25 closure ${stamp}` });
    await expect(bulletin).toBeVisible();
    await expect(bulletin.getByText('Public', { exact: true })).toBeVisible();
    await expect(bulletin.getByText('Junctions 10 to 11 shut overnight on Saturday.')).toBeVisible();
    // Members-only bulletins are not for guests; the admin (a member) sees it with its label.
    await expect(guest.getByRole('region', { name: `Bulletin: ${membersOnly.title}` })).toHaveCount(0);

    await bulletin.getByRole('button', { name: `Dismiss bulletin: M25 closure ${stamp}` }).click();
    await expect(bulletin).toHaveCount(0);
    await expect(guest.getByRole('region', { name: `Bulletin: Witness ${stamp}` })).toBeVisible();
    await guest.reload();
    await expect(guest.getByRole('region', { name: `Bulletin: Witness ${stamp}` })).toBeVisible();
    await expect(guest.getByRole('region', { name: `Bulletin: M25 closure ${stamp}` })).toHaveCount(0);
    const stored = await guest.evaluate(() => localStorage.getItem('dismissedBulletins'));
    expect(JSON.parse(stored ?? '[]')).toHaveLength(1);
    await context.close();

    await page.goto('/forum');
    const members = page.getByRole('region', { name: `Bulletin: ${membersOnly.title}` });
    await expect(members.getByText('Members', { exact: true })).toBeVisible();
    // Not dismissed in the admin's browser.
    await expect(page.getByRole('region', { name: `Bulletin: M25 closure ${stamp}` })).toBeVisible();
  } finally {
    await db.delete(bulletins);
  }
});

test('an in-content ad after every third post; custom HTML only in the sandbox; the sidebar ad only on large screens', async ({ page, accounts, db }) => {
  const account = await accounts.createVerified();
  const [author] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
  const stamp = Date.now().toString(36);
  const [category] = await db.insert(categories).values({ name: `Ads test ${stamp}`, slug: `ads-${stamp}` }).returning();
  const now = Date.now();
  const rows = Array.from({ length: 7 }, (_, i) => {
    const createdAt = new Date(now - (i + 1) * 60_000);
    const content = `Ad placement post number ${i}.`;
    return {
      slug: `ads-${stamp}-${i}`,
      title: `Ads post ${stamp} #${i}`,
      content,
      contentHtml: renderMarkdown(content),
      excerpt: makeExcerpt(content),
      categoryId: category.id,
      authorId: author.id,
      hotScore: hotScore(0, 0, 0, createdAt),
      createdAt,
      updatedAt: createdAt,
    };
  });
  const inserted = await db.insert(posts).values(rows).returning({ id: posts.id });
  await db.update(categories).set({ postCount: rows.length }).where(eq(categories.id, category.id));
  // The post-content maximum is 1 per request (spec §9): that one ad repeats after every third post.
  const ads = await db
    .insert(adSlots)
    .values([
      { location: 'post-content', adType: 'native', title: `Courier van lease ${stamp}`, body: 'From £59 a week.', linkUrl: 'https://vans.example/lease' },
      {
        location: 'forum-header',
        adType: 'custom',
        customHtml: `<p id="creative">Fuel card ${stamp}</p><script>document.body.textContent = 'SCRIPT RAN'; parent.document.title = 'SCRIPT RAN';</script>`,
        height: 60,
      },
      { location: 'forum-sidebar', adType: 'native', title: `Sidebar tyres ${stamp}`, linkUrl: 'https://tyres.example/' },
      { location: 'forum-sidebar', adType: 'native', title: `Mobile only ${stamp}`, linkUrl: 'https://m.example/', deviceTarget: 'mobile' },
    ])
    .returning({ id: adSlots.id });

  try {
    await page.goto(`/forum?category=${category.slug}`);
    const list = page.getByRole('main').getByRole('list').filter({ hasText: `Ads post ${stamp} #0` });
    const items = list.locator(':scope > li');
    await expect(items).toHaveCount(9); // 7 posts + an ad after the 3rd and the 6th (none after the last)
    // The ad slots are in the list at once and fill when their (separately fetched) ad arrives.
    await expect(list.getByText(`Courier van lease ${stamp}`)).toHaveCount(2);
    const texts = await items.allInnerTexts();
    const kinds = texts.map((t) => (t.includes(`Courier van lease ${stamp}`) ? 'ad' : t.includes(`Ads post ${stamp}`) ? 'post' : '?'));
    expect(kinds).toEqual(['post', 'post', 'post', 'ad', 'post', 'post', 'post', 'ad', 'post']);
    const ad = items.nth(3);
    await expect(ad.getByText('Sponsored')).toBeVisible();
    await expect(ad.getByRole('link', { name: /Courier van lease/ })).toHaveAttribute('href', 'https://vans.example/lease');
    await expect(ad.getByRole('link', { name: /Courier van lease/ })).toHaveAttribute('rel', /sponsored/);

    // The header's custom HTML: in a sandboxed frame without scripts or same-origin; its script never runs.
    const header = page.locator('[data-ad-slot="forum-header"]');
    const frame = header.locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    await expect(header.getByText('Advertisement')).toBeVisible();
    await expect(page.frameLocator('[data-ad-slot="forum-header"] iframe').locator('#creative')).toHaveText(`Fuel card ${stamp}`);
    await expect(page.frameLocator('[data-ad-slot="forum-header"] iframe').getByText('SCRIPT RAN')).toHaveCount(0);
    expect(await page.title()).not.toContain('SCRIPT RAN');

    // Large screen: the sidebar ad for desktops and any device, not the mobile-only one.
    const sidebar = page.getByRole('complementary', { name: 'Forum sidebar' });
    await expect(sidebar.getByText(`Sidebar tyres ${stamp}`)).toBeVisible();
    await expect(sidebar.getByText(`Mobile only ${stamp}`)).toHaveCount(0);

    // A phone: no sidebar, and its ads are not even asked for; the in-content ad still shows.
    const phone = await page.context().newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    const asked: string[] = [];
    phone.on('request', (r) => {
      if (r.url().includes('/api/ads/slots')) asked.push(r.url());
    });
    await phone.goto(`/forum?category=${category.slug}`);
    const phoneItems = phone.getByRole('main').getByRole('list').filter({ hasText: `Ads post ${stamp} #0` }).locator(':scope > li');
    await expect(phoneItems).toHaveCount(9);
    await expect(phoneItems.nth(3).getByText('Sponsored')).toBeVisible();
    await expect(phone.getByText(`Mobile only ${stamp}`)).toHaveCount(0);
    expect(asked.some((u) => u.includes('location=forum-sidebar'))).toBe(false);
    // One request for the repeated in-content ad, for a mobile device.
    expect(asked.filter((u) => u.includes('location=post-content'))).toEqual([expect.stringContaining('device=mobile')]);
    await phone.close();
  } finally {
    await db.delete(adSlots).where(inArray(adSlots.id, ads.map((a) => a.id)));
    await db.delete(posts).where(inArray(posts.id, inserted.map((r) => r.id)));
    await db.delete(categories).where(eq(categories.id, category.id));
  }
});

test("the maintenance banner shows the admin's message on every page, and goes when it is switched off", async ({ page, accounts, db, maintenance }) => {
  const admin = await accounts.createVerified();
  const [{ id: adminId }] = await db.update(users).set({ isAdmin: true }).where(eq(users.email, admin.email)).returning({ id: users.id });
  const on = { maintenanceMode: true, message: 'Upgrading the servers tonight, back by 22:00.' };
  await maintenance.set(adminId, on);
  try {
    for (const path of ['/', '/forum', '/pay-estimator']) {
      await page.goto(path);
      await expect(page.getByRole('status').filter({ hasText: on.message })).toBeVisible();
    }
  } finally {
    const off = { maintenanceMode: false, message: '' };
    await maintenance.set(adminId, off);
  }
  await page.reload();
  await expect(page.getByText(on.message)).toHaveCount(0);
});

test('an admin creates a custom ad with a live sandboxed preview, disables it and deletes it', async ({ page, accounts, db }) => {
  const admin = await accounts.createVerified();
  await db.update(users).set({ isAdmin: true }).where(eq(users.email, admin.email));
  const stamp = Date.now().toString(36);
  try {
    await signIn(page, admin);
    await page.goto('/admin/ads');
    await page.getByRole('button', { name: 'New ad' }).click();
    const form = page.getByRole('region', { name: 'New ad' });

    // The server's rules, checked before sending: a native ad needs an https link.
    await form.getByRole('textbox', { name: 'Title', exact: true }).fill(`Tyres ${stamp}`);
    await form.getByRole('textbox', { name: 'Link', exact: true }).fill('http://tyres.example/');
    await form.getByRole('button', { name: 'Create ad' }).click();
    await expect(form.getByText('The link must be a full https:// address')).toBeVisible();

    await form.getByRole('textbox', { name: 'Name (only admins see it)' }).fill(`Depot ad ${stamp}`);
    await form.getByRole('combobox', { name: 'Location' }).fill('forum-header');
    await form.getByRole('radio', { name: 'Custom HTML' }).check();
    await form.getByRole('textbox', { name: 'HTML', exact: true }).fill(`<p id="creative">Depot parking ${stamp}</p>`);
    const preview = form.getByRole('region', { name: 'Preview' });
    await expect(preview.locator('iframe')).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    await expect(preview.frameLocator('iframe').locator('#creative')).toHaveText(`Depot parking ${stamp}`);
    await form.getByRole('button', { name: 'Create ad' }).click();
    await expect(toastTitled(page, 'Ad created')).toBeVisible();

    const row = page.getByRole('article', { name: `Depot ad ${stamp}` });
    await expect(row.getByText('Custom HTML · position 0 · any device · responsive')).toBeVisible();
    const [stored] = await db.select().from(adSlots).where(eq(adSlots.name, `Depot ad ${stamp}`));
    expect(stored).toMatchObject({ location: 'forum-header', adType: 'custom', isActive: true, customHtml: `<p id="creative">Depot parking ${stamp}</p>` });

    await row.getByRole('switch').click();
    await expect(toastTitled(page, 'Ad disabled')).toBeVisible();
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
    await expect.poll(async () => (await db.select().from(adSlots).where(eq(adSlots.id, stored.id)))[0]?.isActive).toBe(false);

    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this ad?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toastTitled(page, 'Ad deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(await db.select().from(adSlots).where(eq(adSlots.id, stored.id))).toEqual([]);
  } finally {
    await db.delete(adSlots).where(eq(adSlots.name, `Depot ad ${stamp}`));
  }
});
