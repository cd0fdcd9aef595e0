import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { startPushEndpoint, vapidClaims, type PushEndpoint } from '../../server/test/push-endpoint.ts';
import { expect, newPerson, register, test, usernameOf } from '../support/fixtures.ts';

/**
 * Web Push (decision 084). Chromium here cannot reach a real push service, so the device is the test's: a key pair and
 * an auth secret made as a browser makes them, subscribed through the API, at a push service stand-in on loopback
 * (server/test/push-endpoint.ts) whose certificate the server trusts (e2e/support/start-server.ts). What reaches it is
 * decrypted with the device's private key. The member's site is closed: only their push service hears of the follow.
 */

const port = process.env.E2E_PORT ?? '3100';
const tls = join(tmpdir(), `hearsay-e2e-${port}`, 'push-tls');
let pushService: PushEndpoint;

test.beforeAll(async () => {
  pushService = await startPushEndpoint({ certificate: join(tls, 'cert.pem'), key: join(tls, 'key.pem') });
});
test.afterAll(async () => {
  await pushService.close();
});

test('a follow made in another browser reaches the member’s device as a push, in their words', async ({ page, browser }) => {
  test.slow();
  await register(page, newPerson('Pushed'));
  const member = await usernameOf(page);
  expect((await page.request.patch('/api/me/settings', { data: { notifications: { push: true } } })).ok()).toBe(true);
  const device = pushService.newDevice();
  const subscribed = await page.request.post('/api/push/subscriptions', { data: device.subscription });
  expect(subscribed.status(), await subscribed.text()).toBe(200);
  // Nothing of the member's stays open.
  await page.goto('about:blank');

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const fan = await register(other, newPerson('Fan'));
  const fanUsername = await usernameOf(other);
  expect((await other.request.put(`/api/users/${member}/follow`)).ok()).toBe(true);

  await expect
    .poll(() => pushService.pushesTo(device), { timeout: 20_000 })
    .toEqual([
      {
        title: 'New follower',
        body: `${fan.name} started following you.`,
        url: `/profile/${fanUsername}`,
        tag: expect.stringMatching(/^follow:/),
        badge: 1,
      },
    ]);
  // Signed with the key the site gives browsers to subscribe with.
  const { publicKey } = (await (await page.request.get('/api/push/key')).json()) as { publicKey: string };
  const [push] = pushService.received.filter((received) => received.device === device.id);
  expect(vapidClaims(push!.headers.authorization as string, publicKey).aud).toBe(pushService.url);
  await otherContext.close();
});

test('the push switch says how it stands on this device', async ({ browser }) => {
  // Allowed: whether it can be turned on depends on the site's service worker being there to show pushes.
  const allowedContext = await browser.newContext();
  await allowedContext.grantPermissions(['notifications']);
  const allowed = await allowedContext.newPage();
  await register(allowed, newPerson('Allowed'));
  await allowed.goto('/settings?tab=notifications');
  const allowedSwitch = allowed.getByRole('switch', { name: 'Browser push notifications' });
  const hasWorker = await allowed.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration()));
  await expect(allowedSwitch).toHaveAccessibleDescription(hasWorker ? 'Off for this device.' : 'Not available in this browser.');
  await expect(allowedSwitch).toHaveAttribute('aria-checked', 'false');
  const origin = new URL(allowed.url()).origin;
  await allowedContext.close();

  // Notifications blocked for the site, as the browser's own settings block them: the switch says where to allow them,
  // and cannot be turned on.
  const blockedContext = await browser.newContext();
  const blocked = await blockedContext.newPage();
  await register(blocked, newPerson('Blocked'));
  const pageSession = await blockedContext.newCDPSession(blocked);
  const { targetInfo } = await pageSession.send('Target.getTargetInfo');
  const cdp = await browser.newBrowserCDPSession();
  await cdp.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting: 'denied',
    origin,
    browserContextId: targetInfo.browserContextId,
  });
  await blocked.goto('/settings?tab=notifications');
  const blockedSwitch = blocked.getByRole('switch', { name: 'Browser push notifications' });
  await expect(blockedSwitch).toHaveAccessibleDescription(/^Blocked in the browser settings/);
  await expect(blockedSwitch).toBeDisabled();
  await expect(blockedSwitch).toHaveAttribute('aria-checked', 'false');
  await cdp.detach();
  await blockedContext.close();
});
