import type { AlbumCard } from '@hearsay/contracts/catalog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AlbumSearch } from '../../shared/catalog/album-search.tsx';
import { Dialog, DialogContent } from '../../shared/ui/dialog.tsx';
import { ReviewForm } from './review-form.tsx';

/**
 * Quick-add (spec §2): step 1 finds an album in the catalog, step 2 writes the review; Back returns to the search.
 * Closing or publishing resets the query, the album, the rating, the title and the text.
 */
export function QuickAddDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('reviews');
  const [query, setQuery] = useState('');
  const [album, setAlbum] = useState<AlbumCard | null>(null);

  const close = (next: boolean) => {
    if (!next) {
      setQuery('');
      setAlbum(null);
    }
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={album ? t('quickAdd.writeTitle') : t('quickAdd.findTitle')} className="max-w-2xl">
        {album ? (
          <ReviewForm
            key={album.id}
            album={album}
            initialRating={album.viewerRating}
            cancelLabel={t('quickAdd.back')}
            onCancel={() => setAlbum(null)}
            onDone={() => {
              toast.success(t('form.published'));
              close(false);
            }}
          />
        ) : (
          <AlbumSearch id="quick-add-search" label={t('quickAdd.search')} query={query} onQueryChange={setQuery} onPick={setAlbum} />
        )}
      </DialogContent>
    </Dialog>
  );
}
