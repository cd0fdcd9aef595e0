import type { AlbumExtensionProps } from '../../shared/lib/album-extensions.tsx';
import { NotebookPen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useSendToSignIn, useSession } from '../../shared/auth/session.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../shared/ui/dialog.tsx';
import { useLogListen } from './api.ts';
import { ListenForm } from './listen-form.tsx';

/** "Log a listen" in the album page's action row: a small dialog with the day, an optional rating and a note. */
export function LogListenAction({ album }: AlbumExtensionProps) {
  const { t } = useTranslation('journal');
  const { t: offline } = useTranslation('offline');
  const session = useSession();
  const navigate = useNavigate();
  const sendToSignIn = useSendToSignIn();
  const [open, setOpen] = useState(false);
  const log = useLogListen();

  if (session.status !== 'signed-in') {
    return (
      <Button
        variant="outline"
        disabled={session.status === 'loading'}
        onClick={() => {
          toast(t('signInToLog'));
          sendToSignIn();
        }}
      >
        <NotebookPen aria-hidden />
        {t('log')}
      </Button>
    );
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <NotebookPen aria-hidden />
          {t('log')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('logTitle')} description={t('logDescription', { title: album.title, artist: album.artistCredit })}>
        {open ? (
          <ListenForm
            submitLabel={t('form.save')}
            pending={log.isPending}
            onCancel={() => setOpen(false)}
            onSubmit={async (values) => {
              const entry = await log.mutateAsync({
                body: { albumId: album.id, listenedOn: values.listenedOn, rating: values.rating, note: values.note || null },
                label: `${album.title} — ${album.artistCredit}`,
              });
              setOpen(false);
              const openJournal = { label: t('openJournal'), onClick: () => void navigate('/library?tab=journal') };
              if (entry) toast.success(t('logged'), { action: openJournal });
              else toast(offline('kept'), { action: openJournal });
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
