import { describe, expect, it } from 'vitest';
import { changesWhoIsSignedIn, MEMBER_READS, PAGES_NOT_KEPT } from './caching-rules.ts';

describe("what the service worker keeps of a member's", () => {
  it('keeps their library, journal and own ratings, not other people’s or other things about them', () => {
    for (const path of ['/api/me', '/api/me/ratings', '/api/me/journal', '/api/me/journal/months', '/api/me/owned']) {
      expect(MEMBER_READS.test(path), path).toBe(true);
    }
    for (const path of ['/api/me/tokens', '/api/me/exports/1/download', '/api/users/someone/ratings', '/api/me/sessions']) {
      expect(MEMBER_READS.test(path), path).toBe(false);
    }
  });

  it('forgets them when who is signed in may change', () => {
    expect(changesWhoIsSignedIn('POST', 'cors', '/api/auth/sign-out')).toBe(true);
    expect(changesWhoIsSignedIn('POST', 'cors', '/api/auth/sign-in')).toBe(true);
    expect(changesWhoIsSignedIn('DELETE', 'cors', '/api/me')).toBe(true);
    expect(changesWhoIsSignedIn('GET', 'navigate', '/api/auth/callback/github')).toBe(true);
    expect(changesWhoIsSignedIn('GET', 'cors', '/api/me')).toBe(false);
    expect(changesWhoIsSignedIn('PUT', 'cors', '/api/albums/x/rating')).toBe(false);
  });

  it('keeps the app’s pages, not the API, files or sign-in callbacks', () => {
    const kept = (path: string) => !PAGES_NOT_KEPT.some((pattern) => pattern.test(path));
    expect(kept('/library')).toBe(true);
    expect(kept('/album/the-kinks-arthur')).toBe(true);
    for (const path of ['/api', '/api/docs', '/auth/callback', '/covers/a.webp', '/sitemap.xml']) expect(kept(path), path).toBe(false);
  });
});
