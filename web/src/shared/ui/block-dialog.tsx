import { deferredDialog } from '../lib/deferred.tsx';

/** "Block" someone, asked first (`dialogs/block.tsx`), whose code comes the first time it opens. */
export const BlockDialog = deferredDialog('block-dialog', () => import('./dialogs/block.tsx').then((module) => module.BlockDialog));
