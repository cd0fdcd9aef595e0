import { expect, finishOnboarding, register, test, usernameOf } from '../support/fixtures.ts';

test('rate an album, open this year in review from the profile, see the numbers, and share a link with its card', async ({
  page,
  request,
}) => {
  // One sign-up (argon2id), a rating, a listen, two pages and axe on two busy cores.
  test.slow();
  const person = await register(page);
  await finishOnboarding(page);
  const list = (await (await request.get('/api/albums?sort=title&limit=1&page=3151')).json()) as {
    items: { id: string; slug: string; title: string }[];
  };
  const album = list.items[0]!;
  await page.goto(`/album/${album.slug}`);
  const slider = page.getByRole('slider', { name: `Your rating of ${album.title}` });
  await slider.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Rated 10.0')).toBeVisible();
  // Two listens logged in the journal this year.
  for (let listen = 0; listen < 2; listen++) {
    expect((await page.request.post('/api/me/journal', { data: { albumId: album.id } })).ok()).toBe(true);
  }

  const username = await usernameOf(page);
  const year = new Date().getUTCFullYear();
  await page.goto(`/profile/${username}`);
  await page.getByRole('link', { name: 'Your year in review' }).click();
  await expect(page).toHaveURL(`/profile/${username}/year/${year}`);
  await expect(page.getByRole('heading', { level: 1, name: `Your ${year} in music` })).toBeVisible();
  await expect(page.getByRole('link', { name: person.name })).toBeVisible();
  await expect(page.getByTestId('year-rated')).toHaveText('1');
  await expect(page.getByTestId('year-average')).toHaveText('10.0');
  await expect(page.getByTestId('year-listens')).toHaveText('2');
  const topRated = page.getByRole('region', { name: 'Top rated' });
  await expect(topRated.getByRole('link', { name: album.title }).first()).toBeVisible();
  await expect(page.getByText('2 listens')).toBeVisible();

  // A year before joining is not there.
  await page.goto(`/profile/${username}/year/${year - 5}`);
  await expect(page.getByRole('heading', { name: 'No year in review here' })).toBeVisible();

  // The page shared as a link shows the year's card.
  const html = await (await request.get(`/profile/${username}/year/${year}`)).text();
  expect(html).toContain(`<meta property="og:title" content="${person.name}&#39;s ${year} in music — Hearsay">`);
  const image = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1] ?? '';
  expect(image).toMatch(new RegExp(`/api/users/${username}/year/${year}/card\\.png$`));
  const card = await request.get(image);
  expect(card.status()).toBe(200);
  expect(card.headers()['content-type']).toBe('image/png');
  await page.goto(`/profile/${username}/year/${year}`);
  await expect(page.getByTestId('year-rated')).toHaveText('1');
});
