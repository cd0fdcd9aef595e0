import { expect, isPhone, register, test } from '../support/fixtures.ts';

/** Charts you can slice (decision 081): choosing a slice, its one address, and opening that address again. */
test.describe('chart slices', () => {
  // On a phone, the narrowest screen people use: the filters wrap and nothing runs off the side.
  test.beforeEach(async ({ page }) => {
    if (isPhone(page)) await page.setViewportSize({ width: 360, height: 780 });
  });
  test.afterEach(async ({ page }) => {
    if (isPhone(page)) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('choosing a slice writes its one address, which opens the same slice and previews it when shared', async ({
    page,
    browser,
    request,
  }) => {
    // Asked in another order and spelling: the address bar is given the slice's one address.
    await page.goto('/trending?genre=rock&period=all&scope=everyone&page=1');
    await expect(page).toHaveURL(/\/trending\?period=all&genre=rock$/);
    await expect(page.getByRole('tab', { name: 'All time', selected: true })).toBeVisible();

    await page.getByLabel('Release decade').selectOption('1990');
    await page.getByLabel('Release type').selectOption('album');
    const permalink = '/trending?period=all&decade=1990&genre=rock&type=album';
    await expect(page).toHaveURL(new RegExp(`${permalink.replace(/[?]/g, '\\?')}$`));
    await expect(page.getByRole('link', { name: 'Link to this chart' })).toHaveAttribute('href', permalink);
    await expect(page.getByTestId('chart-minimum')).toHaveText(/^At least \d+ ratings? to chart$/);
    await expect(page.getByText(/a new account counts for very little/)).toBeVisible();

    // The address opened afresh (someone it was shared with) shows the same slice.
    const other = await browser.newPage();
    await other.goto(permalink);
    await expect(other.getByRole('tab', { name: 'All time', selected: true })).toBeVisible();
    await expect(other.getByLabel('Genre')).toHaveValue('rock');
    await expect(other.getByLabel('Release decade')).toHaveValue('1990');
    await expect(other.getByLabel('Release type')).toHaveValue('album');
    // The countries are named by the browser, in the reader's language, once the page is taken over.
    await expect(other.getByLabel('Artist’s country').locator('option[value="GB"]')).toHaveText('United Kingdom');
    await expect(other).toHaveURL(new RegExp(`${permalink.replace(/[?]/g, '\\?')}$`));
    await other.close();

    // A chat app fetching the address sees a preview naming the slice.
    const html = await (await request.get(permalink)).text();
    expect(html).toContain('<meta property="og:title" content="Top albums · Rock · released in the 1990s, of all time — Hearsay charts">');
    expect(html).toMatch(
      /<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/trending\?period=all&#38;decade=1990&#38;genre=rock&#38;type=album">/,
    );
  });

  test('a member can see the chart of the people they follow, and a visitor is not offered it', async ({ page }) => {
    await page.goto('/trending?scope=following&period=all');
    await expect(page.getByRole('button', { name: 'People I follow' })).toHaveCount(0);
    await register(page);
    await page.goto('/trending?period=all');
    await page.getByRole('button', { name: 'People I follow' }).click();
    await expect(page).toHaveURL(/\/trending\?period=all&scope=following$/);
    await expect(page.getByRole('button', { name: 'People I follow' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Nothing has enough ratings in this period yet')).toBeVisible();
    await expect(page.getByTestId('chart-minimum')).toHaveText('At least 1 rating to chart');
  });
});
