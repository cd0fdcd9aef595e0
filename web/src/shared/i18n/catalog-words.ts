import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A genre's name in the reader's language. The catalog names genres in English, and English shows them as named; in
 * another language the browsable ones are translated by their slug (`common:genres.<slug>`), and a finer style (from
 * Discogs or MusicBrainz, any of thousands) keeps its name.
 */
export function useGenreName(): (genre: { slug: string; name: string }) => string {
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en';
  return useCallback((genre) => (english ? genre.name : t(`genres.${genre.slug}`, { defaultValue: genre.name })), [t, english]);
}

/** The word of spec §9 for a rating (half steps take the word below), in the reader's language. */
export function useRatingWord(): (rating: number) => string {
  const { t } = useTranslation();
  return useCallback((rating) => t(`rating.words.${Math.min(10, Math.max(1, Math.floor(rating)))}`), [t]);
}
