import { createHash } from 'node:crypto';
import type { MemberSettings } from '@hearsay/contracts/settings';
import { YEAR_TOP_ALBUMS, YEAR_TOP_GROUPS, type YearInReview } from '@hearsay/contracts/year-in-review';
import { LRUCache } from 'lru-cache';
import { forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/http/viewer.ts';
import { asVisitor, type HydratedPerson, type Hydrator } from '../../hydration/hydrator.ts';
import type { CoverService } from '../covers/covers.service.ts';
import { readLanguage } from '../../platform/languages.ts';
import { renderDefaultCard, renderYearCard, yearCardSvg, type CardCover, type CardData } from './year-card.ts';
import { presentYear, type YearRows } from './year-in-review.presenter.ts';
import type { JournalService } from '../journal/journal.service.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { RatingsService } from '../ratings/ratings.service.ts';
import type { ReviewsService } from '../reviews/reviews.service.ts';
import type { ListeningStatsService } from '../listens/listens.service.ts';
import { presentAlbumCard } from '../../hydration/albums.presenter.ts';

export interface YearInReviewServiceDeps {
  clock: () => Date;
  /**
   * The person, and whether the viewer (or a visitor) may see their profile; the year's ratings over their albums, and
   * the album rule the others' reads take.
   */
  hydrator: Pick<Hydrator, 'personNamed' | 'rules' | 'albums' | 'yearOfRatings' | 'thingWhere'>;
  /** The year's ratings, listens, reviews and follows, each asked of its owner (decision 066). */
  ratings: Pick<RatingsService, 'ratingsOfPeriod'>;
  journal: Pick<JournalService, 'listensBetween'>;
  reviews: Pick<ReviewsService, 'reviewsBetween'>;
  profiles: Pick<ProfilesService, 'followsBetween'>;
  /** The year's listens from players and imports: listening time, most-played albums and artists. */
  listening: Pick<ListeningStatsService, 'between'>;
  covers: CoverService;
  /** Members' settings (accounts' settings service): whether a person shares their ratings and listens. */
  settings: { read(userId: string): Promise<MemberSettings> };
}

export type YearInReviewService = ReturnType<typeof createYearInReviewService>;

type Person = HydratedPerson;

export interface YearCard {
  png: Buffer;
  etag: string;
  /** The default picture: the profile is not public or keeps its ratings to itself. */
  isDefault: boolean;
}

/**
 * A member's year in review (decision 025). Who may see it is who may see the profile's Ratings tab: blocks either way
 * and unknown people are not found, a profile closed to the viewer is 403 `profile_private` (401 for a visitor), ratings not shared are
 * 403 `ratings_not_shared` (the owner always sees their own). The shared card and link preview look as a visitor
 * would: only public profiles that share their ratings, confirmed albums only.
 */
export function createYearInReviewService(deps: YearInReviewServiceDeps) {
  const { hydrator } = deps;
  const { rules } = hydrator;
  const currentYear = () => deps.clock().getUTCFullYear();
  // Keyed by the card's own content (its SVG and its covers), so an entry is never stale: a change makes a new key.
  const pngCache = new LRUCache<string, Buffer>({ max: 200 });

  async function find(username: string, viewer: Viewer | null): Promise<Person> {
    if (username === 'me' && !viewer) throw unauthorized({ context: 'profile' });
    const name = username === 'me' && viewer ? viewer.username : username.toLowerCase();
    const person = name === 'guest' || name === 'me' ? undefined : await hydrator.personNamed(name, viewer?.id);
    if (!person || !rules.reachable(person)) {
      throw notFound('profile_not_found');
    }
    return person;
  }

  function yearsOf(person: Person) {
    return { firstYear: new Date(person.createdAt).getUTCFullYear(), lastYear: currentYear() };
  }

  function checkYear(person: Person, year: number) {
    const { firstYear, lastYear } = yearsOf(person);
    if (year < firstYear || year > lastYear) {
      const span = firstYear === lastYear ? `${firstYear}` : `${firstYear} to ${lastYear}`;
      throw notFound('year_not_found', { year, name: person.name, span });
    }
  }

  async function gather(person: Person, year: number, viewerId: string | undefined, withListens: boolean): Promise<YearRows> {
    const between = { from: new Date(Date.UTC(year, 0, 1)).toISOString(), to: new Date(Date.UTC(year + 1, 0, 1)).toISOString() };
    // Only albums the viewer may come across count (a visitor: confirmed ones).
    const listed = (album: string) => hydrator.thingWhere.albumListed(viewerId, album);
    const seconds = { from: Date.UTC(year, 0, 1) / 1000, to: Date.UTC(year + 1, 0, 1) / 1000 };
    const [{ counts, topRated }, { topGenres, releaseYears }, listens, reviews, follows, listening] = await Promise.all([
      deps.ratings.ratingsOfPeriod(person.id, between, YEAR_TOP_ALBUMS, listed),
      hydrator.yearOfRatings({ userId: person.id, ...between, viewerId }, YEAR_TOP_GROUPS),
      withListens
        ? deps.journal.listensBetween(person.id, { first: `${year}-01-01`, last: `${year}-12-31` }, YEAR_TOP_GROUPS, listed)
        : Promise.resolve(null),
      deps.reviews.reviewsBetween(person.id, between, listed),
      deps.profiles.followsBetween(person.id, between),
      withListens ? deps.listening.between(person.id, seconds, YEAR_TOP_GROUPS, listed) : Promise.resolve(null),
    ]);
    // One hydration for every album the page shows.
    const albumIds = [
      ...topRated.map((row) => row.album_id),
      ...(listens?.top.map((row) => row.albumId) ?? []),
      ...(listening?.topAlbums.map((row) => row.albumId) ?? []),
    ];
    if (reviews.best) albumIds.push(reviews.best.album_id);
    const albums = await deps.hydrator.albums(albumIds);
    const cards = new Map([...albums].map(([id, album]) => [id, presentAlbumCard(album)]));
    return { counts, topRated, topGenres, releaseYears, listens, reviews, follows, listening, albums: cards };
  }

  async function year(username: string, yearNumber: number, viewer: Viewer | null): Promise<YearInReview> {
    const person = await find(username, viewer);
    checkYear(person, yearNumber);
    const isOwner = person.id === viewer?.id;
    const settings = await deps.settings.read(person.id);
    if (!isOwner) {
      if (!rules.profileOpen(person)) {
        // A visitor is asked to sign in, as on the profile itself.
        if (!viewer) throw unauthorized({ context: 'profile' });
        throw forbidden('profile_private', person.visibility === 'private' ? undefined : { context: 'followers' });
      }
      if (!settings.sharing.ratings) throw forbidden('ratings_not_shared', { name: person.name });
    }
    const rows = await gather(person, yearNumber, viewer?.id, isOwner || settings.sharing.listening);
    return presentYear(person, yearNumber, yearsOf(person), isOwner, rows);
  }

  /** The year as a visitor sees it, or null when a visitor may not (not public, ratings not shared). */
  async function shared(username: string, yearNumber: number, viewer: Viewer | null) {
    const person = await find(username, viewer);
    checkYear(person, yearNumber);
    const settings = await deps.settings.read(person.id);
    if (!rules.profileOpen(asVisitor(person)) || !settings.sharing.ratings) return null;
    const summary = presentYear(person, yearNumber, yearsOf(person), false, await gather(person, yearNumber, undefined, false));
    return { ...summary, language: readLanguage(settings.appearance.language) };
  }

  /** The link preview of /profile/{username}/year/{year}: a visitor's view, or nothing (the site's default). */
  async function preview(username: string, yearNumber: number) {
    return shared(username, yearNumber, null);
  }

  async function coverOf(albumId: string): Promise<CardCover | null> {
    try {
      return await deps.covers.albumCover(albumId, 250);
    } catch {
      return null;
    }
  }

  /** The shared card: the year's picture for a public profile that shares its ratings, the default one otherwise. */
  async function card(username: string, yearNumber: number, viewer: Viewer | null): Promise<YearCard> {
    const summary = await shared(username, yearNumber, viewer);
    if (!summary) {
      const png = await renderDefaultCard();
      return { png, etag: `"default-${createHash('sha1').update(png).digest('hex').slice(0, 16)}"`, isDefault: true };
    }
    const top = summary.topRated.slice(0, 4);
    const data: CardData = {
      language: summary.language,
      name: summary.person.name,
      year: summary.year,
      rated: summary.rated,
      averageRating: summary.averageRating,
      albums: top.map((item) => ({ title: item.album.title, artist: item.album.artistCredit })),
    };
    const covers = await Promise.all(top.map((item) => coverOf(item.album.id)));
    const key = createHash('sha1')
      .update(yearCardSvg(data))
      .update(
        JSON.stringify(
          covers.map((cover) => (cover?.kind === 'file' ? `${cover.path}@${cover.lastModified.getTime()}` : (cover?.svg ?? ''))),
        ),
      )
      .digest('hex');
    let png = pngCache.get(key);
    if (!png) {
      png = await renderYearCard(data, covers);
      pngCache.set(key, png);
    }
    return { png, etag: `"${key.slice(0, 24)}"`, isDefault: false };
  }

  return { year, preview, card };
}
