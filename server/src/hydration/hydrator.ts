import type { RawBuilder, SqlBool } from 'kysely';
import type { ProfileVisibility } from '../db/schema.ts';
import type { DB } from '../platform/db/index.ts';
import * as people from './people.repository.ts';
import * as visibility from './visibility.repository.ts';

/**
 * The hydration layer: what every list of people's things needs between its skeleton (the ids a module's own
 * statement chose) and its presenter. It loads people by id in one statement, with the viewer's side of each, and
 * holds the one vocabulary for "may this viewer see this person's things" (`rules`), which a statement that must
 * filter in the database takes as a condition (`where`) or as a set of people to leave out (`excluded`). It sits
 * below the modules: any module may use it, it uses none (docs/ARCHITECTURE.md, decision 061).
 */

/** The viewer's side of a person. All false for a visitor, and for the viewer's own card but `self`. */
export interface Relation {
  self: boolean;
  /** The viewer follows them. */
  following: boolean;
  /** They follow the viewer. */
  followsViewer: boolean;
  /** The viewer asked to follow them and they have not answered. */
  requested: boolean;
  /** The viewer blocked them. */
  blocking: boolean;
  /** They blocked the viewer. */
  blockedBy: boolean;
  /** The viewer muted them. */
  muting: boolean;
}

export interface HydratedPerson {
  id: string;
  username: string | null;
  name: string;
  avatarPath: string | null;
  visibility: ProfileVisibility;
  /** When they joined, as an ISO time. */
  createdAt: string;
  reviewsCount: number;
  publicCollectionsCount: number;
  viewer: Relation;
}

const NO_RELATION: Relation = {
  self: false,
  following: false,
  followsViewer: false,
  requested: false,
  blocking: false,
  blockedBy: false,
  muting: false,
};

function hydrated(row: people.PersonRow, viewerId: string | undefined): HydratedPerson {
  const self = row.id === viewerId;
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    avatarPath: row.avatar_path,
    visibility: row.visibility ?? 'public',
    createdAt: new Date(row.created_at).toISOString(),
    reviewsCount: Number(row.reviews_count ?? 0),
    publicCollectionsCount: Number(row.public_collections_count ?? 0),
    viewer:
      viewerId && !self
        ? {
            self,
            following: Boolean(row.following),
            followsViewer: Boolean(row.follows_viewer),
            requested: Boolean(row.requested),
            blocking: Boolean(row.blocking),
            blockedBy: Boolean(row.blocked_by),
            muting: Boolean(row.muting),
          }
        : { ...NO_RELATION, self },
  };
}

/**
 * "May this viewer see this person's things", as questions about a person hydrated for the viewer. Each holds for the
 * viewer's own self. The same rules as SQL conditions are `Hydrator['where']`, as sets `Hydrator['excluded']`;
 * `hydration.test.ts` proves the forms agree.
 */
export const rules = {
  /** No block either way. Whom the viewer may message, be notified by, or find at their profile's address. */
  reachable: (person: HydratedPerson): boolean => person.viewer.self || (!person.viewer.blocking && !person.viewer.blockedBy),
  /** Their profile lets the viewer in (public, approved follower, their own), blocks aside: its tabs and a locked page. */
  profileOpen: (person: HydratedPerson): boolean =>
    person.viewer.self || person.visibility === 'public' || (person.visibility === 'followers' && person.viewer.following),
  /** Reachable and open: their reviews, comments, collections, year. */
  canSee: (person: HydratedPerson): boolean => rules.reachable(person) && rules.profileOpen(person),
  /** Reachable and not private: named in lists of people (search, followers) even when what they hold is closed. */
  listable: (person: HydratedPerson): boolean => rules.reachable(person) && (person.viewer.self || person.visibility !== 'private'),
  /** Seen and not muted: in the viewer's feed, its sidebar and their Weekly Digest. */
  activityShown: (person: HydratedPerson): boolean => rules.canSee(person) && !person.viewer.muting,
};

/** The same person as a visitor sees them: what a shared link or a link preview may show. */
export const asVisitor = (person: HydratedPerson): HydratedPerson => ({ ...person, viewer: NO_RELATION });

export type Rule = keyof typeof rules;
/** The rules a statement can take as a condition on a column naming a person. */
export type ConditionRule = Exclude<Rule, 'profileOpen'>;
/** The rules a statement can take as the set of people they leave out. */
export type SetRule = Exclude<Rule, 'profileOpen' | 'activityShown'>;
/** A rule as a condition on a column naming a person, for the viewer. */
export type PersonCondition = (viewerId: string | undefined, column: string) => RawBuilder<SqlBool>;

export interface HydratorDeps {
  db: DB;
}

export type Hydrator = ReturnType<typeof createHydrator>;

export function createHydrator(deps: HydratorDeps) {
  const { db } = deps;

  /** People by id, each with the viewer's side of them; a deleted account is simply missing. */
  async function peopleById(ids: readonly string[], viewerId?: string): Promise<Map<string, HydratedPerson>> {
    const rows = await people.people(db, [...new Set(ids)], viewerId);
    return new Map(rows.map((row) => [row.id, hydrated(row, viewerId)]));
  }

  async function person(id: string, viewerId?: string): Promise<HydratedPerson | undefined> {
    return (await peopleById([id], viewerId)).get(id);
  }

  /** Whoever holds this username now (lowercase), hydrated for the viewer. */
  async function personNamed(username: string, viewerId?: string): Promise<HydratedPerson | undefined> {
    const id = await people.idOfUsername(db, username);
    return id ? person(id, viewerId) : undefined;
  }

  /** Which of these usernames (lowercase) belong to someone now, each with the person's id: mentions. */
  const idsOfUsernames = (usernames: readonly string[]) => people.idsOfUsernames(db, [...new Set(usernames)]);

  const where: Record<ConditionRule, PersonCondition> = {
    reachable: visibility.reachable,
    canSee: visibility.canSee,
    listable: visibility.listable,
    activityShown: visibility.activityShown,
  };

  async function union(...lists: Promise<string[]>[]): Promise<Set<string>> {
    return new Set((await Promise.all(lists)).flat());
  }

  const excluded: Record<SetRule, (viewerId: string | undefined) => Promise<Set<string>>> = {
    reachable: (viewerId) => union(visibility.blockedEitherWay(db, viewerId)),
    canSee: (viewerId) => union(visibility.blockedEitherWay(db, viewerId), visibility.closedProfiles(db, viewerId)),
    listable: (viewerId) => union(visibility.blockedEitherWay(db, viewerId), visibility.closedProfiles(db, viewerId, true)),
  };

  return { people: peopleById, person, personNamed, idsOfUsernames, rules, where, excluded };
}
