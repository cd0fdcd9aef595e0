import type { NotificationActor, NotificationGroup, NotificationKind } from '@hearsay/contracts/notifications';
import { paths } from '@hearsay/contracts/paths';
import { uploadUrl } from '../../platform/http/uploads.ts';
import type * as repository from './notifications.repository.ts';

/** Actors shown by name in a group; the rest are "and N others". */
export const ACTORS_SHOWN = 3;

type ActorRow = Awaited<ReturnType<typeof repository.actorsOf>>[number];

export const groupId = (kind: string, objectId: string) => `${kind}:${objectId}`;

export function presentActor(row: ActorRow): NotificationActor {
  return { id: row.actor_id, username: row.username ?? row.actor_id, name: row.name, avatarUrl: uploadUrl(row.avatar_path) };
}

export function presentGroup(
  row: repository.GroupRow,
  actors: readonly NotificationActor[],
  subjects: { reviews: Map<string, string>; collections: Map<string, string> },
): NotificationGroup {
  const kind = row.kind as NotificationKind;
  const isCollection = kind === 'collection_like';
  const latestActor = actors[0];
  const aboutPerson = kind === 'follow' || kind === 'follow_request' || kind === 'follow_approved' || kind === 'export_ready';
  const href =
    kind === 'follow_request' || kind === 'export_ready'
      ? paths.settings('privacy')
      : aboutPerson
        ? latestActor
          ? paths.profile(latestActor.username)
          : paths.home()
        : isCollection
          ? paths.list(row.object_id)
          : paths.review(row.object_id);
  return {
    id: groupId(kind, row.object_id),
    kind,
    actors: actors.slice(0, ACTORS_SHOWN),
    actorCount: Number(row.actors),
    subject: aboutPerson ? null : ((isCollection ? subjects.collections : subjects.reviews).get(row.object_id) ?? null),
    href,
    latestAt: new Date(row.latest).toISOString(),
    unread: Number(row.unread) > 0,
  };
}
