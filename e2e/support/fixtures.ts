import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Runs axe-core on the page as it is now and fails on serious or critical violations, listing
 * each rule with the offending elements so the report says what to fix.
 */
export async function expectAccessible(page: Page): Promise<void> {
  // Checked as the page stands, not halfway through a transition: a toast that began to leave while axe read it was
  // measured half-transparent. With reduced motion the app's transitions and its toasts' take no time (index.css, sonner).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await settleAnimations(page);
    await checkWithAxe(page);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}

async function checkWithAxe(page: Page): Promise<void> {
  // Legacy mode runs axe in the page itself. The default runs it frame by frame and then finishes in a blank page of
  // its own, opened for every check: about 2 s a check on a slow machine, against about 1 s. Hearsay's pages have no
  // frames (their content security policy allows none from elsewhere), so both check the same thing.
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode().analyze();
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const report = blocking.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes.map((node) => node.target.join(' ')).join('\n  ')}`,
  );
  expect(report, `accessibility violations on ${page.url()}`).toEqual([]);
}

/**
 * Waits (at most 5 s, for a loaded machine) for finite CSS animations and transitions to end, so that a toast fading in or
 * out is not measured half-transparent and reported as low contrast. A toast starts its transition a
 * frame after it mounts, so it looks again after every wait, two frames later. Spinners loop forever
 * and are left alone.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const deadline = performance.now() + 5000;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (;;) {
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
      const left = deadline - performance.now();
      if (running.length === 0 || left <= 0) return;
      await Promise.race([
        Promise.allSettled(running.map((animation) => animation.finished)),
        new Promise((resolve) => setTimeout(resolve, left)),
      ]);
    }
  });
}

/**
 * Waits until the app has taken over the page: a page the server rendered shows its content (and passes visibility
 * checks) a moment before its controls work.
 */
async function untilReady(page: Page): Promise<void> {
  if ((await page.locator('#root').count()) > 0) await page.locator('html[data-ready]').waitFor({ state: 'attached' });
}

/** Makes a page's `goto` and `reload` wait until the app has taken the page over. */
function waitingForTheApp(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await untilReady(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await untilReady(page);
    return response;
  };
  return page;
}

/**
 * Every test also checks the last page it visited for accessibility. Its pages' `goto` and `reload` wait until the app
 * has taken the page over: the test's own page, and the pages of every browser context the test opens (but those
 * that run no scripts, where nothing takes over).
 */
export const test = base.extend<{ accessibilityCheck: void; appReadyEverywhere: void }>({
  page: async ({ page }, use) => {
    await use(waitingForTheApp(page));
  },
  appReadyEverywhere: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      const newPage = browser.newPage.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        if (options?.javaScriptEnabled !== false) context.on('page', waitingForTheApp);
        return context;
      };
      browser.newPage = async (options) => {
        const page = await newPage(options);
        return options?.javaScriptEnabled === false ? page : waitingForTheApp(page);
      };
      await use();
      browser.newContext = newContext;
      browser.newPage = newPage;
    },
    { auto: true },
  ],
  accessibilityCheck: [
    async ({ page }, use) => {
      await use();
      if (page.url().startsWith('http')) await expectAccessible(page);
    },
    { auto: true },
  ],
});

export { expect };

/** True in the phone project (narrow viewport). */
export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1440) < 768;

/** The e-mails the server has written to its development outbox, newest last. */
export function outbox(): { file: string; text: string }[] {
  const directory = join(tmpdir(), `hearsay-e2e-${process.env.E2E_PORT ?? 3100}`, 'outbox');
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .sort()
    .map((file) => ({ file, text: readFileSync(join(directory, file), 'utf8') }));
}

let people = 0;
/** A unique new person for a test. */
export function newPerson(name = 'Test Listener') {
  people++;
  const stamp = `${Date.now().toString(36)}${people}${Math.random().toString(36).slice(2, 6)}`;
  return { name: `${name} ${stamp}`, email: `listener-${stamp}@example.com`, password: 'Quiet-Library-42!' };
}

/** The username the server gave whoever is signed in on this page. */
export async function usernameOf(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/me')).json()) as { user: { username: string } }).user.username;
}

/** Two signed-in members follow each other (so each may message the other); answers their usernames. */
export async function followEachOther(one: Page, other: Page): Promise<[string, string]> {
  const names: [string, string] = [await usernameOf(one), await usernameOf(other)];
  expect((await one.request.put(`/api/users/${names[1]}/follow`)).ok()).toBe(true);
  expect((await other.request.put(`/api/users/${names[0]}/follow`)).ok()).toBe(true);
  return names;
}

/** Registers through the real form and waits for onboarding. */
export async function register(page: Page, person = newPerson()) {
  await page.goto('/register');
  await page.getByLabel('Full Name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm Password').fill(person.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/onboarding\?from=signup$/);
  return person;
}

/**
 * Signs the page in as the test site's admin (its `ADMIN_EMAILS`): the first test to need them registers them, the
 * others sign in with the same password, so specs that moderate or curate run in any order and in parallel.
 */
export async function signInAsAdmin(page: Page) {
  const admin = { ...newPerson('Moderator'), email: 'moderator@hearsay.test' };
  const signIn = async () => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).not.toHaveURL(/\/login/);
  };
  const known = await page.request.post('/api/auth/sign-in/email', { data: { email: admin.email, password: admin.password } });
  if (known.ok()) {
    await page.goto('/');
    return;
  }
  await page.goto('/register');
  await page.getByLabel('Full Name').fill(admin.name);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByLabel('Confirm Password').fill(admin.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  // Another test may have registered them a moment ago.
  await expect(page.getByRole('alert').or(page.getByRole('heading', { name: 'What kind of music do you like?' }))).toBeVisible();
  if (page.url().includes('/register')) await signIn();
}

/** Walks through onboarding choosing one genre and one artist, and finishes on the home page. */
export async function finishOnboarding(page: Page) {
  await expect(page.getByRole('heading', { name: 'What kind of music do you like?' })).toBeVisible();
  await page.getByRole('button', { name: 'Jazz', exact: true }).first().click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Select some artists you enjoy' })).toBeVisible();
  await page.locator('main ul button').first().click();
  await expect(page.getByText('1 artist selected')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Import your RateYourMusic data' })).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('Profile setup complete!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}
