import type { DB } from '../../platform/db/index.ts';
import * as repository from './genres.repository.ts';
import { trustWeight } from './trust-weight.ts';
import { decideDescriptors, decideGenres, type WeightedVote } from './vote-rule.ts';

/**
 * An album's genres and descriptors anew from its votes, each weighted by its voter's trust at `at` (decision 077):
 * written to `album_genre` (the catalog's starting genres kept after the voted ones, unless voted off) and
 * `album_descriptor`, in the caller's transaction (a vote, or a merge moving votes between albums).
 */
export async function recountAlbumStyle(trx: DB, albumId: string, at: Date): Promise<void> {
  const [genreVotes, descriptorVotes, current] = await Promise.all([
    repository.albumGenreVotes(trx, albumId),
    repository.albumDescriptorVotes(trx, albumId),
    repository.albumGenres(trx, albumId),
  ]);
  const weighted = <T extends { user_id: string; member_since: unknown; value: number }>(rows: T[], subject: (row: T) => string) =>
    rows.map((row): WeightedVote => ({
      userId: row.user_id,
      subjectId: subject(row),
      kind: 'kind' in row ? (row.kind as 'primary' | 'secondary') : undefined,
      value: row.value,
      weight: trustWeight(repository.sinceText(row.member_since), at),
    }));
  const genres = decideGenres(weighted(genreVotes, (row) => row.genre_id));
  const removed = new Set(genres.removed);
  const voted = new Set(genres.shown.map((shown) => shown.genreId));
  const rows: Omit<repository.AlbumGenreRow, 'position'>[] = genres.shown.map((shown) => ({
    genre_id: shown.genreId,
    kind: shown.kind,
    weight: shown.weight,
    from_catalog: current.find((row) => row.genre_id === shown.genreId)?.from_catalog ?? 0,
  }));
  // The catalog's genres stay as the starting point, after the voted ones, unless members voted them off.
  for (const row of current) {
    if (row.from_catalog && !voted.has(row.genre_id) && !removed.has(row.genre_id)) {
      rows.push({ genre_id: row.genre_id, kind: 'secondary', weight: 0, from_catalog: 1 });
    }
  }
  const same =
    rows.length === current.length &&
    rows.every((row, index) => {
      const was = current[index]!;
      return was.genre_id === row.genre_id && was.kind === row.kind && Number(was.weight) === row.weight;
    });
  if (!same) await repository.replaceAlbumGenres(trx, albumId, rows);
  await repository.replaceAlbumDescriptors(trx, albumId, decideDescriptors(weighted(descriptorVotes, (row) => row.descriptor_id)));
}
