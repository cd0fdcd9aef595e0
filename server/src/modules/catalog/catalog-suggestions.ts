import type { DB } from '../../platform/db/index.ts';
import * as repository from './suggestions.repository.ts';

/** What the catalog offers a new member to start from (the accounts module's onboarding): genres and artists. */
export function createCatalogSuggestions(db: DB) {
  return {
    onboardingGenres: () => repository.onboardingGenres(db),
    genresBySlug: (slugs: readonly string[]) => repository.genresBySlug(db, slugs),
    suggestedArtists: (options: Parameters<typeof repository.suggestedArtists>[1]) => repository.suggestedArtists(db, options),
    countKnownArtists: (artistIds: readonly string[]) => repository.countKnownArtists(db, artistIds),
  };
}
