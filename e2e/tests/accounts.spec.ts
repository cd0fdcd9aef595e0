import { expect, finishOnboarding, newPerson, outbox, register, test } from '../support/fixtures.ts';

test.describe('accounts', () => {
  test('register shows the strength meter and match tick, then lands on onboarding signed in', async ({ page }) => {
    const person = newPerson();
    await page.goto('/register');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('abcdefgh');
    await expect(page.getByText('Password strength: Weak')).toBeVisible();
    await password.fill('Abcdefg1');
    await expect(page.getByText('Password strength: Good')).toBeVisible();
    await password.fill(person.password);
    await expect(page.getByText('Password strength: Strong')).toBeVisible();
    await page.getByLabel('Confirm Password').fill('something else');
    await page.getByLabel('Full Name').fill(person.name);
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
    await page.getByLabel('Confirm Password').fill(person.password);
    await expect(page.getByText('Passwords match')).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/onboarding\?from=signup$/);
    await expect(page.locator('header').getByRole('button', { name: 'Write a review' })).toBeVisible();
    await expect(page.locator('header').getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    expect(stored).not.toContain(person.password);
    expect(stored).not.toContain(person.email);
  });

  test('an address can only register once', async ({ page, browser }) => {
    const person = await register(page);
    const other = await browser.newPage();
    await other.goto('/register');
    await other.getByLabel('Full Name').fill('Someone Else');
    await other.getByLabel('Email').fill(person.email);
    await other.getByLabel('Password', { exact: true }).fill(person.password);
    await other.getByLabel('Confirm Password').fill(person.password);
    await other.getByRole('button', { name: 'Create Account' }).click();
    await expect(other.getByRole('alert')).toHaveText('This email is already registered');
    await other.close();
  });

  test('sign out, sign in again, and come back to where you were', async ({ page }) => {
    const person = await register(page);
    await finishOnboarding(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.locator('header').getByRole('link', { name: 'Sign in' })).toBeVisible();

    await page.goto('/settings');
    await expect(page).toHaveURL('/login?redirect=%2Fsettings');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to sign in. Please check your credentials.');
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/settings$/);
  });

  test('forgot password → e-mail → reset → sign in with the new password', async ({ page }) => {
    const person = await register(page);
    await finishOnboarding(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign Out' }).click();
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send recovery email' }).click();
    await expect(page.getByRole('heading', { name: 'Recovery email sent!' })).toBeVisible();
    await expect(page.getByText(/spam/)).toBeVisible();

    let link = '';
    await expect
      .poll(() => {
        const mail = outbox().find((message) => message.text.includes(`To: ${person.email}`));
        link = /https?:\/\/\S+reset-password\S+/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByLabel('New Password', { exact: true }).fill('Brand-New-Secret-77');
    await page.getByLabel('Confirm New Password').fill('Brand-New-Secret-77');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password reset!' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill('Brand-New-Secret-77');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('onboarding: steps, Back, resume after leaving, and the import step checks the file', async ({ page }) => {
    await register(page);
    await expect(page.getByText('Step 1 of 3')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
    await page.getByRole('button', { name: 'Jazz', exact: true }).first().click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await expect(page.getByText('Select at least 3 artists to continue')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search artists' }).fill('radiohed');
    await page.getByRole('button', { name: /Radiohead/ }).click();
    await expect(page.getByText('1 artist selected')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    // Coming back later (a new tab, so without the registration flags) resumes after the last saved step.
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/onboarding');
    await expect(page.getByText('Step 3 of 3')).toBeVisible();
    await page.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByRole('alert')).toHaveText(
      'Please choose a .csv file exported from RateYourMusic, or the .zip of a Hearsay export.',
    );
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'export.csv', mimeType: 'text/csv', buffer: Buffer.from('RYM Album, First Name\n'.repeat(100)) });
    await expect(page.getByText(/export\.csv · 2\.\d KB/)).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByText('Profile setup complete!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a visitor sent to onboarding is asked to sign in first', async ({ page }) => {
    await page.goto('/onboarding');
    await expect(page).toHaveURL('/login?redirect=%2Fonboarding');
    await expect(page.getByText('Please sign in to continue with onboarding')).toBeVisible();
  });

  test('a reset link without its parameters says it is invalid', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid password reset link. Please request a new one.');
  });

  test('a malformed reset link says it is invalid, and one the server refuses says it may have expired', async ({ page }) => {
    await page.goto(`/reset-password?userId=someone&secret=${'x'.repeat(500)}`);
    await expect(page.getByRole('alert')).toHaveText('Invalid password reset link. Please request a new one.');
    await expect(page.getByRole('button', { name: 'Reset Password' })).toBeDisabled();

    await page.goto('/reset-password?userId=someone&secret=not-a-token-we-sent');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByLabel('New Password', { exact: true }).fill('Brand-New-Secret-77');
    await page.getByLabel('Confirm New Password').fill('Brand-New-Secret-77');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to reset password. The link may have expired. Please request a new one.');
  });

  test('"Please fill in all fields" goes away once every field is filled', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
    await page.getByLabel('Email').fill('someone@example.com');
    await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
    await page.getByLabel('Password', { exact: true }).fill('a password');
    await expect(page.getByText('Please fill in all fields')).toHaveCount(0);

    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
    await page.getByLabel('Full Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Quiet-Library-42!');
    await expect(page.getByText('Please fill in all fields')).toHaveCount(0);
  });
});

test.describe('rate limits', () => {
  test('too many wrong passwords for one address lock sign-in on a new device with a clear message; a device that signed in before still gets in', async ({
    page,
    browser,
    request,
  }) => {
    // Hundreds of real password checks (argon2id, 19 MiB each) take longer than a usual test on a two-core machine.
    test.slow();
    const person = await register(page);
    await page.request.post('/api/auth/sign-out', { data: {} });
    // The end-to-end server multiplies every limit by RATE_LIMIT_MULTIPLIER (many tests sign up from one address).
    const limit = 10 * Number(process.env.RATE_LIMIT_MULTIPLIER ?? 50);
    for (let sent = 0; sent < limit; sent += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, limit - sent) }, () =>
          request.post('/api/auth/sign-in', { data: { email: person.email, password: 'wrong password' } }),
        ),
      );
    }
    const newDevice = await browser.newPage();
    await newDevice.goto('/login');
    await newDevice.getByLabel('Email').fill(person.email);
    await newDevice.getByLabel('Password', { exact: true }).fill(person.password);
    await newDevice.getByRole('button', { name: 'Sign In' }).click();
    await expect(newDevice.getByRole('alert')).toHaveText(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    await expect(newDevice).toHaveURL(/\/login/);
    await newDevice.close();

    // The browser that registered keeps its device cookie, so the owner is not locked out by someone else's guesses.
    await page.goto('/login');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).not.toHaveURL(/\/login/);
  });

  test('a provider sign-in that failed ends on a page that says why', async ({ page }) => {
    await page.goto('/auth/callback?error=state_mismatch');
    await expect(page.getByRole('heading', { name: "Sign-in didn't finish" })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('took too long or was started in another browser');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
