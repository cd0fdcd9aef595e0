import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

/**
 * Debian's Chromium, never a downloaded browser: its headless shell (the `chromium-headless-shell` package, built
 * from the same sources) when the machine has it, as Playwright's own headless runs use. The full browser runs
 * headless with its whole window machinery, which costs about twice the CPU a page on a two-core machine
 * (decision 050). These flags keep either quiet on a machine without internet.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // Chromium starts a page's service worker ahead of navigations its links may make. When that hits the outgoing
    // worker while it is stopped for a new release's, the new worker waits up to five minutes (installable-app.spec).
    '--disable-features=SpeculativeServiceWorkerWarmUp',
  ],
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  // Whole journeys (two people, sign-ups with argon2id, several pages) on a two-core machine running two browsers.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app's service worker keeps its files for offline (decision 083): only the spec about it lets it run
    // (installable-app.spec.ts), so every other test sees the network as the server answers.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
      // The layout and accessibility passes set their own screen and do not depend on the database: they run once,
      // in the phone project (SQLite only).
      testIgnore: /screenshots\.spec|phone-layout\.spec|accessibility\.spec|share-target\.spec|phone-app\.spec/,
      // On PostgreSQL the server tests already run every query (search, messages, imports and blocking included); the
      // browser pass there is a smoke run of the journeys that lean hardest on the database through the pages
      // (sign-up and sessions, ratings, the feed, privacy) and the sweep of hostile page addresses (a value the API
      // passes to the database), so the whole CI stays under 40 minutes.
      ...(process.env.TEST_DATABASE_URL ? { testMatch: /(accounts|ratings|feed|privacy|page-addresses)\.spec/ } : {}),
    },
    // The phone pass checks layout, which does not depend on the database: it runs on SQLite only, and only the
    // specs whose pages change shape on a phone (the long account and review journeys run once, at desktop size).
    // The README screenshots likewise.
    ...(process.env.TEST_DATABASE_URL
      ? []
      : [
          {
            name: 'phone',
            use: { ...devices['Pixel 7'], launchOptions: chromium },
            testMatch:
              /(phone-layout|accessibility|shell|landing|installable-app|offline-queue|share-target|phone-app|catalog|collections|discovery|messages|genres|editions|favourite-albums|track-ratings|charts)\.spec/,
            // Which routes answer, and the content security policy, are the same on any screen: desktop checks them.
            grepInvert: /shell\.spec\.ts (routes|content security policy) /,
          },
          { name: 'screenshots', testMatch: /screenshots\.spec/, use: { launchOptions: chromium } },
        ]),
  ],
  // The real server, built web app and a database of its own (SQLite in a temporary directory, or a fresh
  // PostgreSQL database when TEST_DATABASE_URL is set), started for this run and thrown away after it.
  webServer: {
    command: `node support/start-server.ts`,
    url: `${baseURL}/readyz`,
    env: { E2E_PORT: String(port) },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // Told to stop, rather than killed, so support/start-server.ts drops its PostgreSQL database and data directory.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
