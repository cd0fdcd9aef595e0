import type { AlbumMergeParticipant } from '../../platform/db/album-merge.ts';
import type { DB } from '../../platform/db/index.ts';

interface FavouriteRow {
  user_id: string;
  position: number;
  album_id: string;
  created_at: string;
}

/** What a merge did to members' four favourites: the places the survivor took, and the choices that closed up. */
interface SavedFavourites {
  took: { user_id: string; position: number }[];
  closed: { user_id: string; before: FavouriteRow[]; after: FavouriteRow[] }[];
}

const choiceOf = (db: DB, userId: string): Promise<FavouriteRow[]> =>
  db.selectFrom('favourite_album').selectAll().where('user_id', '=', userId).orderBy('position').execute();

async function writeChoice(db: DB, userId: string, rows: readonly FavouriteRow[]) {
  await db.deleteFrom('favourite_album').where('user_id', '=', userId).execute();
  if (rows.length) await db.insertInto('favourite_album').values(rows).execute();
}

const sameChoice = (a: readonly FavouriteRow[], b: readonly FavouriteRow[]) =>
  a.length === b.length &&
  a.every((row, index) => row.album_id === b[index]!.album_id && Number(row.position) === Number(b[index]!.position));

/**
 * Favourite albums follow a merged album (decisions 080, 082): the survivor takes the duplicate's place among a
 * member's four. A member who had both keeps the album once, at the better of its two places, and the places after
 * close up (1..n, no gap). An undo puts the duplicate back in its place, and a closed-up choice back as it was unless
 * the member has chosen again since (their newer choice stands).
 */
export function profilesAlbumMerge(): AlbumMergeParticipant {
  return {
    name: 'profiles',
    async merge(step): Promise<SavedFavourites> {
      const saved: SavedFavourites = { took: [], closed: [] };
      const holders = await step.trx.selectFrom('favourite_album').select('user_id').where('album_id', '=', step.retiredId).execute();
      for (const { user_id: userId } of holders) {
        const before = await choiceOf(step.trx, userId);
        const retired = before.find((row) => row.album_id === step.retiredId)!;
        const survivor = before.find((row) => row.album_id === step.survivorId);
        if (!survivor) {
          await step.trx
            .updateTable('favourite_album')
            .set({ album_id: step.survivorId })
            .where('user_id', '=', userId)
            .where('position', '=', retired.position)
            .execute();
          saved.took.push({ user_id: userId, position: Number(retired.position) });
          continue;
        }
        const first = Number(retired.position) < Number(survivor.position) ? retired : survivor;
        const after = before
          .filter((row) => row.album_id !== (first === retired ? step.survivorId : step.retiredId))
          .map((row, index) => ({
            ...row,
            position: index + 1,
            ...(row === first ? { album_id: step.survivorId, created_at: survivor.created_at } : {}),
          }));
        await writeChoice(step.trx, userId, after);
        saved.closed.push({ user_id: userId, before, after });
      }
      return saved;
    },
    async undo(step, saved) {
      const { took, closed } = saved as SavedFavourites;
      for (const place of took) {
        await step.trx
          .updateTable('favourite_album')
          .set({ album_id: step.retiredId })
          .where('user_id', '=', place.user_id)
          .where('position', '=', place.position)
          .where('album_id', '=', step.survivorId)
          .execute();
      }
      for (const choice of closed) {
        if (sameChoice(await choiceOf(step.trx, choice.user_id), choice.after)) await writeChoice(step.trx, choice.user_id, choice.before);
      }
    },
  };
}
