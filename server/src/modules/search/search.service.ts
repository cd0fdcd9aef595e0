import { pageFields } from '@hearsay/contracts/pagination';
import type { SearchQuery, SearchResult, UserCard } from '@hearsay/contracts/search';
import { LRUCache } from 'lru-cache';
import type { DB } from '../../platform/db/index.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { allowedEdits, editDistance, queryTokens, rankByName } from './search-text.ts';
import * as repository from './search.repository.ts';
import { uploadUrl } from '../../platform/http/uploads.ts';
import type { SearchKind } from '../../platform/db/search-index.ts';
import type { BlocksService } from '../blocks/blocks.service.ts';

/** Enough candidates for any real page of results, few enough to filter and sort in one step. */
const MAX_CANDIDATES = 2000;
/** Fewer matches as typed than this, and spelling corrections are looked for too ("radiohed" → Radiohead). */
const FEW_MATCHES = 5;
/** Spelling corrections kept per word, the closest first. */
const MAX_CORRECTIONS = 20;

export interface SearchServiceDeps {
  db: DB;
  catalog: CatalogService;
  /** Collections join search when the collections module provides them. */
  collections?: { search(tokens: string[], viewerId: string | undefined): Promise<SearchResult['collections']> };
  /** People blocked by or blocking the viewer do not show up among the people found. */
  blocks: Pick<BlocksService, 'unlistedFor'>;
}

export type SearchService = ReturnType<typeof createSearchService>;

