import { defineConfig, devices } from '@playwright/test';

const ci = Boolean(process.env.CI);

/**
 * Browser tests against the real app (built client + API on a fresh database), one app per worker:
 * see e2e/fixtures.ts. Run `npm run build` first; the fixture refuses to start without a build.
 */
export default defineConfig({
  testDir: 'e2e',
  // Each worker runs its own app, database and SMTP sink; two fit the 2-core machines we run on
  // (CI too: one worker took 21 of CI's minutes; a retry absorbs a slow runner's timing).
  workers: 2,
  fullyParallel: false,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    ...devices['Desktop Chrome'],
    // The service worker precaches the whole build (206 files) in every new browser context and then
    // stands between each page and the app: a fifth of the browser tests' CPU. It is blocked unless a
    // spec asks for it with test.use({ serviceWorkers: 'allow' }): those that test the worker
    // (service-worker, shared-phone, phone-walk) and the forum's main walk (forum.spec), so posting,
    // replying and voting are still seen through it.
    serviceWorkers: 'block',
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium; never `npx playwright install`.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
