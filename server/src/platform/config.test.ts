import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'hearsay-config-'));

describe('loadConfig', () => {
  it('works with nothing set: SQLite under the data directory, port 3000', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.databaseUrl).toBe(`sqlite:${join(dir, 'hearsay.db')}`);
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.secureCookies).toBe(false);
    expect(config.coverArt.mode).toBe('remote');
    expect(config.charts).toEqual({ priorWeight: 5, minRatings: 3, countEveryMs: 300_000 });
    expect(config.timelines).toEqual({ size: 800, activeDays: 30, fanOutBatch: 1000 });
  });

  it('accepts PostgreSQL, Redis and SMTP URLs and an https public address', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://hearsay:secret@db:5432/hearsay',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://user:pass@mail:587',
      PUBLIC_URL: 'https://music.example.org/',
      TRUST_PROXY: '2',
    });
    expect(config.databaseUrl).toBe('postgres://hearsay:secret@db:5432/hearsay');
    expect(config.publicUrl).toBe('https://music.example.org');
    expect(config.secureCookies).toBe(true);
    expect(config.mailFrom).toBe('Hearsay <no-reply@music.example.org>');
    expect(config.trustProxy).toBe(2);
  });

  it('stops with a message naming every bad variable', () => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty', DATABASE_URL: 'mysql://x', COVER_ART: 'sometimes', TRUST_PROXY: 'everyone!' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT: must be a number');
    expect(message).toContain('DATABASE_URL: must start with sqlite:');
    expect(message).toContain('COVER_ART: must be remote or off');
    expect(message).toContain('TRUST_PROXY:');
  });

  it('asks MusicBrainz politely: on by default (off in tests), named after the site, never faster than once a second', () => {
    const production = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://music.example.org' });
    expect(production.musicbrainz).toEqual({
      enabled: true,
      baseUrl: 'https://musicbrainz.org',
      contact: 'https://music.example.org',
      minIntervalMs: 1000,
      enrichOnStart: true,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test' }).musicbrainz.enabled).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), MUSICBRAINZ: 'off' }).musicbrainz).toMatchObject({ enabled: false, enrichOnStart: false });
    expect(() => loadConfig({ DATA_DIR: dataDir(), MUSICBRAINZ_MIN_INTERVAL_MS: '200' })).toThrow(
      /musicbrainz\.org allows one request a second/,
    );
    const mirror = loadConfig({ DATA_DIR: dataDir(), MUSICBRAINZ_URL: 'http://mirror.lan:5000/', MUSICBRAINZ_MIN_INTERVAL_MS: '0' });
    expect(mirror.musicbrainz).toMatchObject({ baseUrl: 'http://mirror.lan:5000', minIntervalMs: 0 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), MUSICBRAINZ: 'maybe' })).toThrow(/MUSICBRAINZ: must be on or off/);
  });

  it('federates only when asked, and only from a public https address unless the development flag is set', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).federation).toEqual({ enabled: false, allowPrivate: false, authorizedFetch: false });
    for (const PUBLIC_URL of ['http://music.example.org', 'https://localhost:3000', 'https://192.168.1.20', 'https://hearsay']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), FEDERATION: 'on', PUBLIC_URL }), PUBLIC_URL).toThrow(/FEDERATION: needs PUBLIC_URL/);
    }
    expect(loadConfig({ DATA_DIR: dataDir(), FEDERATION: 'on', PUBLIC_URL: 'https://music.example.org' }).federation.enabled).toBe(true);
    expect(
      loadConfig({ DATA_DIR: dataDir(), FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE: 'true', PUBLIC_URL: 'http://127.0.0.1:3001' })
        .federation,
    ).toEqual({ enabled: true, allowPrivate: true, authorizedFetch: false });
    expect(() => loadConfig({ DATA_DIR: dataDir(), FEDERATION: 'yes' })).toThrow(/FEDERATION: must be on or off/);
  });

  it('keeps answers in memory unless CACHES is off', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).caches).toBe('on');
    expect(loadConfig({ DATA_DIR: dataDir(), CACHES: 'off' }).caches).toBe('off');
    expect(() => loadConfig({ DATA_DIR: dataDir(), CACHES: 'no' })).toThrow(/CACHES: must be on or off/);
  });

  it('generates the auth secret once, keeps it private in the data directory, and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    const second = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first).toHaveLength(43);
    expect(second).toBe(first);
    const file = join(dir, 'secrets.json');
    // Beside it, the VAPID private key push services check the site's pushes with (decision 084).
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ auth: first, vapidPrivateKey: expect.stringMatching(/^[\w-]{43}$/) });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir, AUTH_SECRET: 'x'.repeat(40) }).authSecret).toBe('x'.repeat(40));
    expect(() => loadConfig({ DATA_DIR: dir, AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET: must be at least 32 characters/);
  });
});
