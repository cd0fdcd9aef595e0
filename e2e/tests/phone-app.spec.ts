import type { Page } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPushEndpoint, type PushEndpoint } from '../../server/test/push-endpoint.ts';
import { expect, newPerson, register, test, usernameOf } from '../support/fixtures.ts';

/**
 * Issue 69, the whole app on a phone with its service worker: Chromium finds it installable, the library opens with no
 * network, a rating made offline is sent once the network returns, and a follow reaches the member's device as a push
 * while nothing of the site is open. The parts have their own specs (installable-app, offline-queue, share-target,
 * push-notifications); this is one member's day with all of them at once.
 */

const port = process.env.E2E_PORT ?? '3100';
let pushService: PushEndpoint;

test.use({ serviceWorkers: 'allow' });

test.beforeAll(async () => {
  const tls = join(tmpdir(), `hearsay-e2e-${port}`, 'push-tls');
  pushService = await startPushEndpoint({ certificate: join(tls, 'cert.pem'), key: join(tls, 'key.pem') });
});
test.afterAll(async () => {
  await pushService.close();
});

async function untilControlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

async function albumAt(page: Page, index: number) {
  const answer = await page.request.get(`/api/albums?sort=title&limit=1&page=${index}`);
  return ((await answer.json()) as { items: { id: string; slug: string; title: string }[] }).items[0]!;
}

test('a member’s phone: installable, the library offline, a rating sent when back online, a follow pushed', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  await register(page, newPerson('Phone Member'));
  const member = await usernameOf(page);
  const rated = await albumAt(page, 31);
  expect((await page.request.put(`/api/albums/${rated.id}/rating`, { data: { rating: 8 } })).ok()).toBe(true);

  // Installable: Chromium's own criteria (manifest, icons, a service worker that answers pages).
  await page.goto('/library');
  await untilControlled(page);
  const cdp = await context.newCDPSession(page);
  await expect
    .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors)
    .toEqual([]);
  await cdp.detach();

  // Through the worker once with the network, then the library with none.
  await page.reload();
  await expect(page.getByText(rated.title).first()).toBeVisible();
  const later = await albumAt(page, 32);
  await page.goto(`/album/${later.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: later.title })).toBeVisible();

  await context.setOffline(true);
  await page.goto('/library');
  await expect(page.getByText(rated.title).first()).toBeVisible();
  await expect(page.getByText('You are offline — showing what was saved')).toBeVisible();

  // A rating made offline waits on the phone, then is sent once the network returns.
  await page.goto(`/album/${later.slug}`);
  const slider = page.getByRole('slider', { name: `Your rating of ${later.title}` });
  await slider.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Waiting to send' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'Waiting to send' })).toBeHidden();
  const ratings = async () =>
    ((await (await page.request.get('/api/me/ratings')).json()) as { items: { album: { slug: string }; rating: number }[] }).items;
  await expect.poll(async () => (await ratings()).find((rating) => rating.album.slug === later.slug)?.rating).toBe(10);
  expect(await ratings()).toHaveLength(2);

  // Push on for this member, with a device at the push service stand-in; then the site is closed.
  expect((await page.request.patch('/api/me/settings', { data: { notifications: { push: true } } })).ok()).toBe(true);
  const device = pushService.newDevice();
  expect((await page.request.post('/api/push/subscriptions', { data: device.subscription })).status()).toBe(200);
  await page.goto('about:blank');

  const fanContext = await browser.newContext();
  const fanPage = await fanContext.newPage();
  const fan = await register(fanPage, newPerson('Phone Fan'));
  expect((await fanPage.request.put(`/api/users/${member}/follow`)).ok()).toBe(true);
  await expect
    .poll(() => pushService.pushesTo(device), { timeout: 20_000 })
    .toEqual([expect.objectContaining({ title: 'New follower', body: `${fan.name} started following you.` })]);
  await fanContext.close();
});
