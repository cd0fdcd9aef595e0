import { expect, isPhone, test } from '../support/fixtures.ts';

const MENU = ['Home', 'Discover', 'Search', 'Profile', 'Library', 'Trending', 'Lists', 'Messages', 'Favorites', 'Settings'];

test.describe('header, menu and bottom bar', () => {
  test('a visitor sees the brand, Sign in and Sign up, and no quick-add button', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header');
    await expect(header.getByRole('link', { name: 'HEARSAY' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Write a review' })).toHaveCount(0);
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
    if (isPhone(page)) await page.goto('/terms');
    else await page.locator('footer').getByRole('link', { name: 'Terms' }).click();
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
