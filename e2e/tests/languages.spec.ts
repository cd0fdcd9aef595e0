import { expect, register, test } from '../support/fixtures.ts';

test.describe('a Japanese browser', () => {
  test.use({ locale: 'ja-JP' });

  test('gets Japanese from the first paint, and a visitor can pick another language in the footer', async ({ page }) => {
    const shell = await page.request.get('/', { headers: { 'accept-language': 'ja-JP,ja;q=0.9' } });
    expect(await shell.text()).toContain('<html lang="ja">');

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('アルゴリズムではなく、人を通して音楽に出会う');

    await page.getByRole('combobox', { name: '言語' }).selectOption('de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  });
});

test("a member's language is saved on the account and follows them to a browser that asks for another", async ({ page, browser }) => {
  const person = await register(page);
  // The account takes the language the browser asked for (English here), so e-mails are written in it.
  await expect
    .poll(
      async () => ((await (await page.request.get('/api/me/settings')).json()) as { appearance: { language: string } }).appearance.language,
    )
    .toBe('en');

  await page.goto('/settings?tab=appearance');
  await page.getByRole('radio', { name: 'Deutsch' }).check();
  await expect(page.getByRole('heading', { name: 'Einstellungen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  // Signed in elsewhere, with a Japanese browser: German from the first paint.
  const elsewhere = await browser.newContext({ locale: 'ja-JP' });
  const other = await elsewhere.newPage();
  expect((await other.request.post('/api/auth/sign-in', { data: { email: person.email, password: person.password } })).ok()).toBe(true);
  expect(await (await other.request.get('/settings')).text()).toContain('<html lang="de">');
  await other.goto('/settings?tab=appearance');
  await expect(other.getByRole('heading', { name: 'Einstellungen' })).toBeVisible();
  await expect(other.getByRole('radio', { name: 'Deutsch' })).toBeChecked();
  await elsewhere.close();
});
