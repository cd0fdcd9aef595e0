import type { Onboarding, OnboardingUpdate } from '@hearsay/contracts/accounts';
import type { DB } from '../../platform/db/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { slugify } from '../../platform/text.ts';
import * as repository from './accounts.repository.ts';

/** The default onboarding groups of spec §3; database genres not listed join "Other". */
const DEFAULT_GROUPS: { name: string; genres: string[] }[] = [
  { name: 'Rock', genres: ['Alternative', 'Indie', 'Classic', 'Post-Rock'] },
  { name: 'Electronic', genres: ['Electronic', '90s'] },
  { name: 'Hip Hop', genres: ['Hip Hop'] },
  { name: 'Jazz', genres: ['Jazz', 'Bebop', 'Fusion'] },
  { name: 'Other', genres: ['Instrumental', 'New', 'Pop'] },
];

const parseList = (value: string): string[] => {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

export async function getOnboarding(db: DB, userId: string): Promise<Onboarding> {
  const [profile, genres] = await Promise.all([repository.onboardingOf(db, userId), repository.genres(db)]);
  if (!profile) throw notFound('profile_not_found', 'User profile not found');
  const bySlug = new Map(genres.map((genre) => [genre.slug, genre]));
  const listed = new Set<string>();
  const groups = DEFAULT_GROUPS.map((group) => ({
    name: group.name,
    genres: group.genres.map((name) => {
      const slug = slugify(name);
      listed.add(slug);
      return { slug, name: bySlug.get(slug)?.name ?? name };
    }),
  }));
  const other = groups.find((group) => group.name === 'Other')!;
  for (const genre of genres) if (!listed.has(genre.slug)) other.genres.push({ slug: genre.slug, name: genre.name });
  return {
    lastCompletedStep: Number(profile.onboarding_step),
    completed: Boolean(profile.onboarding_completed),
    preferredGenres: parseList(profile.preferred_genres),
    favoriteArtists: parseList(profile.favorite_artists),
    genreGroups: groups,
  };
}

/** Saves one step: the selections it carries, the furthest step reached, and completion. */
export async function saveOnboarding(db: DB, userId: string, update: OnboardingUpdate, now: string): Promise<Onboarding> {
  if (update.preferredGenres) {
    const offered = new Set((await getOnboarding(db, userId)).genreGroups.flatMap((group) => group.genres.map((genre) => genre.slug)));
    if (!update.preferredGenres.every((slug) => offered.has(slug)))
      throw badRequest('unknown_genre', 'Some of the chosen genres do not exist.');
  }
  if (update.favoriteArtists?.length) {
    if ((await repository.countKnownArtists(db, update.favoriteArtists)) !== new Set(update.favoriteArtists).size)
      throw badRequest('unknown_artist', 'Some of the chosen artists do not exist.');
  }
  const current = await repository.onboardingOf(db, userId);
  if (!current) throw notFound('profile_not_found', 'User profile not found');
  await repository.updateProfileFields(
    db,
    userId,
    {
      onboarding_step: Math.max(Number(current.onboarding_step), update.step),
      ...(update.preferredGenres ? { preferred_genres: JSON.stringify([...new Set(update.preferredGenres)]) } : {}),
      ...(update.favoriteArtists ? { favorite_artists: JSON.stringify([...new Set(update.favoriteArtists)]) } : {}),
      ...(update.completed ? { onboarding_completed: 1 } : {}),
    },
    now,
  );
  return getOnboarding(db, userId);
}
