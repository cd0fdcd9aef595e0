import { removedOwners, tableParticipant, type AlbumMergeParticipant } from '../../platform/db/album-merge.ts';
import type { DB } from '../../platform/db/index.ts';

interface Counters {
  writeReviewCount(db: DB, albumId: string, count: number): Promise<void>;
  shiftReviewsCount(db: DB, userId: string, delta: number): Promise<void>;
}

/**
 * Reviews and drafts follow a merged album (decision 080): a person who reviewed both keeps the newer review; the
 * older one is kept with its revisions, likes and comments for an undo. Both albums' review counts are counted again.
 */
export function reviewsAlbumMerge(counters: Counters): AlbumMergeParticipant {
  return tableParticipant(
    'reviews',
    [
      {
        table: 'review',
        album: 'album_id',
        key: ['id'],
        onePer: ['user_id'],
        newer: 'updated_at',
        children: [
          { table: 'review_revision', column: 'review_id' },
          { table: 'review_like', column: 'review_id' },
          { table: 'review_comment', column: 'review_id' },
        ],
      },
      { table: 'review_draft', album: 'album_id', key: ['user_id'], onePer: ['user_id'], newer: 'updated_at' },
    ],
    async (step, [reviews], direction) => {
      for (const albumId of [step.survivorId, step.retiredId]) {
        const row = await step.trx
          .selectFrom('review')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('album_id', '=', albumId)
          .executeTakeFirst();
        await counters.writeReviewCount(step.trx, albumId, Number(row?.count ?? 0));
      }
      for (const userId of removedOwners(reviews!)) await counters.shiftReviewsCount(step.trx, userId, direction === 'merge' ? -1 : 1);
    },
  );
}
