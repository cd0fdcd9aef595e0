import type { PlayedTrack } from '@hearsay/contracts/listens';
import { paths } from '@hearsay/contracts/paths';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useErrorText } from '../../shared/i18n/error-text.ts';
import { useFormatDate } from '../../shared/hooks/use-format-date.ts';
import { AlbumCover } from '../../shared/ui/album-cover.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { ConfirmDialog } from '../../shared/ui/dialog.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../shared/ui/skeleton.tsx';
import { playedTracksQueryOptions, useDeletePlayedTrack } from './api.ts';

/** Every track you played, newest first: with its album when matched, and plainly marked when not (decision 073). */
export function PlayedTracks() {
  const { t } = useTranslation('journal');
  const query = useInfiniteQuery(playedTracksQueryOptions);
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  if (!query.data) {
    return (
      <div className="flex flex-col gap-3">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-16 w-full rounded-2xl" />
        ))}
      </div>
    );
  }
  const tracks = query.data.pages.flatMap((page) => page.items);
  if (!tracks.length) return <EmptyState title={t('played.empty')} description={t('played.emptyHint')} />;
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface">
        {tracks.map((track) => (
          <PlayedTrackItem key={track.id} track={track} />
        ))}
      </ol>
      {query.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? t('played.loadingMore') : t('played.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function PlayedTrackItem({ track }: { track: PlayedTrack }) {
  const { t } = useTranslation(['journal', 'common']);
  const formatDate = useFormatDate();
  const errorText = useErrorText();
  const [deleting, setDeleting] = useState(false);
  const remove = useDeletePlayedTrack();
  const { album } = track;
  return (
    <li className="flex items-center gap-3 p-3">
      {album ? (
        <Link to={paths.album(album.slug)} className="shrink-0" tabIndex={-1} aria-hidden>
          <AlbumCover
            src={album.coverUrl}
            alt={t('common:album.coverAlt', { title: album.title, artist: album.artistCredit })}
            className="size-12 rounded-md"
          />
        </Link>
      ) : (
        <div className="size-12 shrink-0 rounded-md border border-dashed border-line" aria-hidden />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-ink">{track.trackName}</p>
        <p className="truncate text-sm text-ink-muted">
          {track.artistName}
          {album ? (
            <>
              {' · '}
              <Link to={paths.album(album.slug)} className="hover:text-accent">
                {album.title}
              </Link>
            </>
          ) : track.releaseName ? (
            ` · ${track.releaseName}`
          ) : null}
        </p>
        <p className="text-xs text-ink-subtle">
          <time dateTime={track.playedAt}>{formatDate(track.playedAt, 'dateTime')}</time>
          {track.client ? ` · ${track.client}` : null}
          {track.state === 'pending' ? ` · ${t('played.pending')}` : null}
          {track.state === 'unmatched' ? <span className="font-medium text-ink-muted">{` · ${t('played.unmatched')}`}</span> : null}
        </p>
      </div>
      <Button variant="ghost" size="icon-sm" aria-label={t('played.delete', { track: track.trackName })} onClick={() => setDeleting(true)}>
        <Trash2 aria-hidden />
      </Button>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('played.deleteTitle')}
        description={t('played.deleteDescription', { track: track.trackName })}
        cancelLabel={t('form.cancel')}
        confirmLabel={t('played.confirmDelete')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(track.id, {
            onSuccess: () => {
              setDeleting(false);
              toast.success(t('played.deleted'));
            },
            onError: (error) => toast.error(errorText(error, t('form.failed'))),
          })
        }
      />
    </li>
  );
}
