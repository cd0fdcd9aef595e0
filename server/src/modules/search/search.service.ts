import { pageFields } from '@hearsay/contracts/pagination';
import {
  SEARCH_COUNT_LIMIT,
  SUGGESTED_ALBUMS,
  SUGGESTED_ARTISTS,
  SUGGESTED_PEOPLE,
  type SearchQuery,
  type SearchResult,
  type SearchSuggestions,
  type UserCard,
} from '@hearsay/contracts/search';
import type { DB } from '../../platform/db/index.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { RemotePerson } from '@hearsay/contracts/federation';
import { allowedEdits, editDistance, nameTier, queryTokens, rankByName } from './search-text.ts';
import * as repository from './search.repository.ts';
import { memoryCache, type CacheMode } from '../../platform/memory-cache.ts';
import type { Hydrator } from '../../hydration/hydrator.ts';
import { presentUserCard } from '../../hydration/people.presenter.ts';
import { presentAlbumCards } from '../../hydration/albums.presenter.ts';
import { presentListCard } from '../../hydration/lists.presenter.ts';

/** Documents beginning with the words, looked up besides the first matches when a search finds more than it ranks. */
const STARTING_CANDIDATES = 200;
/** Fewer albums and artists together as typed than this, and spelling corrections are looked for ("radiohed" → Radiohead). */
const FEW_MATCHES = 5;
/** Spelling corrections kept per word, the closest first. */
const MAX_CORRECTIONS = 20;

export interface SearchServiceDeps {
  db: DB;
  catalog: CatalogService;
  /**
   * The cards of albums, people and collections; people and collections hidden from the viewer are not found
   * (`listable` people: blocks, private profiles; `canSee` owners: blocks, closed profiles).
   */
  hydrator: Pick<Hydrator, 'people' | 'where' | 'albums' | 'shownLists'>;
  /** CACHES: with caches off, every search reads its matches and corrections. */
  caches?: CacheMode;
  /** People of other sites this site knows, by name or handle (the federation module's, when it is on). */
  remotePeople?: (words: readonly string[], viewerId: string | null, limit: number) => Promise<RemotePerson[]>;
}

/** People of other sites shown on the people tab's first page, above the members found. */
const REMOTE_PEOPLE_SHOWN = 12;

export type SearchService = ReturnType<typeof createSearchService>;

/** Up to SEARCH_COUNT_LIMIT ids, best first, and whether there were more. */
type Found = { ids: string[]; more: boolean };

