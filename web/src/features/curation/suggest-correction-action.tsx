import type { AlbumExtensionProps } from '../../shared/lib/album-extensions.tsx';
import { PencilLine } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendToSignIn, useSession } from '../../shared/auth/session.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../shared/ui/dialog.tsx';
import { CorrectionForm } from './correction-form.tsx';
import { useSuggestCorrection } from './curation-api.ts';

/**
 * "Suggest a correction" in the album page's action row (decision 080): a member proposes a new title, year, release
 * type or artist credit, and a curator accepts or rejects it on /curation. A visitor is asked to sign in first.
 */
export function SuggestCorrectionAction({ album }: AlbumExtensionProps) {
  const { t } = useTranslation('curation');
  const session = useSession();
  const sendToSignIn = useSendToSignIn();
  const [open, setOpen] = useState(false);
  const suggest = useSuggestCorrection(album.id);

  if (session.status !== 'signed-in') {
    if (session.status === 'loading') return null;
    return (
      <Button variant="ghost" onClick={sendToSignIn}>
        <PencilLine aria-hidden />
        {t('suggest.signIn')}
      </Button>
    );
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost">
          <PencilLine aria-hidden />
          {t('suggest.open')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('suggest.title')} description={t('suggest.description', { title: album.title, artist: album.artistCredit })}>
        {open ? <CorrectionForm album={album} send={(body) => suggest.mutateAsync(body)} onCancel={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
