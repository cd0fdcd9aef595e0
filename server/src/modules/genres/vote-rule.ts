/**
 * Which genres and descriptors an album shows, from its members' votes (decision 077). Every vote counts with its
 * member's trust weight (`trust-weight.ts`). Over an album, V is the summed weight of the distinct members who voted
 * on its genres (or, for descriptors, on its descriptors). A genre or descriptor passes when all three hold:
 *
 * - at least `MIN_VOTERS` distinct members voted it up (one member cannot label an album alone);
 * - its net weight (up less down) is at least `MIN_WEIGHT`, one established member's worth: fifty accounts made
 *   today weigh less than that, so a brigade of new accounts cannot label an album nobody else voted on;
 * - its net weight is at least `MIN_SHARE` of V, so a few established members outweigh a crowd of new accounts.
 *
 * Its weight is its net weight's share of V (0 to 1). A genre is primary when its primary votes alone pass; else
 * secondary when all its up votes (primary and secondary) pass. A genre voted down past the same bar (distinct down
 * voters, net weight against) is taken off the album, even when the catalog gave it.
 */

export const MIN_VOTERS = 2;
export const MIN_WEIGHT = 1;
export const MIN_SHARE = 0.2;

export interface WeightedVote {
  userId: string;
  /** The genre's or descriptor's id. */
  subjectId: string;
  /** Genres only: what an up vote says the genre is. */
  kind?: 'primary' | 'secondary';
  value: number;
  weight: number;
}

interface Tally {
  primaryUp: number;
  primaryVoters: number;
  up: number;
  upVoters: number;
  down: number;
  downVoters: number;
}

function tally(votes: readonly WeightedVote[]): { tallies: Map<string, Tally>; total: number } {
  const tallies = new Map<string, Tally>();
  const voters = new Map<string, number>();
  for (const vote of votes) {
    voters.set(vote.userId, vote.weight);
    let entry = tallies.get(vote.subjectId);
    if (!entry) {
      entry = { primaryUp: 0, primaryVoters: 0, up: 0, upVoters: 0, down: 0, downVoters: 0 };
      tallies.set(vote.subjectId, entry);
    }
    if (vote.value > 0) {
      entry.up += vote.weight;
      entry.upVoters++;
      if (vote.kind === 'primary') {
        entry.primaryUp += vote.weight;
        entry.primaryVoters++;
      }
    } else if (vote.value < 0) {
      entry.down += vote.weight;
      entry.downVoters++;
    }
  }
  let total = 0;
  for (const weight of voters.values()) total += weight;
  return { tallies, total };
}

const passes = (net: number, voters: number, total: number) =>
  voters >= MIN_VOTERS && net >= MIN_WEIGHT - 1e-9 && total > 0 && net / total >= MIN_SHARE - 1e-9;

const share = (net: number, total: number) => Math.round((net / total) * 1000) / 1000;

export interface GenreOutcome {
  shown: { genreId: string; kind: 'primary' | 'secondary'; weight: number }[];
  /** Genres voted off the album. */
  removed: string[];
}

export function decideGenres(votes: readonly WeightedVote[]): GenreOutcome {
  const { tallies, total } = tally(votes);
  const shown: GenreOutcome['shown'] = [];
  const removed: string[] = [];
  for (const [genreId, entry] of tallies) {
    const primaryNet = entry.primaryUp - entry.down;
    const net = entry.up - entry.down;
    if (passes(primaryNet, entry.primaryVoters, total)) shown.push({ genreId, kind: 'primary', weight: share(primaryNet, total) });
    else if (passes(net, entry.upVoters, total)) shown.push({ genreId, kind: 'secondary', weight: share(net, total) });
    else if (passes(-net, entry.downVoters, total)) removed.push(genreId);
  }
  shown.sort((a, b) => (a.kind === b.kind ? b.weight - a.weight || a.genreId.localeCompare(b.genreId) : a.kind === 'primary' ? -1 : 1));
  return { shown, removed };
}

export function decideDescriptors(votes: readonly WeightedVote[]): { descriptorId: string; weight: number }[] {
  const { tallies, total } = tally(votes);
  const shown: { descriptorId: string; weight: number }[] = [];
  for (const [descriptorId, entry] of tallies) {
    const net = entry.up - entry.down;
    if (passes(net, entry.upVoters, total)) shown.push({ descriptorId, weight: share(net, total) });
  }
  return shown.sort((a, b) => b.weight - a.weight || a.descriptorId.localeCompare(b.descriptorId));
}
