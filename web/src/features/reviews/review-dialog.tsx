import type { AlbumCard } from '@hearsay/contracts/catalog';
import type { Review, ReviewDraft } from '@hearsay/contracts/reviews';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Dialog, DialogContent } from '../../shared/ui/dialog.tsx';
import { ReviewForm } from './review-form.tsx';

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
