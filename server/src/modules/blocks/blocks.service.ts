import { pageFields } from '@hearsay/contracts/pagination';
import type { PersonCard } from '@hearsay/contracts/profiles';
import type { Hydrator } from '../../hydration/hydrator.ts';
import { presentPersonCardWithoutFollow } from '../../hydration/people.presenter.ts';
import type { DB } from '../../platform/db/index.ts';
import * as repository from './blocks.repository.ts';

export interface BlocksServiceDeps {
  db: DB;
  clock: () => Date;
  hydrator: Pick<Hydrator, 'people'>;
}

export type BlocksService = ReturnType<typeof createBlocksService>;

/**
 * Blocks and mutes between people, and Settings → Privacy's lists of them. What a block or a mute then hides is
 * decided by the hydration layer's rules (`hydration/hydrator.ts`), which every module that shows people's things asks:
 * a blocked person and the one who blocked them see none of each other's profile, reviews, comments, collections,
 * activity, notifications or messages, and neither is told more than "not available". A mute only keeps someone's
 * activity out of the muter's feed.
 */
export function createBlocksService(deps: BlocksServiceDeps) {
  const { db } = deps;
  const now = () => deps.clock().toISOString();

  async function people(kind: 'blocked' | 'muted', viewerId: string, query: { page: number; limit: number }) {
    const { ids, total } = await repository.people(db, kind, viewerId, query.limit, (query.page - 1) * query.limit);
    const hydrated = await deps.hydrator.people(ids, viewerId);
    // These lists have always answered without the Follow state (nobody follows someone they blocked).
    const items: PersonCard[] = ids.flatMap((id) => {
      const person = hydrated.get(id);
      return person ? [presentPersonCardWithoutFollow(person)] : [];
    });
    return { items, ...pageFields(query, total) };
  }

  return {
    block: (blockerId: string, blockedId: string) => repository.addBlock(db, blockerId, blockedId, now()),
    unblock: (blockerId: string, blockedId: string) => repository.removeBlock(db, blockerId, blockedId),
    mute: (muterId: string, mutedId: string) => repository.addMute(db, muterId, mutedId, now()),
    unmute: (muterId: string, mutedId: string) => repository.removeMute(db, muterId, mutedId),
    blocked: (viewerId: string, query: { page: number; limit: number }) => people('blocked', viewerId, query),
    muted: (viewerId: string, query: { page: number; limit: number }) => people('muted', viewerId, query),
  };
}
