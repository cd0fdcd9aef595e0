import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { capturedLogs } from '../../../test/logs.ts';
import { loggedUrl } from './logged-url.ts';

let t: TestApp;
const { lines, logger } = capturedLogs();

beforeAll(async () => {
  t = await createTestApp({ logger: logger('info') });
});
afterAll(() => t.close());

describe('the request log', () => {
  it('keeps the address of every request but never the secret of a mailed link or a provider’s callback', async () => {
    const secrets = ['R3setSecretValue', 'Conf1rmTokenValue', 'Unsub5cribeToken', 'Auth0CodeValue', 'St4teValue'];
    const addresses = [
      `/reset-password?userId=u1&secret=${secrets[0]}`,
      `/settings/confirm-email?token=${secrets[1]}`,
      `/api/notifications/unsubscribe?token=${secrets[2]}`,
      `/api/auth/callback/oidc?code=${secrets[3]}&state=${secrets[4]}`,
      // Spelled another way, the router reads the same name.
      `/reset-password?userId=u1&%73ecret=${secrets[0]}&SECRET=${secrets[0]}`,
    ];
    lines.length = 0;
    for (const url of addresses) await t.inject({ method: 'GET', url });
    const logged = lines.join('');
    for (const path of [
      '/reset-password?userId=u1&secret=[redacted]',
      '/settings/confirm-email?token=[redacted]',
      '/api/auth/callback/oidc',
    ]) {
      expect(logged).toContain(path);
    }
    for (const secret of secrets) expect(logged).not.toContain(secret);
  });

  it('leaves addresses without secrets as they are', () => {
    expect(loggedUrl('/search?q=token&type=albums')).toBe('/search?q=token&type=albums');
    expect(loggedUrl('/album/kind-of-blue')).toBe('/album/kind-of-blue');
    expect(loggedUrl('/x?token')).toBe('/x?token');
    expect(loggedUrl('/x?%E0%A4%A=1&token=a')).toBe('/x?%E0%A4%A=1&token=[redacted]');
  });
});
