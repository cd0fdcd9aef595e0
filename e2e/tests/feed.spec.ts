import { expect, expectAccessible, finishOnboarding, register, test } from '../support/fixtures.ts';

const TEXT = 'Patient, warm and strange: the second side opens up a little more with every single listen.';

test('someone you follow rates an album and reviews another: your home feed shows both, and you can like the review', async ({
  page,
  browser,
}) => {
  // Two sign-ups (argon2id), a review typed into the editor and axe twice, on two busy cores.
  test.slow();
  const reader = await register(page);
  await finishOnboarding(page);
  // A new member follows nobody yet: the feed starts with albums to rate and the starter set stands beside it.
  await expect(page.getByRole('region', { name: 'Start here' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Beside your feed' })).toBeVisible();
  expect(reader.name).toBeTruthy();

  const criticContext = await browser.newContext();
  const critic = await criticContext.newPage();
  const criticPerson = await register(critic);
  await finishOnboarding(critic);
  const { username } = ((await (await critic.request.get('/api/me')).json()) as { user: { username: string } }).user;
  const albums = (
    (await (await critic.request.get(`/api/albums?sort=title&limit=2&page=${20 + Math.floor(Math.random() * 100)}`)).json()) as {
      items: { slug: string; title: string }[];
    }
  ).items;
  const [rated, reviewed] = [albums[0]!, albums[1]!];

  await page.goto(`/profile/${username}`);
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();

  await critic.goto(`/album/${rated.slug}`);
  const slider = critic.getByRole('slider', { name: `Your rating of ${rated.title}` });
  await slider.focus();
  await critic.keyboard.press('End');
  await critic.keyboard.press('ArrowLeft');
  await critic.keyboard.press('ArrowLeft');
  await critic.keyboard.press('Enter');
  await expect(critic.getByText('Rated 9.0')).toBeVisible();

  await critic.goto(`/album/${reviewed.slug}`);
  await critic.getByRole('button', { name: 'Write Review' }).click();
  const dialog = critic.getByRole('dialog', { name: 'Write a Review' });
  const stars = dialog.getByRole('slider', { name: `Your rating of ${reviewed.title}` });
  await stars.focus();
  await critic.keyboard.press('End');
  await critic.keyboard.press('Enter');
  await dialog.getByLabel('Review Title').fill('Second side, first light');
  await dialog.getByRole('textbox', { name: 'Your Review' }).click();
  await critic.keyboard.type(TEXT);
  await dialog.getByRole('button', { name: 'Publish Review' }).click();
  await expect(critic.getByText('Your review has been published!')).toBeVisible();
  await criticContext.close();

  await page.goto('/');
  const feed = page.getByRole('region', { name: 'Activity of the people you follow' });
  // Exact names: the two albums are neighbours by title, and one title may begin with the other ("AM", "Amar Es Combatir").
  const review = feed.getByRole('article', { name: `${criticPerson.name}: ${reviewed.title}`, exact: true });
  await expect(review).toContainText(`${criticPerson.name} reviewed an album`);
  await expect(review.getByRole('link', { name: 'Second side, first light' })).toHaveAttribute('href', /^\/review\//);
  const rating = feed.getByRole('article', { name: `${criticPerson.name}: ${rated.title}`, exact: true });
  await expect(rating).toContainText(`${criticPerson.name} rated an album`);
  // Slugs keep the title's own letters (マクロス…); the link's address carries them percent-encoded.
  await expect(rating.getByRole('link', { name: rated.title })).toHaveAttribute('href', `/album/${encodeURIComponent(rated.slug)}`);
  // Newest first: the review was written after the rating.
  await expect(feed.getByRole('article').first()).toHaveAccessibleName(`${criticPerson.name}: ${reviewed.title}`);

  const like = review.getByRole('button', { name: /Like this review/ });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toContainText('1');
  const beside = page.getByRole('complementary', { name: 'Beside your feed' });
  await expect(beside.getByRole('region', { name: 'New reviews from people you follow' })).toContainText('Second side, first light');
  await expectAccessible(page);

  await review.getByRole('link', { name: 'Second side, first light' }).click();
  await expect(page).toHaveURL(/\/review\//);
});
