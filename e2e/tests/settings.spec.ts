import { TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { expect, newPerson, register, test } from '../support/fixtures.ts';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const signOut = (page: Page) => page.request.post('/api/auth/sign-out', { data: {} });

test.describe('settings', () => {
  test("Account's username hint gives the real address of your profile", async ({ page }) => {
    await register(page);
    const me = (await (await page.request.get('/api/me')).json()).user as { username: string };
    await page.goto('/settings');
    await expect(page.getByText(`Your profile lives at /profile/${me.username}.`)).toBeVisible();
    await expect(page.locator('main')).not.toContainText('{');
  });

  test('two-factor: enrol with the authenticator key, then sign in with a code', async ({ page }) => {
    const person = await register(page);
    await page.goto('/settings?tab=security');
    await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
    await page.getByRole('switch', { name: 'Two-Factor Authentication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
    await dialog.getByLabel('Current Password').fill('not my password');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Your current password is incorrect.');
    await dialog.getByLabel('Current Password').fill(person.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('img', { name: 'QR code to add Hearsay to your authenticator app' })).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
    const secret = (await dialog.getByTestId('totp-secret').textContent())!.trim();
    const app = new TOTP({ secret, digits: 6, period: 30 });
    // Each code works once: enrol with this step's code, sign in with the next step's.
    await dialog.getByLabel('Code from the app').fill(app.generate());
    await dialog.getByRole('button', { name: 'Turn On' }).click();
    await expect(dialog.getByRole('status')).toContainText('Two-factor authentication is on.');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('switch', { name: 'Two-Factor Authentication' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('10 backup codes left')).toBeVisible();

    await signOut(page);
    await signIn(page, person.email, person.password);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid code. Please try again.');
    await page.getByLabel('Authentication code').fill(app.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    // Signed in; this registrant has not finished onboarding, so that is where sign-in goes.
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.locator('header').getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  });

  test('change the password: the old one stops working and other devices are signed out', async ({ page, browser }) => {
    const person = await register(page);
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signIn(other, person.email, person.password);
    await expect(other).toHaveURL(/\/(onboarding)?$/);

    await page.goto('/settings?tab=security');
    await page.getByLabel('Current Password').fill(person.password);
    await page.getByLabel('New Password', { exact: true }).fill('Fresh-Turntable-2026!');
    await page.getByLabel('Confirm New Password').fill('Fresh-Turntable-2026!');
    await expect(page.getByText('Passwords match')).toBeVisible();
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('status')).toHaveText('Your password has been changed.');

    await other.goto('/settings');
    await expect(other).toHaveURL(/\/login\?redirect=%2Fsettings/);
    await otherContext.close();

    await signOut(page);
    await signIn(page, person.email, person.password);
    await expect(page.getByRole('alert')).toHaveText('Failed to sign in. Please check your credentials.');
    await page.getByLabel('Password', { exact: true }).fill('Fresh-Turntable-2026!');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).not.toHaveURL(/\/login/);
  });

  test('sessions: see each device and log out of all other devices', async ({ page, browser }) => {
    const person = await register(page);
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signIn(other, person.email, person.password);
    await expect(other).not.toHaveURL(/\/login/);

    await page.goto('/settings?tab=security');
    const sessions = page.getByRole('region', { name: 'Sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByText('This device')).toBeVisible();
    await sessions.getByRole('button', { name: 'Log out of all other devices' }).click();
    await expect(page.getByText('Logged out of 1 other device.')).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);

    await other.goto('/library');
    await expect(other).toHaveURL(/\/login\?redirect=%2Flibrary/);
    await otherContext.close();
  });

  test('account: name, bio and picture are saved; the theme is saved on the account and set before the page paints', async ({ page }) => {
    const person = await register(page);
    await page.goto('/settings');
    await expect(page.getByRole('tab', { name: 'Account', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Email')).toHaveValue(person.email);
    await page.getByLabel('Display Name').fill('Renamed Listener');
    await page.getByLabel('Bio').fill('Mostly ambient, sometimes loud.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status')).toHaveText('Your changes are saved.');
    await page.reload();
    await expect(page.getByLabel('Display Name')).toHaveValue('Renamed Listener');
    await expect(page.getByLabel('Bio')).toHaveValue('Mostly ambient, sometimes loud.');

    // A 1×1 PNG.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await page
      .getByText('Upload picture')
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('Profile picture updated')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove' })).toBeVisible();

    await page.getByRole('tab', { name: 'Appearance' }).click();
    await expect(page).toHaveURL(/tab=appearance/);
    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByText('Saved.', { exact: true }).first()).toBeVisible();
    // A fresh load arrives dark from the server, before any script runs.
    const shell = await (await page.request.get('/settings')).text();
    expect(shell).toContain('<html lang="en" data-theme="dark">');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
    await page.getByRole('radio', { name: /^System/ }).check();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.+/);
  });

  test('delete the account with the password', async ({ page }) => {
    const person = await register(page);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
    await dialog.getByLabel('Current Password').fill('wrong password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Your current password is incorrect.');
    await dialog.getByLabel('Current Password').fill(person.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Your account has been deleted.')).toBeVisible();
    await expect(page.locator('header').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await signIn(page, person.email, person.password);
    await expect(page.getByRole('alert')).toHaveText('Failed to sign in. Please check your credentials.');
  });

  test('sign-in providers that are not set up are shown as unavailable', async ({ page }) => {
    await register(page, newPerson());
    await page.goto('/settings?tab=connected');
    const spotify = page.getByRole('listitem').filter({ hasText: 'Spotify' });
    await expect(spotify.getByText('Unavailable')).toBeVisible();
    await expect(spotify.getByRole('button')).toHaveCount(0);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: /Continue with/ })).toHaveCount(0);
  });
});
