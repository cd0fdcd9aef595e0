import { writtenNumber, type Language, type Wording } from '../../platform/languages.ts';

/** What a notification e-mail is about: a person (a follow) or a review of an album (or "an album" when gone). */
export type EmailedKind = 'follow' | 'review_comment' | 'comment_reply' | 'mention' | 'recommendation';
interface About {
  who: string;
  /** "OK Computer by Radiohead", or null when the album is not known. */
  album: { title: string; artist: string } | null;
}

interface Words {
  anAlbum: string;
  albumBy: (title: string, artist: string) => string;
  event: Record<EmailedKind, (who: string, about: string) => { subject: string; line: string }>;
  footer: (stop: string, all: string) => string;
  digest: {
    subject: (week: string) => string;
    intro: (week: string) => string;
    topAlbums: string;
    album: (album: string, ratings: string, average: string) => string;
    newReviews: string;
    review: (who: string, album: string, rating: string, link: string) => string;
    stop: (link: string) => string;
  };
}

const WORDS: Wording<Words> = {
  en: {
    anAlbum: 'an album',
    albumBy: (title, artist) => `${title} by ${artist}`,
    event: {
      follow: (who) => ({ subject: `${who} followed you on Hearsay`, line: `${who} started following you.` }),
      review_comment: (who, about) => ({
        subject: `${who} commented on your review`,
        line: `${who} commented on your review of ${about}.`,
      }),
      comment_reply: (who, about) => ({
        subject: `${who} replied to your comment`,
        line: `${who} replied to your comment on a review of ${about}.`,
      }),
      mention: (who, about) => ({ subject: `${who} mentioned you`, line: `${who} mentioned you in a comment on a review of ${about}.` }),
      recommendation: (who, about) => ({
        subject: `${who} reviewed ${about}`,
        line: `${who}, whom you follow, published a review of ${about}.`,
      }),
    },
    footer: (stop, all) => `Stop these e-mails: ${stop}\nAll your e-mail settings: ${all}`,
    digest: {
      subject: (week) => `Your Hearsay week: ${week}`,
      intro: (week) => `Your week on Hearsay (${week}), from the people you follow.`,
      topAlbums: 'Top albums among them:',
      album: (album, ratings, average) => `• ${album} — ${ratings} rating(s), average ${average}`,
      newReviews: 'New reviews:',
      review: (who, album, rating, link) => `• ${who} reviewed ${album} (${rating}/10) ${link}`,
      stop: (link) => `Stop the Weekly Digest: ${link}`,
    },
  },
  es: {
    anAlbum: 'un álbum',
    albumBy: (title, artist) => `${title} de ${artist}`,
    event: {
      follow: (who) => ({ subject: `${who} te sigue en Hearsay`, line: `${who} ha empezado a seguirte.` }),
      review_comment: (who, about) => ({ subject: `${who} ha comentado tu reseña`, line: `${who} ha comentado tu reseña de ${about}.` }),
      comment_reply: (who, about) => ({
        subject: `${who} ha respondido a tu comentario`,
        line: `${who} ha respondido a tu comentario en una reseña de ${about}.`,
      }),
      mention: (who, about) => ({
        subject: `${who} te ha mencionado`,
        line: `${who} te ha mencionado en un comentario de una reseña de ${about}.`,
      }),
      recommendation: (who, about) => ({
        subject: `${who} ha reseñado ${about}`,
        line: `${who}, a quien sigues, ha publicado una reseña de ${about}.`,
      }),
    },
    footer: (stop, all) => `Dejar de recibir estos correos: ${stop}\nTodos tus ajustes de correo: ${all}`,
    digest: {
      subject: (week) => `Tu semana en Hearsay: ${week}`,
      intro: (week) => `Tu semana en Hearsay (${week}), de la mano de las personas que sigues.`,
      topAlbums: 'Los álbumes mejor valorados entre ellas:',
      album: (album, ratings, average) => `• ${album} — ${ratings} valoración(es), media ${average}`,
      newReviews: 'Reseñas nuevas:',
      review: (who, album, rating, link) => `• ${who} ha reseñado ${album} (${rating}/10) ${link}`,
      stop: (link) => `Dejar de recibir el resumen semanal: ${link}`,
    },
  },
  fr: {
    anAlbum: 'un album',
    albumBy: (title, artist) => `${title} de ${artist}`,
    event: {
      follow: (who) => ({ subject: `${who} vous suit sur Hearsay`, line: `${who} a commencé à vous suivre.` }),
      review_comment: (who, about) => ({
        subject: `${who} a commenté votre critique`,
        line: `${who} a commenté votre critique de ${about}.`,
      }),
      comment_reply: (who, about) => ({
        subject: `${who} a répondu à votre commentaire`,
        line: `${who} a répondu à votre commentaire sur une critique de ${about}.`,
      }),
      mention: (who, about) => ({
        subject: `${who} vous a mentionné`,
        line: `${who} vous a mentionné dans un commentaire sur une critique de ${about}.`,
      }),
      recommendation: (who, about) => ({
        subject: `${who} a publié une critique de ${about}`,
        line: `${who}, que vous suivez, a publié une critique de ${about}.`,
      }),
    },
    footer: (stop, all) => `Ne plus recevoir ces e-mails : ${stop}\nTous vos réglages d’e-mail : ${all}`,
    digest: {
      subject: (week) => `Votre semaine sur Hearsay : ${week}`,
      intro: (week) => `Votre semaine sur Hearsay (${week}), par les personnes que vous suivez.`,
      topAlbums: 'Leurs albums les mieux notés :',
      album: (album, ratings, average) => `• ${album} — ${ratings} note(s), moyenne ${average}`,
      newReviews: 'Nouvelles critiques :',
      review: (who, album, rating, link) => `• ${who} a publié une critique de ${album} (${rating}/10) ${link}`,
      stop: (link) => `Ne plus recevoir le résumé hebdomadaire : ${link}`,
    },
  },
  de: {
    anAlbum: 'ein Album',
    albumBy: (title, artist) => `${title} von ${artist}`,
    event: {
      follow: (who) => ({ subject: `${who} folgt dir jetzt auf Hearsay`, line: `${who} folgt dir jetzt.` }),
      review_comment: (who, about) => ({
        subject: `${who} hat deine Rezension kommentiert`,
        line: `${who} hat deine Rezension zu ${about} kommentiert.`,
      }),
      comment_reply: (who, about) => ({
        subject: `${who} hat auf deinen Kommentar geantwortet`,
        line: `${who} hat auf deinen Kommentar zu einer Rezension von ${about} geantwortet.`,
      }),
      mention: (who, about) => ({
        subject: `${who} hat dich erwähnt`,
        line: `${who} hat dich in einem Kommentar zu einer Rezension von ${about} erwähnt.`,
      }),
      recommendation: (who, about) => ({
        subject: `${who} hat ${about} rezensiert`,
        line: `${who}, dem du folgst, hat eine Rezension zu ${about} veröffentlicht.`,
      }),
    },
    footer: (stop, all) => `Diese E-Mails abbestellen: ${stop}\nAlle deine E-Mail-Einstellungen: ${all}`,
    digest: {
      subject: (week) => `Deine Woche auf Hearsay: ${week}`,
      intro: (week) => `Deine Woche auf Hearsay (${week}) – von den Leuten, denen du folgst.`,
      topAlbums: 'Ihre meistbewerteten Alben:',
      album: (album, ratings, average) => `• ${album} – ${ratings} Bewertung(en), Durchschnitt ${average}`,
      newReviews: 'Neue Rezensionen:',
      review: (who, album, rating, link) => `• ${who} hat ${album} rezensiert (${rating}/10) ${link}`,
      stop: (link) => `Wochenrückblick abbestellen: ${link}`,
    },
  },
  ja: {
    anAlbum: 'アルバム',
    albumBy: (title, artist) => `${artist}の『${title}』`,
    event: {
      follow: (who) => ({ subject: `${who}さんがHearsayであなたをフォローしました`, line: `${who}さんがあなたをフォローしました。` }),
      review_comment: (who, about) => ({
        subject: `${who}さんがあなたのレビューにコメントしました`,
        line: `${who}さんが、${about}についてのあなたのレビューにコメントしました。`,
      }),
      comment_reply: (who, about) => ({
        subject: `${who}さんがあなたのコメントに返信しました`,
        line: `${who}さんが、${about}のレビューへのあなたのコメントに返信しました。`,
      }),
      mention: (who, about) => ({
        subject: `${who}さんがあなたをメンションしました`,
        line: `${who}さんが、${about}のレビューへのコメントであなたをメンションしました。`,
      }),
      recommendation: (who, about) => ({
        subject: `${who}さんが${about}をレビューしました`,
        line: `フォロー中の${who}さんが、${about}のレビューを公開しました。`,
      }),
    },
    footer: (stop, all) => `このメールの配信停止：${stop}\nメール設定：${all}`,
    digest: {
      subject: (week) => `Hearsayの1週間：${week}`,
      intro: (week) => `フォロー中の人たちの、Hearsayでの1週間（${week}）です。`,
      topAlbums: '人気のアルバム：',
      album: (album, ratings, average) => `・${album} — 評価${ratings}件、平均${average}`,
      newReviews: '新しいレビュー：',
      review: (who, album, rating, link) => `・${who}さんが${album}をレビュー（${rating}/10）${link}`,
      stop: (link) => `週間ダイジェストの配信停止：${link}`,
    },
  },
};

