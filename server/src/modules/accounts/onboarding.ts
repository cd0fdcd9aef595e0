import type { Onboarding, OnboardingArtist, OnboardingUpdate } from '@hearsay/contracts/accounts';
import { paths } from '@hearsay/contracts/paths';
import { earliestYearOfRule } from '../../db/genre-rules.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { slugify } from '../../platform/text.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { ProfileRows } from '../profiles/profiles.service.ts';

/** Where the onboarding reads and keeps what it shows: the catalog's genres and artists, the person's profile row. */
export interface OnboardingDeps {
  catalog: Pick<CatalogService, 'onboardingGenres' | 'genresBySlug' | 'suggestedArtists' | 'countKnownArtists'>;
  profiles: Pick<ProfileRows, 'ownProfile' | 'updateFields'>;
}

/** The default onboarding groups of spec §3; database genres not listed join "Other". */
const DEFAULT_GROUPS: { name: string; genres: string[] }[] = [
  { name: 'Rock', genres: ['Alternative', 'Indie', 'Classic', 'Post-Rock'] },
  { name: 'Electronic', genres: ['Electronic', '90s'] },
  { name: 'Hip Hop', genres: ['Hip Hop'] },
  { name: 'Jazz', genres: ['Jazz', 'Bebop', 'Fusion'] },
  { name: 'Other', genres: ['Instrumental', 'New', 'Pop'] },
];

/** Artists the second step suggests. */
const SUGGESTED_ARTISTS = 24;

/** Credits that name no one in particular: compilations, unknown and traditional authors (compared in lower case). */
const PLACEHOLDER_ARTISTS = [
  'various artists',
  'various',
  'va',
  'v/a',
  'unknown artist',
  'unknown artists',
  'unknown',
  '[unknown]',
  '[unknown artist]',
  'anonymous',
  'traditional',
  '[traditional]',
  'no artist',
  '[no artist]',
  'n/a',
];

const parseList = (value: string): string[] => {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

export async function getOnboarding(deps: OnboardingDeps, userId: string): Promise<Onboarding> {
  const [profile, genres] = await Promise.all([deps.profiles.ownProfile(userId), deps.catalog.onboardingGenres()]);
  if (!profile) throw notFound('profile_not_found');
  const preferredGenres = parseList(profile.preferred_genres);
  return {
    lastCompletedStep: Number(profile.onboarding_step),
    completed: Boolean(profile.onboarding_completed),
    preferredGenres,
    favoriteArtists: parseList(profile.favorite_artists),
    genreGroups: genreGroups(genres),
    suggestedArtists: await suggestArtists(deps.catalog, preferredGenres),
  };
}

/**
 * The default groups with the catalog's genres: each genre once. A genre named like a group ("Rock") leads that
 * group; any other genre not listed joins "Other".
 */
function genreGroups(genres: readonly { slug: string; name: string }[]): Onboarding['genreGroups'] {
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
  for (const group of groups) {
    const own = bySlug.get(slugify(group.name));
    if (own && !listed.has(own.slug)) {
      group.genres.unshift({ slug: own.slug, name: own.name });
      listed.add(own.slug);
    }
  }
  const names = new Set(groups.flatMap((group) => group.genres.map((genre) => genre.name.toLowerCase())));
  const other = groups.find((group) => group.name === 'Other')!;
  for (const genre of genres) {
    if (listed.has(genre.slug) || names.has(genre.name.toLowerCase())) continue;
    other.genres.push({ slug: genre.slug, name: genre.name });
    listed.add(genre.slug);
    names.add(genre.name.toLowerCase());
  }
  return groups;
}

/** Artists of the chosen genres, most albums first, topped up with the most credited artists of all. */
async function suggestArtists(catalog: OnboardingDeps['catalog'], genreSlugs: readonly string[]): Promise<OnboardingArtist[]> {
  const chosen: { id: string; name: string; albumCount: number }[] = [];
  if (genreSlugs.length > 0) {
    const rows = await catalog.genresBySlug(genreSlugs);
    const currentYear = new Date().getUTCFullYear();
    const fromYears = rows.map((row) => earliestYearOfRule(row.rule, currentYear)).filter((year): year is number => year !== null);
    const genreIds = rows.filter((row) => earliestYearOfRule(row.rule, currentYear) === null).map((row) => row.id);
    chosen.push(
      ...(await catalog.suggestedArtists({
        albums: { genreIds, fromYears },
        excludeNames: PLACEHOLDER_ARTISTS,
        excludeIds: [],
        limit: SUGGESTED_ARTISTS,
      })),
    );
  }
  if (chosen.length < SUGGESTED_ARTISTS) {
    chosen.push(
      ...(await catalog.suggestedArtists({
        excludeNames: PLACEHOLDER_ARTISTS,
        excludeIds: chosen.map((artist) => artist.id),
        limit: SUGGESTED_ARTISTS - chosen.length,
      })),
    );
  }
  return chosen.map((artist) => ({ ...artist, imageUrl: paths.artistImage(artist.id) }));
}

/** Saves one step: the selections it carries, the furthest step reached, and completion. */
export async function saveOnboarding(deps: OnboardingDeps, userId: string, update: OnboardingUpdate, now: string): Promise<Onboarding> {
  if (update.preferredGenres) {
    const offered = new Set(genreGroups(await deps.catalog.onboardingGenres()).flatMap((group) => group.genres.map((genre) => genre.slug)));
    if (!update.preferredGenres.every((slug) => offered.has(slug))) throw badRequest('unknown_genre');
  }
  if (update.favoriteArtists?.length) {
    if ((await deps.catalog.countKnownArtists(update.favoriteArtists)) !== new Set(update.favoriteArtists).size)
      throw badRequest('unknown_artist');
  }
  const current = await deps.profiles.ownProfile(userId);
  if (!current) throw notFound('profile_not_found');
  await deps.profiles.updateFields(
    userId,
    {
      onboarding_step: Math.max(Number(current.onboarding_step), update.step),
      ...(update.preferredGenres ? { preferred_genres: JSON.stringify([...new Set(update.preferredGenres)]) } : {}),
      ...(update.favoriteArtists ? { favorite_artists: JSON.stringify([...new Set(update.favoriteArtists)]) } : {}),
      ...(update.completed ? { onboarding_completed: 1 } : {}),
    },
    now,
  );
  return getOnboarding(deps, userId);
}
