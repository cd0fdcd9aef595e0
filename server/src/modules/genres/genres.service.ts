import type {
  AlbumVotes,
  DescriptorPage,
  DescriptorRef,
  DescriptorVoteBody,
  GenrePage,
  GenreVoteBody,
  Taxonomy,
} from '@hearsay/contracts/genres';
import type { DB } from '../../platform/db/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/http/viewer.ts';
import type { Hydrator } from '../../hydration/hydrator.ts';
import { presentAlbumCard } from '../../hydration/albums.presenter.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import * as repository from './genres.repository.ts';
import { recountAlbumStyle } from './album-style.ts';
import { trustWeight } from './trust-weight.ts';
import { MIN_SHARE, MIN_VOTERS, MIN_WEIGHT } from './vote-rule.ts';

export interface GenresServiceDeps {
  db: DB;
  clock: () => Date;
  /** Which album a reference names, and dropping its cached page when its genres change. */
  catalog: Pick<CatalogService, 'resolveAlbumId' | 'invalidateAlbum'>;
  /** Votes go into the audit log; the vote log is for moderators. */
  moderation: Pick<ModerationService, 'access' | 'memberAction'>;
  hydrator: Pick<Hydrator, 'withAlbums'>;
  /** m of the Bayesian average, the charts' own. */
  priorWeight: number;
}

export type GenresService = ReturnType<typeof createGenresService>;

const TOP_ALBUMS = 24;
const RULE = { minVoters: MIN_VOTERS, minShare: MIN_SHARE, minWeight: MIN_WEIGHT };

const descriptorRef = (row: { slug: string; category: string; names_json: string }): DescriptorRef => ({
  slug: row.slug,
  category: row.category as DescriptorRef['category'],
  names: JSON.parse(row.names_json) as DescriptorRef['names'],
});

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * What members decide together about an album's style (decision 077): votes on its genres (primary or secondary, up
 * or down) and descriptors, weighted by each member's trust; what passes the rule (vote-rule.ts) is written to
 * `album_genre` and `album_descriptor` in the vote's transaction, for the album page, the cards and the charts.
 */
