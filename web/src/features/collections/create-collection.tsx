import { useState, type ComponentProps } from 'react';
import { deferred } from '../../shared/lib/deferred.tsx';
import type { CreateCollectionDialog } from './create-collection-dialog.tsx';

const DeferredDialog = deferred('create-collection', () =>
  import('./create-collection-dialog.tsx').then((module) => module.CreateCollectionDialog),
);

/**
 * The Create Collection dialog as pages show it. Its code, with the album search and MusicBrainz's results, comes the
 * first time it opens: most who see a "New list" button never press it. Once opened it stays mounted, so it closes as
 * a dialog does.
 */
export function CreateCollection(props: ComponentProps<typeof CreateCollectionDialog>) {
  const [asked, setAsked] = useState(props.open);
  if (props.open && !asked) setAsked(true);
  return asked ? <DeferredDialog {...props} /> : null;
}