export function createSearchService(deps: SearchServiceDeps) {
  const { db, catalog } = deps;
  // Popular searches repeat; their matches are kept for a few seconds (new catalog rows show up
  // within that time).
  const matches = new LRUCache<string, string[]>({ max: 2000, ttl: 10_000 });
  const corrections = new LRUCache<string, repository.TokenGroup>({ max: 5000, ttl: 60_000 });
  // Albums added to the catalog (from MusicBrainz, say) are searched for at once by whoever added them.
  catalog.onChange((albumId) => {
    if (albumId !== null) return;
    matches.clear();
    corrections.clear();
  });

  async function cachedMatches(kind: SearchKind, tokens: string[], corrected: () => Promise<repository.TokenGroup[]>): Promise<string[]> {
    const key = `${kind}:${tokens.join(' ')}`;
    let ids = matches.get(key);
    if (!ids) {
      ids = await rankedMatches(kind, tokens, corrected);
      matches.set(key, ids);
    }
    return ids;
  }

  /**
   * Ids of one kind, best first: what matches the words as typed, ranked by how they meet the name (the whole name,
   * its beginning, whole words, prefixes). Only when that finds too few are spelling corrections looked for (the
   * costly part of a search) and joined, after them.
   */
  async function rankedMatches(kind: SearchKind, tokens: string[], corrected: () => Promise<repository.TokenGroup[]>): Promise<string[]> {
    const typed = tokens.map((token) => ({ token, corrections: [] }));
    const good = rankByName(await repository.matchDocuments(db, kind, typed, MAX_CANDIDATES), tokens).map((match) => match.refId);
    if (good.length >= FEW_MATCHES) return good;
    const groups = await corrected();
    if (groups.every((group) => group.corrections.length === 0)) return good;
    const seen = new Set(good);
    const fuzzy = await repository.matchDocuments(db, kind, groups, MAX_CANDIDATES);
    return [...good, ...fuzzy.map((match) => match.refId).filter((id) => !seen.has(id))];
  }

  /** Each word with the indexed words it may be a typo of ("radiohed" → "radiohead"), the closest first. */
  async function tokenGroups(tokens: string[]): Promise<repository.TokenGroup[]> {
    return Promise.all(
      tokens.map(async (token) => {
        const cached = corrections.get(token);
        if (cached) return cached;
        const edits = allowedEdits(token);
        let group: repository.TokenGroup = { token, corrections: [] };
        if (edits > 0) {
          const candidates = await repository.correctionCandidates(db, token, edits);
          group = {
            token,
            corrections: candidates
              .filter((term) => term !== token && !term.startsWith(token))
              .map((term) => ({ term, distance: editDistance(token, term, edits) }))
              .filter(({ distance }) => distance <= edits)
              .sort((a, b) => a.distance - b.distance || (a.term < b.term ? -1 : 1))
              .slice(0, MAX_CORRECTIONS)
              .map(({ term }) => term),
          };
        }
        corrections.set(token, group);
        return group;
      }),
    );
  }

  async function searchUsers(tokens: string[], viewerId: string | undefined): Promise<UserCard[]> {
    if (tokens.length === 0) return [];
    const [rows, hidden] = await Promise.all([repository.peopleMatching(db, tokens, MAX_CANDIDATES), deps.blocks.unlistedFor(viewerId)]);
    return rows
      .filter((row) => !hidden.has(row.id))
      .map((row) => ({
        id: row.id,
        username: row.username ?? row.id,
        name: row.name,
        avatarUrl: uploadUrl(row.avatar_path),
        reviewCount: Number(row.reviews_count ?? 0),
        collectionCount: Number(row.public_collections_count ?? 0),
        isFollowing: false,
        isViewer: row.id === viewerId,
      }));
  }

  /** The page of people shown, with whether the viewer follows each. */
  async function withFollowing(users: UserCard[], viewerId: string | undefined): Promise<UserCard[]> {
    if (!viewerId || users.length === 0) return users;
    const followed = await repository.followedAmong(
      db,
      viewerId,
      users.map((user) => user.id),
    );
    return users.map((user) => ({ ...user, isFollowing: followed.has(user.id) }));
  }

  async function search(query: SearchQuery, viewerId?: string): Promise<SearchResult> {
    const tokens = queryTokens(query.q);
    const empty: SearchResult = {
      q: query.q,
      type: query.type,
      counts: { albums: 0, artists: 0, users: 0, collections: 0 },
      albums: [],
      artists: [],
      users: [],
      collections: [],
      page: query.page,
      limit: query.limit,
      total: 0,
      totalPages: 1,
    };
    if (tokens.length === 0) return empty;

    // Looked up once, and only if the words as typed find too few albums or artists.
    let groups: Promise<repository.TokenGroup[]> | undefined;
    const corrected = () => (groups ??= tokenGroups(tokens));
    const [albumMatches, artistMatches, users, collections] = await Promise.all([
      cachedMatches('album', tokens, corrected),
      cachedMatches('artist', tokens, corrected),
      searchUsers(tokens, viewerId),
      deps.collections ? deps.collections.search(tokens, viewerId) : Promise.resolve([]),
    ]);
    const albumIds = await catalog.filterAlbumIds(albumMatches, {
      genre: query.genre,
      year: query.year && query.year !== 'before-2020' ? Number(query.year) : undefined,
      yearBefore: query.year === 'before-2020' ? 2020 : undefined,
      minRating: query.minRating,
      sort: query.sort === 'relevance' ? undefined : query.sort === 'recent' ? 'release_date' : 'rating',
    });

    const counts = { albums: albumIds.length, artists: artistMatches.length, users: users.length, collections: collections.length };
    const total = counts[query.type];
    const offset = (query.page - 1) * query.limit;
    const window = <T>(items: readonly T[]) => items.slice(offset, offset + query.limit);
    return {
      ...empty,
      counts,
      albums: query.type === 'albums' ? await catalog.albumCards(window(albumIds), viewerId) : [],
      artists: query.type === 'artists' ? await catalog.artistCards(window(artistMatches)) : [],
      users: query.type === 'users' ? await withFollowing(window(users), viewerId) : [],
      collections: query.type === 'collections' ? window(collections) : [],
      ...pageFields(query, total),
    };
  }

  return { search };
}
