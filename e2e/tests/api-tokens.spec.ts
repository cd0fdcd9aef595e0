import { expect, register, test } from '../support/fixtures.ts';

test.describe('Personal access tokens', () => {
  test('create a token in Settings → Security, call the API with it, revoke it and see it refused', async ({ page, request, context }) => {
    const person = await register(page);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/settings?tab=security');
    const section = page.getByRole('region', { name: 'Access tokens' });
    await expect(section.getByText('You have no access tokens.')).toBeVisible();

    await section.getByRole('button', { name: 'Create token' }).click();
    const create = page.getByRole('dialog', { name: 'Create an access token' });
    await create.getByLabel('Name').fill('Rating script');
    await create.getByRole('checkbox', { name: /Write/ }).check();
    await expect(create.getByLabel('Expires')).toHaveValue('90d');
    // A session alone does not make a token: the password is asked for, and a wrong one makes nothing.
    await create.getByLabel('Current Password').fill('Not-The-Password-1');
    await create.getByRole('button', { name: 'Create token' }).click();
    await expect(create.getByText('Your current password is incorrect.')).toBeVisible();
    await create.getByLabel('Current Password').fill(person.password);
    await create.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new token' });
    await expect(shown.getByText("Copy it now: you won't see it again.", { exact: false })).toBeVisible();
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Token copied')).toBeVisible();
    const token = await page.evaluate(() => navigator.clipboard.readText());
    expect(token).toMatch(/^hsy_[A-Za-z0-9_-]{43}$/);
    await expect(shown.getByLabel('Token')).toHaveValue(token);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();

    const row = section.getByRole('listitem').filter({ hasText: 'Rating script' });
    await expect(row).toContainText(`hsy_${token.slice(4, 12)}…`);
    await expect(row).toContainText('Never used');
    await expect(row).not.toContainText(token);

    // The token acts as its owner; this request context has no cookies at all.
    const headers = { authorization: `Bearer ${token}` };
    const me = await request.get('/api/me', { headers });
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(person.email);
    expect(me.headers()['ratelimit-limit']).toBeTruthy();
    const albums = (await (await request.get('/api/albums?sort=title&limit=1', { headers })).json()) as { items: { id: string }[] };
    const rated = await request.put(`/api/albums/${albums.items[0]!.id}/rating`, { headers, data: { rating: 8.5 } });
    expect(rated.status()).toBe(200);
    const mine = (await (await request.get('/api/me/ratings', { headers })).json()) as { items: { rating: number }[] };
    expect(mine.items.map((item) => item.rating)).toEqual([8.5]);
    const minting = await request.post('/api/me/tokens', { headers, data: { name: 'Another', scopes: ['read'] } });
    expect(minting.status()).toBe(403);

    await page.reload();
    await expect(row).toContainText('Last used');
    await row.getByRole('button', { name: 'Revoke Rating script' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke “Rating script”?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Token revoked')).toBeVisible();
    await expect(section.getByText('You have no access tokens.')).toBeVisible();

    const refused = await request.get('/api/me', { headers });
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('token_invalid');
  });

  test('"Log out of all other devices" offers to revoke the tokens, says how many, and does so when ticked', async ({ page, request }) => {
    const person = await register(page);
    await page.goto('/settings?tab=security');
    const tokens = page.getByRole('region', { name: 'Access tokens' });
    const sessions = page.getByRole('region', { name: 'Sessions' });
    await expect(tokens.getByText('You have no access tokens.')).toBeVisible();
    await expect(sessions.getByRole('checkbox')).toHaveCount(0);

    const secrets: string[] = [];
    for (const name of ['Play counter', 'Spreadsheet']) {
      await tokens.getByRole('button', { name: 'Create token' }).click();
      const create = page.getByRole('dialog', { name: 'Create an access token' });
      await create.getByLabel('Name').fill(name);
      await create.getByLabel('Current Password').fill(person.password);
      await create.getByRole('button', { name: 'Create token' }).click();
      const shown = page.getByRole('dialog', { name: 'Your new token' });
      secrets.push(await shown.getByLabel('Token').inputValue());
      await shown.getByRole('button', { name: 'Done' }).click();
    }
    const offer = sessions.getByRole('checkbox', { name: /Also revoke all 2 of your access tokens/ });
    await expect(offer).not.toBeChecked();
    await expect(page.getByRole('region', { name: 'Change Password' }).getByRole('checkbox', { name: /Also revoke all 2/ })).toBeVisible();
    await offer.check();
    await sessions.getByRole('button', { name: 'Log out of all other devices' }).click();
    await expect(page.getByText('2 access tokens revoked.', { exact: false })).toBeVisible();
    await expect(tokens.getByText('You have no access tokens.')).toBeVisible();
    await expect(sessions.getByRole('checkbox')).toHaveCount(0);
    for (const secret of secrets) {
      expect((await request.get('/api/me', { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(401);
    }
  });

  test('the API page is linked from the footer and explains tokens, scopes and limits', async ({ page }) => {
    await page.goto('/');
    await page.locator('footer').getByRole('link', { name: 'API' }).click();
    await expect(page).toHaveURL(/\/api$/);
    await expect(page.getByRole('heading', { level: 1, name: 'The Hearsay API' })).toBeVisible();
    for (const heading of ['Personal access tokens', 'Scopes', 'Rate limits', 'Errors', 'Examples']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByText('Authorization: Bearer $HEARSAY_TOKEN').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'API reference (OpenAPI)' })).toHaveAttribute('href', '/api/docs');
    await page.getByRole('link', { name: 'Create a token' }).click();
    await expect(page).toHaveURL(/\/login/);
  });
});
