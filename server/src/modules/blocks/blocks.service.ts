import { pageFields } from '@hearsay/contracts/pagination';
import type { PersonCard } from '@hearsay/contracts/profiles';
import type { DB } from '../../platform/db/index.ts';
import { uploadUrl } from '../../platform/http/uploads.ts';
import * as repository from './blocks.repository.ts';

export interface BlocksServiceDeps {
  db: DB;
  clock: () => Date;
}

export type BlocksService = ReturnType<typeof createBlocksService>;

/**
 * Who may see whom: blocks, mutes and closed profiles. Every module that shows one person's content to another asks `hiddenFrom(viewer)` and leaves
 * those people out, so a block holds on every path: a blocked person and the one who blocked them see none of each
 * other's profile, reviews, comments, collections, activity, notifications or messages, and neither is told more
 * than "not available". A mute only keeps someone's activity out of the muter's feed.
 */
export function createBlocksService(deps: BlocksServiceDeps) {
  const { db } = deps;
  const now = () => deps.clock().toISOString();

  /** Everyone hidden from this viewer, either way round; nobody for a visitor. */
  async function hiddenFrom(viewerId: string | undefined): Promise<Set<string>> {
    return new Set(viewerId ? await repository.blockedEitherWay(db, viewerId) : []);
  }

  /**
   * Everyone whose content this viewer may not see: the blocks either way, plus every profile closed to them (private,
   * or followers only and not followed). Reviews, collections, feeds and search leave these people out.
   */
  async function unseenBy(viewerId: string | undefined): Promise<Set<string>> {
    const [blocked, closed] = await Promise.all([hiddenFrom(viewerId), repository.closedProfiles(db, viewerId)]);
    for (const id of closed) blocked.add(id);
    return blocked;
  }

  /**
   * unseenBy(viewerId) as a condition on a column of another module's query (`'review.user_id'`): true for the rows
   * whose author the viewer may see. What a list filtered over many rows uses, so its cost follows the rows it reads.
   */
  const authorShownTo = (viewerId: string | undefined, author: string) => repository.authorShownTo(viewerId, author);

  /** authorShownTo, and not muted by the viewer: whose activity the viewer's feed (and what is beside it) shows. */
  const activityShownTo = (viewerId: string, author: string) => repository.activityShownTo(viewerId, author);

  /** unlistedFor(viewerId) as a condition on a column of another module's query: true for the people it may list. */
  const personListedTo = (viewerId: string | undefined, person: string) => repository.personListedTo(viewerId, person);

  /** People not to list to this viewer as people (search, follower lists): blocks either way and private profiles. */
  async function unlistedFor(viewerId: string | undefined): Promise<Set<string>> {
    const [blocked, closed] = await Promise.all([hiddenFrom(viewerId), repository.closedProfiles(db, viewerId, true)]);
    for (const id of closed) blocked.add(id);
    return blocked;
  }

  /** Whether the viewer may see this person's content: no block either way, and a profile open to them. */
  async function maySee(viewerId: string | undefined, ownerId: string): Promise<boolean> {
    if (viewerId && (await between(viewerId, ownerId))) return false;
    return repository.profileOpenTo(db, ownerId, viewerId);
  }

  /** Whether either of the two blocked the other. */
  async function between(a: string, b: string): Promise<boolean> {
    if (a === b) return false;
    const [ab, ba] = await Promise.all([repository.isBlocking(db, a, b), repository.isBlocking(db, b, a)]);
    return ab || ba;
  }

  async function people(kind: 'blocked' | 'muted', viewerId: string, query: { page: number; limit: number }) {
    const { rows, total } = await repository.people(db, kind, viewerId, query.limit, (query.page - 1) * query.limit);
    const items: PersonCard[] = rows.map((row) => ({
      id: row.id,
      username: row.username ?? row.id,
      name: row.name,
      avatarUrl: uploadUrl(row.avatar_path),
      isFollowing: false,
      isViewer: false,
    }));
    return { items, ...pageFields(query, total) };
  }

  return {
    hiddenFrom,
    unseenBy,
    authorShownTo,
    personListedTo,
    unlistedFor,
    maySee,
    profileOpenTo: (ownerId: string, viewerId: string | undefined) => repository.profileOpenTo(db, ownerId, viewerId),
    between,
    activityShownTo,
    isBlocking: (blockerId: string, blockedId: string) => repository.isBlocking(db, blockerId, blockedId),
    isMuting: (muterId: string, mutedId: string) => repository.isMuting(db, muterId, mutedId),
    block: (blockerId: string, blockedId: string) => repository.addBlock(db, blockerId, blockedId, now()),
    unblock: (blockerId: string, blockedId: string) => repository.removeBlock(db, blockerId, blockedId),
    mute: (muterId: string, mutedId: string) => repository.addMute(db, muterId, mutedId, now()),
    unmute: (muterId: string, mutedId: string) => repository.removeMute(db, muterId, mutedId),
    blocked: (viewerId: string, query: { page: number; limit: number }) => people('blocked', viewerId, query),
    muted: (viewerId: string, query: { page: number; limit: number }) => people('muted', viewerId, query),
  };
}
