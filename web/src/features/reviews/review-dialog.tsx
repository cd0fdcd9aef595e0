import type { AlbumCard } from '@hearsay/contracts/catalog';
import type { Review, ReviewDraft } from '@hearsay/contracts/reviews';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { deferred } from '../../shared/lib/deferred.tsx';
import { Dialog, DialogContent } from '../../shared/ui/dialog.tsx';
import { Spinner } from '../../shared/ui/skeleton.tsx';

// The form and its rich-text editor are most of the reviews feature's code, and a page with reviews is read far more
// often than one is written: their code comes when the dialog first opens, not with the page.
const ReviewForm = deferred(
  'review-form',
  () => import('./review-form.tsx').then((module) => module.ReviewForm),
  <Spinner className="min-h-64" />,
);

/** The "Write a Review" modal (and "Edit your review"): closes and resets after publishing. */
export function ReviewDialog({
  album,
  existing,
  draft,
  initialRating,
  open,
  onOpenChange,
}: {
  album: Pick<AlbumCard, 'id' | 'title' | 'artistCredit' | 'coverUrl'>;
  existing?: Review;
  draft?: ReviewDraft | null;
  initialRating?: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('reviews');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={existing ? t('form.editTitle') : t('form.dialogTitle')} className="max-w-2xl">
        {open ? (
          <ReviewForm
            album={album}
            existing={existing}
            draft={draft}
            initialRating={initialRating}
            onCancel={() => onOpenChange(false)}
            onDone={() => {
              toast.success(existing ? t('form.saved') : t('form.published'));
              onOpenChange(false);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
