import type { CDPSession, Page } from '@playwright/test';
import { SIGN_IN_MSG } from '../common/rules/sign-in.ts';
import { totpAt } from '../server/identity/totp.ts';
import { expect, test } from './fixtures.ts';
import { fitsWidth, signIn, signInWith, toastTitled } from './support/ui.ts';

// Passkeys and two-step sign-in (issue 33 part 3) as members meet them, on desktop and on a 390 px phone:
// a member adds a passkey in their settings and signs in with it; another turns on codes from an
// authenticator app, signs in with a recovery code, then with the app's code on a device it remembers.

// WebAuthn refuses an IP address: this spec's app runs at http://localhost:PORT.
test.use({ appHost: 'localhost' });

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;

/** A passkey authenticator in this tab (the DevTools protocol's virtual one), checking its holder at every use. */
async function addAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/** The settings' "Passkeys and two-step sign-in", opened. */
async function openSecurity(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Passkeys and two-step sign-in' }).click();
  const section = page.getByRole('region', { name: 'Passkeys and two-step sign-in' });
  await expect(section.getByRole('heading', { name: 'Two-step sign-in', exact: true })).toBeVisible();
  return section;
}

/** The header's sign-out link as a typed address: the session ends and the landing page's form shows. */
async function signOut(page: Page) {
  await page.goto('/api/logout');
  await expect(page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
}

for (const [name, use] of [
  ['desktop', {}],
  ['a 390 px phone', PHONE],
] as const) {
  test.describe(`passkeys and two-step sign-in on ${name}`, () => {
    test.use(use);

    test('a member adds a passkey, signs in with it, sees when it was last used and removes it', async ({ page, accounts }) => {
      test.setTimeout(60_000);
      const member = await accounts.createVerified();
      await signIn(page, member);
      const { cdp, authenticatorId } = await addAuthenticator(page);

      // Added in the settings: a name and the password, then the device makes it.
      let section = await openSecurity(page);
      await expect(section.getByText('No passkeys yet.')).toBeVisible();
      await section.getByRole('button', { name: 'Add a passkey' }).click();
      const add = page.getByRole('dialog', { name: 'Add a passkey' });
      await add.getByLabel('Passkey name').fill('Van phone');
      await add.getByLabel('Password').fill(member.password);
      expect(await fitsWidth(page)).toBe(true);
      await add.getByRole('button', { name: 'Add passkey' }).click();
      await expect(toastTitled(page, SIGN_IN_MSG.passkeyAdded)).toBeVisible();
      const passkeys = section.getByRole('list', { name: 'Your passkeys' });
      await expect(passkeys.getByRole('listitem')).toHaveCount(1);
      await expect(passkeys.getByText('Van phone')).toBeVisible();
      await expect(passkeys.getByText(/Never used/)).toBeVisible();
      expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);

      // Signed out: once the member touches the page (here, the email field), the form asks the browser
      // for the site's passkeys in the field's autofill, and the virtual authenticator answers at once
      // with its one passkey (a member picking it from the suggestions), so the member is straight back
      // in: both steps, as it checked its holder.
      await page.goto('/api/logout');
      await page.getByRole('main').getByLabel('Email').click();
      await expect(toastTitled(page, 'Login successful')).toBeVisible();
      await expect(page.locator('a[href="/api/logout"]').first()).toBeAttached();

      // A browser without the autofill: the button.
      await page.addInitScript(() => {
        Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: async () => false, configurable: true });
      });
      await signOut(page);
      await page.getByRole('main').getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(toastTitled(page, 'Login successful')).toBeVisible();
      await expect(page.locator('a[href="/api/logout"]').first()).toBeAttached();

      // The settings show it used today; it is removed.
      section = await openSecurity(page);
      await expect(passkeys.getByText(/Last used \d{1,2} \w{3} \d{4}/)).toBeVisible();
      expect(await fitsWidth(page)).toBe(true);
      await passkeys.getByRole('button', { name: 'Remove Van phone' }).click();
      await page.getByRole('dialog', { name: 'Remove this passkey?' }).getByRole('button', { name: 'Remove passkey' }).click();
      await expect(toastTitled(page, SIGN_IN_MSG.passkeyRemoved)).toBeVisible();
      await expect(section.getByText('No passkeys yet.')).toBeVisible();
    });

    test('a member turns on two-step sign-in, signs in with a recovery code, then with the app’s code on a remembered device', async ({ page, accounts }) => {
      test.setTimeout(60_000);
      const member = await accounts.createVerified();
      await signIn(page, member);

      // Turned on: the password, the QR code (its key read here, as an app would), the first code, the recovery codes.
      const section = await openSecurity(page);
      await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
      let dialog = page.getByRole('dialog', { name: 'Turn on two-step sign-in' });
      await dialog.getByLabel('Password').fill(member.password);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
      const secret = (await dialog.getByTestId('two-step-secret').innerText()).replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(await fitsWidth(page)).toBe(true);
      await dialog.getByLabel('Code from your authenticator app').fill(totpAt(secret, Date.now()));
      await dialog.getByRole('button', { name: 'Turn on' }).click();
      dialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
      const listed = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      // Once the server has answered: read too soon, the list is not there yet.
      await expect(listed).toHaveCount(10);
      const codes = await listed.allInnerTexts();
      await expect(dialog.getByRole('button', { name: 'Done' })).toBeDisabled();
      await dialog.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();
      await expect(section.getByText('Two-step sign-in is on')).toBeVisible();
      await expect(section.getByText('10 recovery codes left')).toBeVisible();

      // The password alone is not enough now: a recovery code in place of the app's.
      await signOut(page);
      await signInWith(page, member);
      const main = page.getByRole('main');
      let step = main.getByRole('form', { name: 'Two-step sign-in' });
      await expect(step).toBeVisible();
      expect(await fitsWidth(page)).toBe(true);
      await step.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await step.getByLabel('Recovery code').fill(codes[0].toUpperCase());
      await step.getByRole('button', { name: 'Verify' }).click();
      await expect(toastTitled(page, 'Login successful')).toBeVisible();
      await expect(page.getByRole('region', { name: /notifications/i }).getByText(SIGN_IN_MSG.recoveryUsed(9))).toBeVisible();

      // The app's code (the next step's: the one used to turn it on is spent), this device remembered.
      await signOut(page);
      await signInWith(page, member);
      step = main.getByRole('form', { name: 'Two-step sign-in' });
      await step.getByLabel('Code from your authenticator app').fill(totpAt(secret, Date.now() + 30_000));
      await step.getByRole('checkbox', { name: 'Remember this device for 30 days' }).check();
      await step.getByRole('button', { name: 'Verify' }).click();
      await expect(toastTitled(page, 'Login successful')).toBeVisible();

      // A remembered device: the password signs in, no code asked for.
      await signOut(page);
      await signInWith(page, member);
      await expect(toastTitled(page, 'Login successful')).toBeVisible();
      await expect(main.getByRole('form', { name: 'Two-step sign-in' })).toHaveCount(0);
      const after = await openSecurity(page);
      await expect(after.getByText('9 recovery codes left')).toBeVisible();
      await expect(after.getByText('1 remembered device', { exact: true })).toBeVisible();
    });
  });
}
