import { fileURLToPath } from 'node:url';
import { expect, register, test } from '../support/fixtures.ts';

const fixture = fileURLToPath(new URL('../../server/src/modules/imports/fixtures/rym-12-columns-crlf.csv', import.meta.url));

test('register → onboarding with a RateYourMusic import → home, with the ratings in the library', async ({ page }) => {
  await register(page);
  await page.getByRole('button', { name: 'Jazz', exact: true }).first().click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.locator('main ul button').first().click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Import your RateYourMusic data' })).toBeVisible();

  await page.getByLabel('Choose your RateYourMusic CSV or a Hearsay export (.zip)').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a csv'),
  });
  await expect(page.getByRole('alert')).toContainText(
    'Please choose a .csv file exported from RateYourMusic, or the .zip of a Hearsay export.',
  );

  await page.getByLabel('Choose your RateYourMusic CSV or a Hearsay export (.zip)').setInputFiles(fixture);
  await expect(page.getByText(/^rym-12-columns-crlf\.csv · \d+\.\d KB$/)).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const summary = page.getByRole('region', { name: 'Import summary' });
  // The import runs in the job thread, started on demand: on a busy machine its first step can take a while.
  await expect(summary.getByRole('status')).toHaveText('Import finished: 8 rows read.', { timeout: 30_000 });
  await expect(summary.getByText('Ratings imported')).toBeVisible();
  await summary.getByText('Why 2 rows were skipped').click();
  await expect(summary.getByText('Line 9 (Radiohead – Amnesiac): Rating "12" is not 0 to 10')).toBeVisible();
  // Review texts too short to publish are kept as drafts, each linked to its album.
  await summary.getByText('2 short review texts were kept as drafts').click();
  await expect(summary.getByRole('link', { name: 'Simon & Garfunkel – Bridge Over Troubled Water' })).toBeVisible();

  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('Profile setup complete!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/library');
  await expect(page.getByRole('link', { name: /Abbey Road/ }).first()).toBeVisible();
  await expect(page.getByText('Rated 10.0 on', { exact: false }).first()).toBeVisible();

  // The library's filters and sorts work on the imported ratings.
  await page.getByLabel('Decade').selectOption('1990');
  await expect(page).toHaveURL(/decade=1990/);
  await expect(page.getByText('1 album', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /OK Computer/ })).toBeVisible();
  await page.getByRole('button', { name: 'Reset Filters' }).first().click();
  await page.getByLabel('Your rating', { exact: true }).selectOption('9');
  await expect(page.getByText('3 albums', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Bridge Over Troubled Water/ })).toHaveCount(0);
  await page.getByLabel('Your rating', { exact: true }).selectOption('');
  await page.getByLabel('Sort by').selectOption('rating-asc');
  await expect(page.locator('main a[href^="/album/"]').first()).toContainText('Songs Nobody Has Catalogued');
  await page.getByRole('tab', { name: 'Listen later' }).click();
  await expect(page.getByRole('link', { name: /Kid A/ }).first()).toBeVisible();

  // The album of a short review text offers its draft, and the review form starts from it.
  await page.getByRole('tab', { name: 'Ratings' }).click();
  await page
    .getByRole('link', { name: /Bridge Over Troubled Water/ })
    .first()
    .click();
  await expect(page.getByText('You have a draft review of this album.', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Continue your draft' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Write a Review' });
  await expect(dialog.getByRole('textbox', { name: 'Your Review' })).toContainText('Their "last" album & best.');
});

/** A Hearsay export ("Download my data" of another site) holding one rating, or what `change` makes of it. */
function hearsayJson(change: Record<string, unknown> = {}) {
  return Buffer.from(
    JSON.stringify({
      format: 'hearsay-export',
      version: 1,
      exportedAt: '2026-11-01T12:00:00.000Z',
      site: 'https://elsewhere.example',
      profile: {
        username: 'elsewhere',
        name: 'Someone Elsewhere',
        bio: '',
        email: 'someone@elsewhere.example',
        joinedAt: '2025-01-01T00:00:00.000Z',
        visibility: 'public',
        preferredGenres: [],
      },
      settings: {},
      ratings: [
        {
          album: {
            id: 'elsewhere-1',
            url: 'https://elsewhere.example/album/1',
            title: 'Moved Here',
            artist: 'Travelling Band',
            year: 2003,
            mbid: null,
          },
          rating: 7,
          ratedAt: '2026-01-01T00:00:00.000Z',
        },
      ],
      reviews: [],
      reviewDrafts: [],
      comments: [],
      likes: { reviews: [], collections: [], albums: [] },
      listenLater: [],
      collections: [],
      journal: [],
      follows: { following: [], followers: [] },
      ...change,
    }),
  );
}

test('Settings → Import: a Hearsay export is checked after the upload; a wrong one says what is wrong, a right one imports', async ({
  page,
}) => {
  await register(page);
  await page.goto('/settings?tab=account');
  const input = page.getByLabel('Choose your RateYourMusic CSV or a Hearsay export (.zip)');

  await input.setInputFiles({ name: 'hearsay.json', mimeType: 'application/json', buffer: hearsayJson({ version: 2 }) });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'Import failed' });
  // Read and checked by the import's job, in the job thread started on demand.
  await expect(failed).toContainText('This is not a Hearsay export: version 2 is not one this site reads (it reads version 1).', {
    timeout: 30_000,
  });

  await input.setInputFiles({ name: 'hearsay.json', mimeType: 'application/json', buffer: hearsayJson() });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const summary = page.getByRole('region', { name: 'Import summary' });
  await expect(summary.getByRole('status')).toHaveText('Import finished: 1 item read.', { timeout: 30_000 });
  await page.goto('/library');
  await expect(page.getByRole('link', { name: /Moved Here/ }).first()).toBeVisible();
});
