import type { ModerationActionKind, ReportSubjectType } from '@hearsay/contracts/moderation';
import type { DB } from '../../platform/db/index.ts';
import type { Viewer } from '../../platform/http/viewer.ts';
import { newId } from '../../platform/ids.ts';
import * as repository from './catalog-editors.repository.ts';

/** Who may keep the catalog clean: operators, moderators, and the catalog editors moderators appoint (decision 080). */
export type CuratorRole = 'admin' | 'moderator' | 'editor';

/**
 * Moderation's side of keeping the catalog clean, built with the core services (the duplicates job runs in the job
 * thread): who may merge and decide corrections, the catalog editors moderators appoint, and the audit log's entries.
 */
export function createCurationAccess(deps: { db: DB; adminEmails: readonly string[] }) {
  const { db } = deps;
  const isAdmin = (viewer: Pick<Viewer, 'email'>) => deps.adminEmails.includes(viewer.email.toLowerCase());

  async function role(viewer: Pick<Viewer, 'id' | 'email'> | null | undefined): Promise<CuratorRole | null> {
    if (!viewer) return null;
    if (isAdmin(viewer)) return 'admin';
    if (await repository.isModerator(db, viewer.id)) return 'moderator';
    if (await repository.isEditor(db, viewer.id)) return 'editor';
    return null;
  }

  return {
    role,
    /** An entry of the audit log, in the caller's transaction. */
    async record(
      executor: DB,
      viewer: Pick<Viewer, 'id' | 'name'>,
      entry: { action: ModerationActionKind; subjectType: ReportSubjectType; subjectId: string; reason: string; at: string },
    ) {
      await repository.recordAction(executor, {
        id: newId(),
        moderator_id: viewer.id,
        moderator_name: viewer.name,
        action: entry.action,
        subject_type: entry.subjectType,
        subject_id: entry.subjectId,
        reason: entry.reason,
        created_at: entry.at,
      });
    },
    editors: () => repository.editors(db),
    addEditor: (userId: string, appointedBy: string, now: string) => repository.addEditor(db, userId, appointedBy, now),
    removeEditor: (userId: string) => repository.removeEditor(db, userId),
  };
}

export type CurationAccess = ReturnType<typeof createCurationAccess>;
