import { test as base, expect, type APIResponse, type Page, type Response } from '@playwright/test';
import { eq } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { users } from '../server/db/schema/index.ts';
import { SIGN_UP_MIN_FILL_MS } from '../common/rules/auth.ts';
import { issueSignUpToken } from '../server/modules/auth/index.ts';
import type { MaintenanceService } from '../server/modules/maintenance/index.ts';
import { startApp } from './support/app-server.ts';
import { startSmtpSink, type Mailbox } from './support/smtp-sink.ts';

export type Account = { firstName: string; lastName: string; username: string; email: string; password: string };

type WorkerFixtures = {
  server: { baseURL: string; mailbox: Mailbox; db: Db; maintenance: MaintenanceService; forgetKept(): Promise<void> };
  /**
   * The worker app's host name: `test.use({ appHost: 'localhost' })` in a spec that needs a domain
   * (WebAuthn refuses an IP address); such a spec gets workers of its own.
   */
  appHost: '127.0.0.1' | 'localhost';
};
type TestFixtures = {
  mailbox: Mailbox;
  /** The worker app's database (shared by the worker's tests: clean up what you add). */
  db: Db;
  /** The worker app's maintenance switch. */
  maintenance: MaintenanceService;
  accounts: {
    /** Fresh, unique sign-up details (nothing is sent). */
    details(): Account;
    /** Registers through the API; the account waits for its code (unverified). */
    createUnverified(): Promise<Account>;
    /**
     * Registers and verifies through the API with the code from the mail. The account is at trust level 1
     * (a member who has been around: the specs' fixed texts, sent again by the phone and desktop runs, are
     * not a spam wave); `{ newcomer: true }` leaves it at level 0, as a real sign-up is (issue 28).
     */
    createVerified(opts?: { newcomer?: boolean }): Promise<Account>;
  };
};

let serial = 0;
let testSerial = 0;

/**
 * A server-rendered page shows before its app runs (common/boot.ts); a test that types or
 * clicks at once would act on markup the app has not taken over yet. Every page's goto and reload
 * (in every context of the worker) wait until the app is ready, or known not to come (its code
 * blocked), as a reader's next tap would.
 */
function waitForTheAppAfterNavigation(proto: Page) {
  const settled = (page: Page) =>
    page
      .waitForFunction(
        // A <noscript> parsed into elements: this browser runs no scripts, so there is no app to wait for.
        () => document.documentElement.dataset.app !== undefined || !document.querySelector('script[data-app]') || !!document.querySelector('noscript > *'),
        null,
        { timeout: 15_000, polling: 100 },
      )
      .catch(() => undefined);
  const isPage = (res: Response | null) => !!res?.headers()['content-type']?.startsWith('text/html');
  const goto = proto.goto;
  const reload = proto.reload;
  proto.goto = async function (this: Page, ...args: Parameters<Page['goto']>) {
    const res = await goto.apply(this, args);
    if (isPage(res)) await settled(this);
    return res;
  };
  proto.reload = async function (this: Page, ...args: Parameters<Page['reload']>) {
    const res = await reload.apply(this, args);
    if (isPage(res)) await settled(this);
    return res;
  };
}

export const test = base.extend<TestFixtures, WorkerFixtures & { appReadyAfterNavigation: void }>({
  appReadyAfterNavigation: [
    async ({ browser }, use) => {
      const probe = await browser.newPage();
      waitForTheAppAfterNavigation(Object.getPrototypeOf(probe) as Page);
      await probe.close();
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  // One app, database and SMTP sink per worker process, shared by its tests and stopped with it.
  appHost: ['127.0.0.1', { scope: 'worker', option: true }],
  server: [
    async ({ appHost }, use) => {
      const sink = await startSmtpSink();
      const app = await startApp({ smtpUrl: sink.url, host: appHost }).catch(async (err) => {
        await sink.close();
        throw err;
      });
      await use({ baseURL: app.baseURL, mailbox: sink, db: app.db, maintenance: app.maintenance, forgetKept: app.forgetKept });
      await app.close();
      await sink.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
  // Each test's browser comes from its own address (the app trusts X-Forwarded-For, as behind a
  // proxy), as members do: the per-address sign-in limit (20 a minute) then counts one test's
  // sign-ins, not those of every spec the worker ran in the last minute.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    const n = ++testSerial;
    await use({ 'x-forwarded-for': `10.${200 + (testInfo.workerIndex % 50)}.${(n >> 8) & 255}.${n & 255}` });
  },
  // Every browser starts with the cookie choice made (Essential Only, spec §3 keys), so the consent
  // banner never covers what other specs click; e2e/consent.spec.ts starts from a clean browser.
  storageState: async ({ baseURL }, use) =>
    use({
      cookies: [],
      origins: [
        {
          origin: baseURL ?? '',
          localStorage: [
            { name: 'cookie_consent', value: 'true' },
            { name: 'cookie_preferences', value: JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false }) },
          ],
        },
      ],
    }),
  mailbox: async ({ server }, use) => use(server.mailbox),
  db: async ({ server }, use) => use(server.db),
  maintenance: async ({ server }, use) => use(server.maintenance),
  accounts: async ({ playwright, server }, use, testInfo) => {
    // Its own request context: these sessions never leak into the page's cookies.
    const api = await playwright.request.newContext({ baseURL: server.baseURL });
    const details = (): Account => {
      const id = `${testInfo.workerIndex}${Date.now().toString(36)}${(serial++).toString(36)}`;
      return { firstName: 'Test', lastName: 'Courier', username: `driver_${id}`, email: `driver_${id}@example.com`, password: `Van@Route${id}` };
    };
    // Each fixture account signs up from its own address (the app trusts X-Forwarded-For, as behind a
    // proxy), so a long run of specs on one worker's app never meets the per-IP sign-up ceiling.
    const fromOwnAddress = () => ({ 'x-forwarded-for': `10.${testInfo.workerIndex % 250}.${(serial >> 8) & 255}.${serial & 255}` });
    const createUnverified = async () => {
      const account = details();
      // Read now, before any await: accounts made together (Promise.all) each keep their own address.
      const ownAddress = fromOwnAddress();
      // The register form's timing token as a person's form holds it a few seconds after opening:
      // signed by the app's own signer, backdated (the app runs on the system's clock).
      const formToken = await issueSignUpToken(server.db, new Date(Date.now() - SIGN_UP_MIN_FILL_MS - 5_000));
      await expectOk(await api.post('/api/auth/register', { data: { ...account, formToken }, headers: ownAddress }));
      return account;
    };
    await use({
      details,
      createUnverified,
      createVerified: async (opts: { newcomer?: boolean } = {}) => {
        const account = await createUnverified();
        const { code } = await server.mailbox.waitForMail(account.email);
        expect(code, 'verification mail carries a 6-digit code').toMatch(/^\d{6}$/);
        await expectOk(await api.post('/api/auth/verify-code', { data: { email: account.email, code }, headers: fromOwnAddress() }));
        if (!opts.newcomer) await server.db.update(users).set({ trustLevel: 1 }).where(eq(users.email, account.email));
        return account;
      },
    });
    await api.dispose();
  },
});

export { expect };

async function expectOk(res: APIResponse) {
  if (!res.ok()) throw new Error(`${res.url()} answered ${res.status()}: ${await res.text()}`);
}
