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

test.describe('a French browser', () => {
  test.use({ locale: 'fr-FR' });

  test("is told why the server refused, in French: the answer's code worded by the page (#65)", async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Nom complet').fill('Claude Refusé');
    await page.getByLabel('E-mail').fill(`refused-${Date.now()}@example.com`);
    await page.getByLabel('Mot de passe', { exact: true }).fill('password123');
    await page.getByLabel('Confirmer le mot de passe').fill('password123');
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/auth/register'));
    await page.getByRole('button', { name: 'Créer un compte' }).click();
    // The server answers a code and its English words; the page says it in the reader's language.
    expect((await (await answer).json()) as unknown).toMatchObject({
      error: { code: 'weak_password', message: expect.stringMatching(/^This password/) },
    });
    await expect(page.getByRole('alert')).toContainText('Ce mot de passe est trop courant.');
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

test('switching through every language: no error, rating words and genres translated, each toast in the new language (#63)', async ({
  page,
}) => {
  test.slow();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  // Every toast shown is recorded as it appears: on a busy machine a toast can come and go (four seconds) before the
  // checks after a switch have passed.
  await page.addInitScript(() => {
    const seen: Element[] = [];
    (window as unknown as { toastsSeen: () => string[] }).toastsSeen = () => seen.splice(0).map((toast) => toast.textContent ?? '');
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (node instanceof Element) seen.push(...[node, ...node.querySelectorAll('*')].filter((e) => e.matches('[data-sonner-toast]')));
    }).observe(document, { childList: true, subtree: true });
  });
  const toastsSeen = () => page.evaluate(() => (window as unknown as { toastsSeen: () => string[] }).toastsSeen());
  await register(page);
  const [album] = (
    (await (await page.request.get('/api/albums?genre=electronic&sort=title&limit=1')).json()) as {
      items: { id: string; slug: string }[];
    }
  ).items;
  expect((await page.request.put(`/api/albums/${album!.id}/rating`, { data: { rating: 9 } })).ok()).toBe(true);
  await page.goto(`/album/${album!.slug}`);
  const slider = page
    .getByRole('region', { name: /Your Rating|Tu valoración|Votre note|Deine Bewertung|あなたの評価/ })
    .getByRole('slider');
  await expect(slider).toHaveAttribute('aria-valuetext', '9.0 – Excellent');
  await toastsSeen();

  for (const [language, rating, genre, saved] of [
    ['fr', '9,0 – Excellent', 'Électronique', 'Enregistré.'],
    ['ja', '9.0 – 秀逸', 'エレクトロニック', '保存しました。'],
    ['de', '9,0 – Hervorragend', 'Elektronik', 'Gespeichert.'],
    ['es', '9,0 – Excelente', 'Electrónica', 'Guardado.'],
    ['en', '9.0 – Excellent', 'Electronic', 'Saved.'],
  ] as const) {
    await page.getByRole('combobox', { name: /^(Language|Idioma|Langue|Sprache|言語)$/ }).selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(slider).toHaveAttribute('aria-valuetext', rating);
    // The album's genre list comes first; the voted genres beside it may name the same genre.
    await expect(page.getByRole('main').getByRole('link', { name: genre, exact: true }).first()).toBeVisible();
    // One toast, in the language just picked: none said before the strings arrived, none left from the language before.
    const toasts: string[] = [];
    await expect
      .poll(async () => {
        toasts.push(...(await toastsSeen()));
        return toasts;
      })
      .toEqual([saved]);
  }
  expect(problems).toEqual([]);
});

test('the API page, rendered on the server, is taken over without a hydration error (#63)', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/api');
  await expect(page.getByText('curl -H "Authorization: Bearer $HEARSAY_TOKEN"').first()).toContainText(new URL(page.url()).origin);
  expect(errors).toEqual([]);
});

test.describe('Japanese on a machine without a Japanese font', () => {
  test.use({ locale: 'ja-JP' });

  test('is drawn with Noto Sans JP, fetched for Japanese pages only (#63)', async ({ page, browser }) => {
    const notoFontFaces = () =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].filter((face) => face.family.includes('Noto Sans JP') && face.status === 'loaded').length;
      });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('アルゴリズムではなく、人を通して音楽に出会う');
    await expect.poll(notoFontFaces).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans JP Variable"', 'アルゴリズム'))).toBe(true);

    const english = await browser.newPage({ locale: 'en-US' });
    const fetched: string[] = [];
    english.on('request', (request) => {
      if (request.url().includes('noto-sans-jp')) fetched.push(request.url());
    });
    await english.goto('/');
    await english.evaluate(() => document.fonts.ready.then(() => undefined));
    expect(fetched, 'an English page fetches no Japanese font').toEqual([]);
    await english.close();
  });
});
