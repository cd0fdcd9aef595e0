import { deferredDialog } from '../lib/deferred.tsx';

/** "Report" to the moderators (`dialogs/report.tsx`), whose code comes the first time it opens. */
export const ReportDialog = deferredDialog('report-dialog', () => import('./dialogs/report.tsx').then((module) => module.ReportDialog));
