import type { Page } from '@playwright/test';
import { expect, expectAccessible, isPhone, newPerson, test } from '../support/fixtures.ts';

/** Signs a new person up through the API (the page shares its cookies) and answers their name. */
async function signUp(page: Page) {
  const person = newPerson('Header Listener');
  const response = await page.request.post('/api/auth/register', { data: person });
  expect(response.ok(), await response.text()).toBe(true);
  return person.name;
}

const MENU = ['Home', 'Discover', 'Search', 'Profile', 'Library', 'Trending', 'Lists', 'Messages', 'Favorites', 'Settings'];

test.describe('header, menu and bottom bar', () => {
  test('a visitor sees the brand, Sign in and Sign up, and no quick-add button', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header');
    await expect(header.getByRole('link', { name: 'HEARSAY' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Write a review' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
    if (isPhone(page)) {
      await expect(header.getByRole('button', { name: 'Open search' })).toBeVisible();
      await expect(header.getByRole('combobox')).toBeHidden();
    } else {
      await expect(header.getByRole('combobox', { name: 'Search albums, artists, people and lists' })).toBeVisible();
      await expect(header.getByRole('button', { name: 'Open search' })).toBeHidden();
    }
  });

  test('the header search opens the search page and keeps its words there', async ({ page }) => {
    await page.goto('/trending');
    const header = page.locator('header');
    const box = header.getByRole('combobox', { name: 'Search albums, artists, people and lists' });
    if (isPhone(page)) {
      const icon = header.getByRole('button', { name: 'Open search' });
      await icon.click();
      await expect(box).toBeFocused();
      // The field spans the header.
      const [field, bar] = [await header.getByRole('search').boundingBox(), await header.boundingBox()];
      expect(Math.round(field!.width)).toBe(Math.round(bar!.width));
      await page.keyboard.press('Escape');
      await expect(box).toBeHidden();
      await expect(icon).toBeFocused();
      await icon.click();
    } else {
      await page.locator('main h1').first().click();
      await page.keyboard.press('/');
      await expect(box).toBeFocused();
    }
    await box.fill('love');
    await box.press('Enter');
    await expect(page).toHaveURL('/search?q=love');
    await expect(page.getByRole('main').getByRole('searchbox')).toHaveValue('love');
    if (isPhone(page)) await expect(box).toBeHidden();
    else await expect(box).toHaveValue('love');
  });

  test('the header search suggests albums, artists and people as you type, and is driven by the keyboard', async ({ page }) => {
    await page.goto('/trending');
    const header = page.locator('header');
    if (isPhone(page)) await header.getByRole('button', { name: 'Open search' }).click();
    const box = header.getByRole('combobox', { name: 'Search albums, artists, people and lists' });
    await box.fill('radiohead');
    const list = header.getByRole('listbox', { name: 'Suggestions' });
    await expect(list.getByRole('group', { name: 'Artists' }).getByRole('option', { name: /Radiohead/ })).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page);
    await box.press('Escape');
    await expect(list).toBeHidden();
    await box.press('ArrowDown');
    const first = list.getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/album\//);
  });

  test("a member's avatar opens their menu, which goes where it says and signs out", async ({ page }) => {
    const name = await signUp(page);
    await page.goto('/trending');
    const avatar = page.locator('header').getByRole('button', { name: `Account menu for ${name}` });
    await avatar.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Profile', 'Library', 'Messages', 'Settings', 'Sign Out']);
    await menu.getByRole('menuitem', { name: 'Library' }).click();
    await expect(page).toHaveURL(/\/library$/);
    await expect(menu).toBeHidden();
    // From the keyboard: Enter opens it, the arrows move, Enter chooses.
    await avatar.focus();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
    for (const next of ['Library', 'Messages', 'Settings']) {
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: next })).toBeFocused();
    }
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings$/);
    await avatar.click();
    await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByText('You have been signed out.')).toBeVisible();
    await expect(page.locator('header').getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  test('the menu panel lists every destination in order and is 280 px wide', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link')).toHaveText(MENU);
    await expect(panel.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile/me');
    const box = await panel.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(Math.min(280, page.viewportSize()?.width ?? 280));
    await panel.getByRole('link', { name: 'Trending' }).click();
    await expect(page).toHaveURL(/\/trending$/);
    await expect(panel).toBeHidden();
  });

  test('small screens get a bottom bar with the four primary links', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: 'Primary' });
    if (isPhone(page)) {
      await expect(bar).toBeVisible();
      await expect(bar.getByRole('link')).toHaveText(['Home', 'Discover', 'Search', 'Profile']);
    } else {
      await expect(bar).toBeHidden();
    }
  });
});

test.describe('routes', () => {
  const PUBLIC = [
    '/',
    '/discover',
    '/login',
    '/register',
    '/forgot-password',
    '/search',
    '/explore',
    '/trending',
    '/lists',
    '/terms',
    '/privacy',
  ];
  for (const path of PUBLIC) {
    test(`${path} is reachable by a visitor`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('main h1').first()).toBeVisible();
      await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
    });
  }

  for (const path of ['/discover', '/settings', '/library', '/favorites', '/messages', '/profile/me']) {
    test(`${path} sends a visitor to sign in and back`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
    });
  }

  test('an unknown address shows a clear not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('a screen that fails to load shows the router fallback', async ({ page }) => {
    await page.goto('/');
    // A deploy that removed a screen's code while this tab was open: its chunk no longer loads.
    await page.route('**/assets/legal-page-*.js', (route) => route.abort());
    // The page first reloads once into the new release (decision 083); a chunk that still fails then shows the fallback.
    const reloaded = page.waitForEvent('load');
    await page.locator('footer').getByRole('link', { name: 'Terms' }).click();
    await reloaded;
    await expect(page.locator('html[data-ready]')).toBeAttached();
    await page.locator('footer').getByRole('link', { name: 'Terms' }).click();
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  });
});

test.describe('content security policy', () => {
  test('no page of the app breaks its own policy', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(
          `Content Security Policy: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        );
      });
    });
    for (const path of [
      '/',
      '/trending',
      '/search?q=love',
      '/explore',
      '/login',
      '/register',
      '/album/pink-floyd-the-dark-side-of-the-moon',
    ]) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
  });
});
