import { REPORT_NOTE_MAX } from '@hearsay/contracts/constants';
import type { ReportSubjectType } from '@hearsay/contracts/moderation';
import type { DB } from '../../platform/db/index.ts';
import { newId } from '../../platform/ids.ts';
import * as repository from './moderation.repository.ts';

/** What another site reported (federation's `Flag`): members' profiles and reviews, by id, and the reason its moderators gave. */
export interface SiteReport {
  /** The server it came from. */
  host: string;
  /** Who sent it there (its `remote_actor` id: often that site's own actor, since reports are anonymous). */
  reporterId: string;
  subjects: { type: Extract<ReportSubjectType, 'profile' | 'review'>; id: string }[];
  note: string;
}

export type SiteReports = ReturnType<typeof createSiteReports>;

/**
 * Reports other sites send land in the moderation queue with members' reports, marked with the server they came from;
 * the same site reporting the same thing again counts once. Made apart from the moderation service so that the job
 * thread, which handles what other sites send, can write them.
 */
export function createSiteReports(deps: { db: DB; clock: () => Date }) {
  async function receive(report: SiteReport): Promise<number> {
    const stamp = deps.clock().toISOString();
    let created = 0;
    for (const subject of report.subjects) {
      const inserted = await repository.insertReport(deps.db, {
        id: newId(),
        reporter_id: report.reporterId,
        reporter_host: report.host,
        subject_type: subject.type,
        subject_id: subject.id,
        // Other software's reasons are free text: kept whole as the note.
        reason: 'other',
        note: report.note.trim().slice(0, REPORT_NOTE_MAX),
        created_at: stamp,
      });
      if (inserted) created += 1;
    }
    return created;
  }
  /** Account deletion: a member's own reports go with them (they were bound to their account before other sites'). */
  const forgetPerson = (userId: string) => repository.deleteReportsBy(deps.db, userId);
  return { receive, forgetPerson };
}