export function createSearchService(deps: SearchServiceDeps) {
  const { db, catalog } = deps;
  // Popular searches repeat; their matches are kept for a few seconds (new catalog rows show up
  // within that time).
  const matches = memoryCache<string, { album: Found; artist: Found }>(deps.caches ?? 'on', { max: 2000, ttl: 10_000 });
  const corrections = memoryCache<string, repository.TokenGroup>(deps.caches ?? 'on', { max: 5000, ttl: 60_000 });
  // Albums added to the catalog (from MusicBrainz, say) are searched for at once by whoever added them.
  catalog.onChange((albumId) => {
    if (albumId !== null) return;
    matches.clear();
    corrections.clear();
  });

  /**
   * Albums and artists, each best first: what matches the words as typed (read with the people and collections, in
   * `first`), and only when the two together find fewer than FEW_MATCHES, what matches their spelling corrections too
   * (the costly part of a search), after them. Words that find albums but name no artist ("ok computer") are taken as
   * spelled right.
   */
  async function catalogMatches(tokens: string[], first: repository.MatchesRead): Promise<{ album: Found; artist: Found }> {
    const album = typedMatches(first.album, tokens);
    const artist = typedMatches(first.artist, tokens);
    if (album.ids.length + artist.ids.length >= FEW_MATCHES) return { album, artist };
    const groups = await tokenGroups(tokens);
    if (!groups.some((group) => group.corrections.length > 0)) return { album, artist };
    const fuzzy = await repository.readMatches(db, { catalog: { groups }, limit: SEARCH_COUNT_LIMIT + 1 });
    const closest = groups.map((group) => group.corrections[0] ?? group.token);
    return { album: withCorrections(album, fuzzy.album.matches, closest), artist: withCorrections(artist, fuzzy.artist.matches, closest) };
  }

  /**
   * Ids of one kind, best first, ranked by how they meet the name (the whole name, its beginning, whole words,
   * prefixes). Past SEARCH_COUNT_LIMIT matches only the first ones are ranked, with those beginning with the words
   * added so the best are never missed.
   */
  function typedMatches(read: repository.DocumentPool, tokens: string[]): Found {
    const more = read.matches.length > SEARCH_COUNT_LIMIT;
    const pool = more ? unique([...read.starting, ...read.matches]) : read.matches;
    const ids = rankByName(pool, tokens)
      .slice(0, SEARCH_COUNT_LIMIT)
      .map((match) => match.refId);
    return { ids, more };
  }

  /** The matches as typed, then those of the words' spelling corrections, ranked as if the closest had been typed. */
  function withCorrections(typed: Found, fuzzy: repository.MatchedDocument[], closest: string[]): Found {
    const seen = new Set(typed.ids);
    const ids = [
      ...typed.ids,
      ...rankByName(fuzzy, closest)
        .map((match) => match.refId)
        .filter((id) => !seen.has(id)),
    ];
    return {
      ids: ids.slice(0, SEARCH_COUNT_LIMIT),
      more: typed.more || ids.length > SEARCH_COUNT_LIMIT || fuzzy.length > SEARCH_COUNT_LIMIT,
    };
  }

  /** Each word with the indexed words it may be a typo of ("radiohed" → "radiohead"), the closest first. */
  async function tokenGroups(tokens: string[]): Promise<repository.TokenGroup[]> {
    const groups = new Map<string, repository.TokenGroup>();
    const unknown: { token: string; maxEdits: number }[] = [];
    for (const token of new Set(tokens)) {
      const cached = corrections.get(token);
      const maxEdits = allowedEdits(token);
      if (cached) groups.set(token, cached);
      else if (maxEdits === 0) groups.set(token, { token, corrections: [] });
      else unknown.push({ token, maxEdits });
    }
    const candidates = await repository.correctionCandidates(db, unknown);
    unknown.forEach(({ token, maxEdits }, index) => {
      const group = {
        token,
        corrections: candidates[index]!.filter((term) => term !== token && !term.startsWith(token))
          .map((term) => ({ term, distance: editDistance(token, term, maxEdits) }))
          .filter(({ distance }) => distance <= maxEdits)
          .sort((a, b) => a.distance - b.distance || (a.term < b.term ? -1 : 1))
          .slice(0, MAX_CORRECTIONS)
          .map(({ term }) => term),
      };
      corrections.set(token, group);
      groups.set(token, group);
    });
    return tokens.map((token) => groups.get(token)!);
  }

  /**
   * Everything a search finds, up to SEARCH_COUNT_LIMIT of each kind and whether there were more: albums and artists
   * best first, people and collections to be ranked by the tab that shows them. The first reads (all four, as typed)
   * are asked for together, one statement on PostgreSQL; the albums and artists of recent searches are kept for a few
   * seconds.
   */
  async function findAll(tokens: string[], viewerId: string | undefined) {
    const key = tokens.join(' ');
    const cached = matches.get(key);
    const first = await repository.readMatches(db, {
      catalog: cached ? undefined : { groups: repository.typedGroups(tokens), startingWith: { tokens, limit: STARTING_CANDIDATES } },
      // Only the people and collections the viewer may see are read: blocks either way, closed profiles.
      community: {
        tokens,
        listed: (person) => deps.hydrator.where.listable(viewerId, person),
        shown: (owner) => deps.hydrator.where.canSee(viewerId, owner),
      },
      limit: SEARCH_COUNT_LIMIT + 1,
    });
    const catalogFound = cached ?? (await catalogMatches(tokens, first));
    if (!cached) matches.set(key, catalogFound);
    const counted = <T>(rows: T[]) => ({ matches: rows.slice(0, SEARCH_COUNT_LIMIT), more: rows.length > SEARCH_COUNT_LIMIT });
    return {
      albums: catalogFound.album,
      artists: catalogFound.artist,
      people: counted(first.people),
      collections: counted(first.collections),
    };
  }

  async function userCards(ids: readonly string[], viewerId: string | undefined): Promise<UserCard[]> {
    const people = await deps.hydrator.people(ids, viewerId);
    return ids.flatMap((id) => {
      const person = people.get(id);
      return person ? [presentUserCard(person)] : [];
    });
  }

  async function search(query: SearchQuery, viewerId?: string): Promise<SearchResult> {
    const tokens = queryTokens(query.q);
    const empty: SearchResult = {
      q: query.q,
      type: query.type,
      counts: { albums: 0, artists: 0, users: 0, collections: 0 },
      more: { albums: false, artists: false, users: false, collections: false },
      albums: [],
      artists: [],
      users: [],
      remoteUsers: [],
      collections: [],
      page: query.page,
      limit: query.limit,
      total: 0,
      totalPages: 1,
    };
    if (tokens.length === 0) return empty;

    const [{ albums, artists, people, collections }, remoteUsers] = await Promise.all([
      findAll(tokens, viewerId),
      deps.remotePeople ? deps.remotePeople(tokens, viewerId ?? null, REMOTE_PEOPLE_SHOWN) : [],
    ]);
    const albumIds = await catalog.filterAlbumIds(albums.ids, {
      genre: query.genre,
      year: query.year && !query.year.startsWith('before-') ? Number(query.year) : undefined,
      yearBefore: query.year?.startsWith('before-') ? Number(query.year.slice('before-'.length)) : undefined,
      minRating: query.minRating,
      sort: query.sort === 'relevance' ? undefined : query.sort === 'recent' ? 'release_date' : 'rating',
    });

    const counts = {
      albums: albumIds.length,
      artists: artists.ids.length,
      users: people.matches.length + remoteUsers.length,
      collections: collections.matches.length,
    };
    const total = counts[query.type];
    const offset = (query.page - 1) * query.limit;
    const window = <T>(items: readonly T[]) => items.slice(offset, offset + query.limit);
    const result: SearchResult = {
      ...empty,
      counts,
      more: { albums: albums.more, artists: artists.more, users: people.more, collections: collections.more },
      ...pageFields(query, total),
    };
    if (query.type === 'albums') result.albums = await albumCards(window(albumIds), viewerId);
    else if (query.type === 'artists') result.artists = await catalog.artistCards(window(artists.ids));
    else if (query.type === 'users') {
      if (query.page === 1) result.remoteUsers = remoteUsers;
      // They are all on the first page: the pages are the members'.
      result.totalPages = pageFields(query, people.matches.length).totalPages;
      result.users = await userCards(
        window(rankByName(people.matches, tokens)).map((match) => match.refId),
        viewerId,
      );
    } else {
      // The name as typed first, then the most liked.
      const ranked = collections.matches
        .map((match) => ({ match, tier: nameTier(match.text, tokens) }))
        .sort((a, b) => a.tier - b.tier || b.match.likeCount - a.match.likeCount || (a.match.refId < b.match.refId ? -1 : 1));
      // Found by a statement that took `canSee` on the owner as a condition.
      const shown = await deps.hydrator.shownLists(
        window(ranked).map(({ match }) => match.refId),
        viewerId,
        { filtered: true },
      );
      result.collections = shown.map(presentListCard);
    }
    return result;
  }

  async function albumCards(ids: readonly string[], viewerId: string | undefined) {
    return presentAlbumCards(ids, await deps.hydrator.albums(ids, viewerId));
  }

  /** The header's suggestions: the first few of each tab the search page would show for the words. */
  async function suggest(q: string, viewerId?: string): Promise<SearchSuggestions> {
    const tokens = queryTokens(q);
    if (tokens.length === 0) return { q, albums: [], artists: [], users: [] };
    const { albums, artists, people } = await findAll(tokens, viewerId);
    const [albumsFound, artistCards, users] = await Promise.all([
      albumCards(albums.ids.slice(0, SUGGESTED_ALBUMS), viewerId),
      catalog.artistCards(artists.ids.slice(0, SUGGESTED_ARTISTS)),
      userCards(
        rankByName(people.matches, tokens)
          .slice(0, SUGGESTED_PEOPLE)
          .map((match) => match.refId),
        viewerId,
      ),
    ]);
    return { q, albums: albumsFound, artists: artistCards, users };
  }

  return { search, suggest, releaseYears: () => catalog.releaseYears() };
}

function unique<T extends { refId: string }>(matches: readonly T[]): T[] {
  const seen = new Set<string>();
  return matches.filter((match) => !seen.has(match.refId) && Boolean(seen.add(match.refId)));
}
