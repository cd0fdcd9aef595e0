import { expect, isPhone, register, test } from '../support/fixtures.ts';

test.describe('discover', () => {
  test.beforeEach(async ({ page }) => {
    // Discover is for members.
    await register(page);
  });

  test('switches tabs, filters by genre (clicking again clears it) and remembers grid or list', async ({ page }) => {
    await page.goto('/discover');
    await expect(page.getByRole('heading', { level: 1, name: 'Discover' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Trending' })).toHaveAttribute('aria-selected', 'true');
    const albums = page.locator('main a[href^="/album/"]');
    await expect(albums.first()).toBeVisible();

    const jazz = page.getByRole('group', { name: 'Filter by genre' }).getByRole('button', { name: 'Jazz' });
    await jazz.click();
    await expect(jazz).toHaveAttribute('aria-pressed', 'true');
    await jazz.click();
    await expect(jazz).toHaveAttribute('aria-pressed', 'false');

    await page.getByRole('tab', { name: 'Recent' }).click();
    await expect(page.getByRole('tab', { name: 'Recent' })).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('radio', { name: 'List view' }).click();
    await page.reload();
    await expect(page.getByRole('radio', { name: 'List view' })).toHaveAttribute('aria-checked', 'true');
    expect(await page.evaluate(() => localStorage.getItem('albumViewMode'))).toBe('list');
  });

  test('the icon buttons have names and real jobs', async ({ page }) => {
    await page.goto('/discover');
    await expect(page.locator('main a[href^="/album/"]').first()).toBeVisible();
    await page.getByRole('button', { name: 'Surprise me' }).click();
    await expect(page).toHaveURL(/\/album\//);
    await page.goBack();
    await page.getByRole('link', { name: 'Open the charts' }).click();
    await expect(page).toHaveURL(/\/trending$/);
  });
});

test.describe('trending', () => {
  test('shows the chart periods and explains how the chart works', async ({ page }) => {
    await page.goto('/trending');
    await expect(page.getByRole('heading', { level: 1, name: 'Trending' })).toBeVisible();
    for (const period of ['This week', 'This month', 'This year', 'This decade', 'All time']) {
      await expect(page.getByRole('tab', { name: period })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'How this chart works' })).toBeVisible();
    await expect(page.getByText(/WR = v\/\(v\+m\)·R \+ m\/\(v\+m\)·C/)).toBeVisible();
    await page.getByRole('tab', { name: 'All time' }).click();
    await expect(page).toHaveURL(/period=all/);
    await expect(
      page
        .getByText('Nothing has enough ratings in this period yet')
        .or(page.getByRole('img', { name: /^Weighted rating \d/ }))
        .first(),
    ).toBeVisible();
  });
});

test.describe('search', () => {
  test('starts empty, keeps the box and the address in sync, and forgives typos', async ({ page }) => {
    await page.goto('/search');
    await expect(page.getByText('Start typing to search...')).toBeVisible();
    const box = page.getByRole('main').getByRole('searchbox', { name: 'Search' });
    await box.fill('radiohed');
    await expect(page).toHaveURL(/q=radiohed/);
    await page.getByRole('tab', { name: /Artists/ }).click();
    await expect(page.getByRole('link', { name: /Radiohead/ }).first()).toBeVisible();
    await page.getByRole('tab', { name: /Albums/ }).click();
    await expect(page.getByRole('link', { name: /OK Computer/ })).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(box).toHaveValue('');
    await expect(page.getByText('Start typing to search...')).toBeVisible();
  });

  test('tabs show real counts; filters and sort apply; a hopeless query says so', async ({ page }) => {
    await page.goto('/search?q=bjork');
    await expect(page.getByRole('tab', { name: /Artists\s*1/ })).toBeVisible();
    await expect(page.getByRole('tab', { name: /Users\s*0/ })).toBeVisible();
    if (isPhone(page)) {
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByRole('dialog', { name: 'Filters' }).getByLabel('Before 2020').click();
      await page.keyboard.press('Escape');
    } else {
      await page.getByRole('complementary', { name: 'Filters' }).getByLabel('Before 2020').click();
    }
    await expect(page).toHaveURL(/year=before-2020/);
    await page.getByLabel('Sort by').selectOption('recent');
    await expect(page).toHaveURL(/sort=recent/);
    await page.goto('/search?q=zzzzqqqq');
    await expect(page.getByText('No results for “zzzzqqqq”')).toBeVisible();
  });
});
