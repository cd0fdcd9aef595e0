import { expect, finishOnboarding, register, test } from '../support/fixtures.ts';

/**
 * Rating tracks on an album page's tracklist (decision 078): at desktop size and on a 360 px phone (each on its own
 * album of the starter catalog, so the two passes do not count each other's ratings).
 */
test('rate two tracks of an album, change one, take the other back, and find them among the profile’s top tracks', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  if (phone) await page.setViewportSize({ width: 360, height: 780 });
  const [album, first, second] = phone
    ? ['Trans Harmonic Nights', 'This Day', 'White Bench and Black Beach']
    : ["Mother Earth's Plantasia", 'Plantasia', 'Symphony For A Spider Plant'];
  await register(page);
  await finishOnboarding(page);
  const found = (await (await page.request.get(`/api/search?q=${encodeURIComponent(album)}&type=albums`)).json()) as {
    albums: { slug: string; title: string }[];
  };
  const slug = found.albums.find((item) => item.title === album)!.slug;
  await page.goto(`/album/${slug}`);

  // The first track with a click (a tap) on the stars: 8 of 10.
  await page.getByRole('button', { name: `Rate “${first}”` }).click();
  const firstStars = page.getByRole('slider', { name: `Your rating of the track “${first}”` });
  await expect(firstStars).toHaveAttribute('aria-valuetext', 'Select a rating');
  const box = (await firstStars.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.78, box.y + box.height / 2);
  await expect(page.getByText(`Rated “${first}” 8.0`)).toBeVisible();
  const firstButton = page.getByRole('button', { name: `Your rating of “${first}”: 8.0. Change it` });
  await expect(firstButton).toBeVisible();
  const firstRow = page.getByRole('listitem').filter({ has: firstButton });
  await expect(firstRow.getByText('Average 8.0')).toBeVisible();
  await expect(firstRow.getByText('1 rating')).toBeVisible();

  // The second with the keyboard: to the top of the scale and Enter.
  await page.getByRole('button', { name: `Rate “${second}”` }).click();
  const secondStars = page.getByRole('slider', { name: `Your rating of the track “${second}”` });
  await secondStars.focus();
  await page.keyboard.press('End');
  await expect(secondStars).toHaveAttribute('aria-valuetext', '10.0 – Masterpiece');
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Rated “${second}” 10.0`)).toBeVisible();

  // Nothing runs past a phone's width.
  if (phone) {
    const overflow = await page.evaluate(() => {
      const root = document.documentElement;
      const offenders = [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 80)}`);
      return { scrollWidth: root.scrollWidth, offenders };
    });
    expect(overflow.scrollWidth, overflow.offenders.join(', ')).toBeLessThanOrEqual(360);
  }

  // The server-rendered page shows both again.
  await page.reload();
  await expect(page.getByRole('button', { name: `Your rating of “${first}”: 8.0. Change it` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Your rating of “${second}”: 10.0. Change it` })).toBeVisible();

  // The profile's Ratings tab lists them, the best first.
  await page.goto('/profile/me');
  await page.getByRole('tab', { name: 'Ratings' }).click();
  const top = page.getByRole('region', { name: 'Top tracks' });
  await expect(top.getByRole('listitem')).toHaveCount(2);
  await expect(top.getByRole('listitem').first()).toContainText(second);
  await expect(top.getByRole('listitem').first()).toContainText('10.0');
  await expect(top.getByRole('listitem').nth(1)).toContainText(first);

  // Back on the album: the first changed with the keyboard, the second taken back.
  await page.goto(`/album/${slug}`);
  await page.getByRole('button', { name: `Your rating of “${first}”: 8.0. Change it` }).click();
  const again = page.getByRole('slider', { name: `Your rating of the track “${first}”` });
  await again.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Rated “${first}” 7.5`)).toBeVisible();
  await page.getByRole('button', { name: `Your rating of “${second}”: 10.0. Change it` }).click();
  await page.getByRole('button', { name: 'Remove rating' }).last().click();
  await expect(page.getByText(`Rating of “${second}” removed`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Rate “${second}”` })).toBeVisible();
});
