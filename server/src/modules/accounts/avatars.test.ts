import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

let t: TestApp;
let person: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  person = await createUser(t);
});
afterAll(() => t.close());

function upload(bytes: Buffer, type: string, cookie = person.cookie) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'picture');
  return t.inject({ method: 'POST', url: '/api/me/avatar', payload: form, headers: { cookie } });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();

describe('profile pictures', () => {
  it('re-encodes any accepted image as a 256×256 WebP, replaces the old one, and removes it on request', async () => {
    const first = await upload(await png(800, 500), 'image/png');
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl: string = first.json().avatarUrl;
    expect(firstUrl).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    const served = await t.inject({ method: 'GET', url: firstUrl });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 256, height: 256, format: 'webp' });
    expect((await t.inject({ method: 'GET', url: '/api/me', headers: { cookie: person.cookie } })).json().user.avatarUrl).toBe(firstUrl);

    const second = await upload(await png(300, 300), 'image/png');
    expect(second.json().avatarUrl).not.toBe(firstUrl);
    expect((await t.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);

    const removed = await t.inject({ method: 'DELETE', url: '/api/me/avatar', headers: { cookie: person.cookie } });
    expect(removed.json()).toEqual({ avatarUrl: null });
    expect((await t.inject({ method: 'GET', url: second.json().avatarUrl })).statusCode).toBe(404);
  });

  it('refuses what is not a usable image, files over 5 MB, and visitors', async () => {
    const text = await upload(Buffer.from('definitely not an image'), 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toContain('not an image we can use');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    expect((await upload(svg, 'image/svg+xml')).statusCode).toBe(400);
    const huge = await upload(Buffer.alloc(6 * 1024 * 1024, 1), 'image/png');
    expect(huge.statusCode).toBe(413);
    expect((await upload(await png(10, 10), 'image/png', '')).statusCode).toBe(401);
    const noFile = await t.inject({ method: 'POST', url: '/api/me/avatar', payload: {}, headers: { cookie: person.cookie } });
    expect(noFile.statusCode).toBeGreaterThanOrEqual(400);
    expect(noFile.statusCode).toBeLessThan(500);
  });
});
