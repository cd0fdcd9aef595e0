import { expect, newPerson, outbox, register, test, usernameOf } from '../support/fixtures.ts';

test.describe('Settings → Account: changing the username and the e-mail address', () => {
  test('a new username moves the profile, and the old address leads there', async ({ page }) => {
    const person = await register(page);
    const old = await usernameOf(page);
    const wanted = `renamed_${Date.now().toString(36)}`;

    await page.goto('/settings');
    await page.getByRole('button', { name: 'Change username' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change your username' });
    await dialog.getByLabel('New username').fill('guest');
    await dialog.getByLabel('Current Password').fill(person.password);
    await dialog.getByRole('button', { name: 'Change username' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('That username is reserved. Please choose another.');

    await dialog.getByLabel('New username').fill(wanted);
    await dialog.getByLabel('Current Password').fill('not my password');
    await dialog.getByRole('button', { name: 'Change username' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Your current password is incorrect.');

    await dialog.getByLabel('Current Password').fill(person.password);
    await dialog.getByRole('button', { name: 'Change username' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Your username is now @${wanted}.`)).toBeVisible();
    await expect(page.getByLabel('Username', { exact: true })).toHaveValue(`@${wanted}`);
    await expect(page.getByText(`Your profile lives at /profile/${wanted}.`)).toBeVisible();

    await page.goto(`/profile/${old}`);
    await expect(page).toHaveURL(new RegExp(`/profile/${wanted}$`));
    await expect(page.getByRole('heading', { level: 1, name: person.name })).toBeVisible();
    await expect(page.getByText(`@${wanted}`).first()).toBeVisible();
  });

  test('a new e-mail address takes effect when the link mailed to it is opened', async ({ page }) => {
    const person = await register(page);
    const next = newPerson().email.replace('listener-', 'moved-');

    await page.goto('/settings');
    await page.getByRole('button', { name: 'Change e-mail address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change your e-mail address' });
    await dialog.getByLabel('New e-mail address').fill(next);
    await dialog.getByLabel('Current Password').fill(person.password);
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await expect(dialog.getByRole('status')).toContainText(`We sent a link to ${next}.`);
    await dialog.getByRole('button', { name: 'Done' }).click();
    // Nothing changes until the link is opened.
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(person.email);

    let link = '';
    await expect
      .poll(() => {
        const mail = outbox().find((message) => message.text.includes(`To: ${next}`));
        link = /https?:\/\/\S+confirm-email\S+/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    const notice = outbox().find((message) => message.text.includes(`To: ${person.email}`) && message.text.includes(next));
    expect(notice?.text).toContain('Subject: A change of your Hearsay e-mail address was requested');

    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('status')).toHaveText(`Your e-mail address is now ${next}.`);
    await page.getByRole('link', { name: 'Back to Settings' }).click();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(next);

    // The link worked once.
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('alert')).toContainText('This link has expired or has already been used.');
  });
});
