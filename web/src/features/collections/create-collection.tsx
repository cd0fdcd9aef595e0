import { deferredDialog } from '../../shared/lib/deferred.tsx';

/**
 * The Create Collection dialog as pages show it (`create-collection-dialog.tsx`): its code, with the album search and
 * MusicBrainz's results, comes the first time it opens, since most who see a "New list" button never press it.
 */
export const CreateCollection = deferredDialog('create-collection', () =>
  import('./create-collection-dialog.tsx').then((module) => module.CreateCollectionDialog),
);
