import { describe, expect, it } from 'vitest';
import { notificationEmail, weeklyDigestEmail } from './notification-emails.ts';

describe('notification e-mails', () => {
  it('name the album, or say "an album" in each language’s own grammar when it is gone', () => {
    const album = { title: 'OK Computer', artist: 'Radiohead' };
    expect(notificationEmail('en', 'review_comment', { who: 'Ana', album }).line).toBe(
      'Ana commented on your review of OK Computer by Radiohead.',
    );
    expect(notificationEmail('fr', 'review_comment', { who: 'Ana', album: null }).line).toBe('Ana a commenté votre critique d’un album.');
    expect(notificationEmail('de', 'review_comment', { who: 'Ana', album: null }).line).toBe(
      'Ana hat deine Rezension zu einem Album kommentiert.',
    );
    expect(notificationEmail('en', 'recommendation', { who: 'Ana', album: null }).subject).toBe('Ana reviewed an album');
    expect(notificationEmail('ja', 'follow', { who: 'Ana', album: null }).subject).toContain('Ana');
  });

  it('count ratings in the digest with the plural the number takes', () => {
    const digest = (ratings: number) =>
      weeklyDigestEmail('en', {
        week: '2026-W49',
        albums: [{ title: 'Kid A', artist: 'Radiohead', ratings, average: 8 }],
        reviews: [],
        stopLink: 'x',
      }).text;
    expect(digest(1)).toContain('• Kid A by Radiohead — 1 rating, average 8.0');
    expect(digest(1234)).toContain('• Kid A by Radiohead — 1,234 ratings, average 8.0');
  });
});