export function createGenresService(deps: GenresServiceDeps) {
  const { db } = deps;
  const now = () => deps.clock().toISOString();

  let vocabulary: Promise<{ byId: Map<string, DescriptorRef>; bySlug: Map<string, { id: string; ref: DescriptorRef }> }> | undefined;
  function descriptorVocabulary() {
    vocabulary ??= repository.descriptors(db).then((rows) => ({
      byId: new Map(rows.map((row) => [row.id, descriptorRef(row)])),
      bySlug: new Map(rows.map((row) => [row.slug, { id: row.id, ref: descriptorRef(row) }])),
    }));
    return vocabulary;
  }

  let taxonomyAnswer: Promise<Taxonomy> | undefined;
  function taxonomy(): Promise<Taxonomy> {
    taxonomyAnswer ??= Promise.all([repository.votableGenres(db), descriptorVocabulary()]).then(([genres, { byId }]) => ({
      genres: genres.map((genre) => ({ slug: genre.slug, name: genre.name })),
      descriptors: [...byId.values()],
    }));
    return taxonomyAnswer;
  }

  /** An album's genres and descriptors anew from its votes; in the vote's transaction. */
  const recount = (trx: DB, albumId: string) => recountAlbumStyle(trx, albumId, deps.clock());

  async function albumVotes(albumId: string, viewer: Viewer | null): Promise<AlbumVotes> {
    const [current, descriptorRows, vocabularyNow] = await Promise.all([
      repository.albumGenres(db, albumId),
      repository.albumDescriptors(db, albumId),
      descriptorVocabulary(),
    ]);
    const [genreVotes, descriptorVotes] = viewer
      ? await Promise.all([repository.albumGenreVotes(db, albumId), repository.albumDescriptorVotes(db, albumId)])
      : [[], []];
    const mine = genreVotes.filter((vote) => vote.user_id === viewer?.id);
    const names = new Map(
      (await repository.genresByIds(db, [...new Set([...current.map((row) => row.genre_id), ...mine.map((vote) => vote.genre_id)])])).map(
        (genre) => [genre.id, genre],
      ),
    );
    return {
      genres: current.flatMap((row) => {
        const genre = names.get(row.genre_id);
        return genre
          ? [{ slug: genre.slug, name: genre.name, kind: row.kind, weight: Number(row.weight), voted: Number(row.weight) > 0 }]
          : [];
      }),
      descriptors: descriptorRows.map((row) => ({ ...descriptorRef(row), weight: Number(row.weight) })),
      viewer: viewer
        ? {
            genres: mine.flatMap((vote) => {
              const genre = names.get(vote.genre_id);
              return genre ? [{ slug: genre.slug, name: genre.name, kind: vote.kind, value: vote.value }] : [];
            }),
            descriptors: descriptorVotes
              .filter((vote) => vote.user_id === viewer.id)
              .flatMap((vote) => {
                const descriptor = vocabularyNow.byId.get(vote.descriptor_id);
                return descriptor ? [{ slug: descriptor.slug, value: vote.value }] : [];
              }),
            weight: Math.round(trustWeight(await memberSince(viewer, genreVotes, descriptorVotes), deps.clock()) * 1000) / 1000,
          }
        : null,
      rule: RULE,
    };
  }

  /** The member's account age: from their votes when they have some, else asked of the database with the album's. */
  async function memberSince(
    viewer: Viewer,
    genreVotes: readonly { user_id: string; member_since: unknown }[],
    descriptorVotes: readonly { user_id: string; member_since: unknown }[],
  ): Promise<string> {
    const known = [...genreVotes, ...descriptorVotes].find((vote) => vote.user_id === viewer.id);
    if (known) return repository.sinceText(known.member_since);
    return (await repository.memberSince(db, viewer.id)) ?? new Date(0).toISOString();
  }

  async function afterVote(viewer: Viewer, albumId: string, action: 'genre_vote' | 'descriptor_vote', reason: string) {
    deps.catalog.invalidateAlbum(albumId);
    await deps.moderation.memberAction(viewer, action, 'album', albumId, reason);
    return albumVotes(albumId, viewer);
  }

  const voteWords = (value: number) => (value > 0 ? 'up' : value < 0 ? 'down' : 'vote taken back');

  return {
    taxonomy,
    albumVotes: async (albumRef: string, viewer: Viewer | null) => albumVotes(await deps.catalog.resolveAlbumId(albumRef), viewer),

    async voteGenre(viewer: Viewer, albumRef: string, body: GenreVoteBody): Promise<AlbumVotes> {
      const albumId = await deps.catalog.resolveAlbumId(albumRef);
      const genre = await repository.genreBySlug(db, body.genre);
      if (!genre) throw notFound('genre_not_found', { genre: body.genre });
      if (!genre.mbid) throw badRequest('genre_not_votable', { genre: genre.name });
      await db.transaction().execute(async (trx) => {
        await repository.setGenreVote(trx, { albumId, userId: viewer.id, genreId: genre.id, kind: body.kind, value: body.value }, now());
        await recount(trx, albumId);
      });
      return afterVote(viewer, albumId, 'genre_vote', `${genre.name}: ${body.value === 0 ? '' : `${body.kind}, `}${voteWords(body.value)}`);
    },

    async voteDescriptor(viewer: Viewer, albumRef: string, body: DescriptorVoteBody): Promise<AlbumVotes> {
      const albumId = await deps.catalog.resolveAlbumId(albumRef);
      const descriptor = (await descriptorVocabulary()).bySlug.get(body.descriptor);
      if (!descriptor) throw notFound('descriptor_not_found', { descriptor: body.descriptor });
      await db.transaction().execute(async (trx) => {
        await repository.setDescriptorVote(trx, { albumId, userId: viewer.id, descriptorId: descriptor.id, value: body.value }, now());
        await recount(trx, albumId);
      });
      return afterVote(viewer, albumId, 'descriptor_vote', `${descriptor.ref.names.en}: ${voteWords(body.value)}`);
    },

    /** Every vote on an album with who cast it and how much it weighs now: for moderators. */
    async voteLog(viewer: Viewer, albumRef: string) {
      // Private means not found (decision 009), as the moderation pages answer.
      if (!(await deps.moderation.access(viewer)).canModerate) throw notFound('not_found');
      const albumId = await deps.catalog.resolveAlbumId(albumRef);
      const at = deps.clock();
      const [genreVotes, descriptorVotes, { byId }] = await Promise.all([
        repository.albumGenreVotes(db, albumId),
        repository.albumDescriptorVotes(db, albumId),
        descriptorVocabulary(),
      ]);
      const genres = new Map(
        (await repository.genresByIds(db, [...new Set(genreVotes.map((vote) => vote.genre_id))])).map((g) => [g.id, g]),
      );
      const weight = (since: unknown) => Math.round(trustWeight(repository.sinceText(since), at) * 1000) / 1000;
      const items = [
        ...genreVotes.map((vote) => ({
          username: vote.username ?? vote.user_id,
          subject: 'genre' as const,
          slug: genres.get(vote.genre_id)?.slug ?? vote.genre_id,
          kind: vote.kind,
          value: vote.value,
          weight: weight(vote.member_since),
          at: String(vote.updated_at),
        })),
        ...descriptorVotes.map((vote) => ({
          username: vote.username ?? vote.user_id,
          subject: 'descriptor' as const,
          slug: byId.get(vote.descriptor_id)?.slug ?? vote.descriptor_id,
          kind: null,
          value: vote.value,
          weight: weight(vote.member_since),
          at: String(vote.updated_at),
        })),
      ].sort((a, b) => b.at.localeCompare(a.at) || a.username.localeCompare(b.username));
      return { items };
    },

    async genrePage(slug: string, viewerId?: string): Promise<GenrePage> {
      const genre = await repository.genreBySlug(db, slug);
      if (!genre) throw notFound('genre_not_found', { genre: slug });
      const [{ parents, children }, below, mean] = await Promise.all([
        repository.relatives(db, genre.id),
        repository.genreAndDescendants(db, genre.id),
        repository.meanRating(db),
      ]);
      const ranked = await ranked_(repository.topAlbums(db, { genreIds: below }, { m: deps.priorWeight, mean }, TOP_ALBUMS), viewerId);
      return { genre: { slug: genre.slug, name: genre.name, mbid: genre.mbid }, parents, children, albums: ranked, ...prior(mean) };
    },

    async descriptorPage(slug: string, viewerId?: string): Promise<DescriptorPage> {
      const { bySlug } = await descriptorVocabulary();
      const descriptor = bySlug.get(slug);
      if (!descriptor) throw notFound('descriptor_not_found', { descriptor: slug });
      const mean = await repository.meanRating(db);
      const ranked = await ranked_(
        repository.topAlbums(db, { descriptorId: descriptor.id }, { m: deps.priorWeight, mean }, TOP_ALBUMS),
        viewerId,
      );
      const related = [...bySlug.values()]
        .filter((other) => other.ref.category === descriptor.ref.category && other.id !== descriptor.id)
        .map((other) => other.ref);
      return { descriptor: descriptor.ref, related, albums: ranked, ...prior(mean) };
    },
  };

  function prior(mean: number) {
    return { priorWeight: deps.priorWeight, meanRating: round1(mean) };
  }

  async function ranked_(rows: Promise<repository.RankedRow[]>, viewerId?: string) {
    const found = await rows;
    return (await deps.hydrator.withAlbums(found, (row) => row.albumId, viewerId)).map(({ row, album }, index) => ({
      rank: index + 1,
      album: presentAlbumCard(album),
      weightedRating: round1(row.weighted),
      ratings: row.ratings,
    }));
  }
}
