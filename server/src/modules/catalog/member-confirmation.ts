import type { DB } from '../../platform/db/index.ts';
import * as vouches from './album-vouches.repository.ts';

/**
 * When members' finds confirm a pending album (decision 058): at least `members` members with standing, independent
 * of each other, have it. Standing: an account `standingDays` old that rated `standingRatings` confirmed albums it did
 * not add. Fresh accounts, however many, have none; and one person's accounts are not independent of each other.
 */
export interface MemberConfirmationRule {
  members: number;
  standingDays: number;
  standingRatings: number;
}

export const DEFAULT_MEMBER_CONFIRMATION: MemberConfirmationRule = { members: 2, standingDays: 14, standingRatings: 20 };

/** Two finds from one address range this close together are taken for one person's. */
const SAME_ADDRESS_WINDOW_MS = 24 * 60 * 60_000;

const DAY_MS = 24 * 60 * 60_000;

type Vouch = Awaited<ReturnType<typeof vouches.vouchesForPending>>[number];

/** The members among these with standing at `now`. */
async function withStanding(db: DB, userIds: readonly string[], rule: MemberConfirmationRule, now: Date): Promise<Set<string>> {
  const created = await vouches.accountsCreated(db, userIds);
  const oldEnough = now.getTime() - rule.standingDays * DAY_MS;
  const aged = userIds.filter((id) => (created.get(id)?.getTime() ?? Number.POSITIVE_INFINITY) <= oldEnough);
  if (rule.standingRatings <= 0) return new Set(aged);
  const ratings = await vouches.ratingsOfOthersAlbums(db, aged, rule.standingRatings);
  return new Set(aged.filter((id) => (ratings.get(id) ?? 0) >= rule.standingRatings));
}

/**
 * The pending albums among `albumIds` that their vouches now confirm. Reads the vouches once for all the albums, and
 * the standing and browsers of the members behind them once, whatever the number of albums.
 */
export async function albumsConfirmedByMembers(
  db: DB,
  albumIds: readonly string[],
  rule: MemberConfirmationRule,
  now: Date,
): Promise<string[]> {
  if (!albumIds.length) return [];
  const found = await vouches.vouchesForPending(db, albumIds);
  const members = [...new Set(found.map((vouch) => vouch.user_id))];
  const standing = await withStanding(db, members, rule, now);
  if (standing.size < rule.members) return [];
  const devices = await vouches.devicesOf(db, [...standing]);
  const sameBrowser = (one: string, other: string) => [...(devices.get(one) ?? [])].some((id) => devices.get(other)?.has(id));
  const dependent = (one: Vouch, other: Vouch) =>
    (one.device_id !== null && one.device_id === other.device_id) ||
    sameBrowser(one.user_id, other.user_id) ||
    (one.address_prefix !== null &&
      one.address_prefix === other.address_prefix &&
      Math.abs(new Date(one.created_at).getTime() - new Date(other.created_at).getTime()) < SAME_ADDRESS_WINDOW_MS);

  const byAlbum = new Map<string, Vouch[]>();
  for (const vouch of found) if (standing.has(vouch.user_id)) byAlbum.set(vouch.album_id, [...(byAlbum.get(vouch.album_id) ?? []), vouch]);
  const confirmed: string[] = [];
  for (const [albumId, candidates] of byAlbum) {
    // Oldest first; a find that is not independent of one already counted does not count.
    const counted: Vouch[] = [];
    for (const vouch of candidates) if (counted.every((other) => !dependent(vouch, other))) counted.push(vouch);
    if (counted.length >= rule.members) confirmed.push(albumId);
  }
  return confirmed;
}