/** The subject and first line of an e-mail that tells of a notification. */
export function notificationEmail(language: Language, kind: EmailedKind, { who, album }: About) {
  const words = WORDS[language];
  return words.event[kind](who, album ? words.albumBy(album.title, album.artist) : words.anAlbum);
}

/** The lines under every notification e-mail: how to stop this kind, and all e-mail settings. */
export function notificationFooter(language: Language, stopLink: string, settingsLink: string): string {
  return WORDS[language].footer(stopLink, settingsLink);
}

export interface DigestContent {
  week: string;
  albums: { title: string; artist: string; ratings: number; average: number }[];
  reviews: { who: string; title: string; artist: string; rating: number; link: string }[];
  stopLink: string;
}

/** The Weekly Digest: the week's top albums and new reviews among the people someone follows. */
export function weeklyDigestEmail(language: Language, digest: DigestContent): { subject: string; text: string } {
  const words = WORDS[language];
  const { week } = digest;
  const lines = [
    words.digest.intro(week),
    ...(digest.albums.length
      ? [
          '',
          words.digest.topAlbums,
          ...digest.albums.map((a) =>
            words.digest.album(words.albumBy(a.title, a.artist), writtenNumber(language, a.ratings), writtenNumber(language, a.average, 1)),
          ),
        ]
      : []),
    ...(digest.reviews.length
      ? [
          '',
          words.digest.newReviews,
          ...digest.reviews.map((r) =>
            words.digest.review(r.who, words.albumBy(r.title, r.artist), writtenNumber(language, r.rating), r.link),
          ),
        ]
      : []),
  ];
  return { subject: words.digest.subject(week), text: `${lines.join('\n')}\n\n—\n${words.digest.stop(digest.stopLink)}\n` };
}
