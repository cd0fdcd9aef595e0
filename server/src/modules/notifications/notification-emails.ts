import { translator } from '../../platform/i18n/index.ts';
import { writtenNumber, type Language } from '../../platform/languages.ts';

/** What a notification e-mail is about: a person (a follow) or a review of an album (or "an album" when gone). */
export type EmailedKind = 'follow' | 'review_comment' | 'comment_reply' | 'mention' | 'recommendation';
interface About {
  who: string;
  /** "OK Computer by Radiohead", or null when the album is not known. */
  album: { title: string; artist: string } | null;
}

/** The subject and first line of an e-mail that tells of a notification. */
export function notificationEmail(language: Language, kind: EmailedKind, { who, album }: About): { subject: string; line: string } {
  const t = translator(language, 'emails');
  // An album no longer known reads "an album", in words each language writes whole (`line_unknown`).
  const values = album ? { who, album: t('notification.albumBy', album) } : { who, context: 'unknown' };
  return { subject: t(`notification.${kind}.subject`, values), line: t(`notification.${kind}.line`, values) };
}

/** The lines under every notification e-mail: how to stop this kind, and all e-mail settings. */
export function notificationFooter(language: Language, stopLink: string, settingsLink: string): string {
  return translator(language, 'emails')('notification.footer', { stopLink, settingsLink });
}

export interface DigestContent {
  week: string;
  albums: { title: string; artist: string; ratings: number; average: number }[];
  reviews: { who: string; title: string; artist: string; rating: number; link: string }[];
  stopLink: string;
}

/** The Weekly Digest: the week's top albums and new reviews among the people someone follows. */
export function weeklyDigestEmail(language: Language, digest: DigestContent): { subject: string; text: string } {
  const t = translator(language, 'emails');
  const { week } = digest;
  const albumBy = (title: string, artist: string) => t('notification.albumBy', { title, artist });
  const lines = [
    t('digest.intro', { week }),
    ...(digest.albums.length
      ? [
          '',
          t('digest.topAlbums'),
          ...digest.albums.map((a) =>
            t('digest.album', {
              count: a.ratings,
              album: albumBy(a.title, a.artist),
              ratings: writtenNumber(language, a.ratings),
              average: writtenNumber(language, a.average, 1),
            }),
          ),
        ]
      : []),
    ...(digest.reviews.length
      ? [
          '',
          t('digest.newReviews'),
          ...digest.reviews.map((r) =>
            t('digest.review', { who: r.who, album: albumBy(r.title, r.artist), rating: writtenNumber(language, r.rating), link: r.link }),
          ),
        ]
      : []),
  ];
  return { subject: t('digest.subject', { week }), text: `${lines.join('\n')}\n\n—\n${t('digest.stop', { stopLink: digest.stopLink })}\n` };
}
