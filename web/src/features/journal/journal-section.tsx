import type { JournalEntry } from '@hearsay/contracts/journal';
import { paths } from '@hearsay/contracts/paths';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { urlFilters, urlParam, useUrlFilters } from '../../shared/hooks/use-url-filters.ts';

import { formatCalendarDate, type CalendarStyle } from '../../shared/lib/format-date.ts';
import { AlbumCover } from '../../shared/ui/album-cover.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { ConfirmDialog, Dialog, DialogContent } from '../../shared/ui/dialog.tsx';
import { ExploreLink } from '../../shared/ui/explore-link.tsx';
import { FilterSelect, SelectOptions } from '../../shared/ui/input.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { RatingStars } from '../../shared/ui/rating-stars.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../shared/ui/skeleton.tsx';
import { journalMonthsQueryOptions, journalQueryOptions, useDeleteListen, useUpdateListen } from './api.ts';
import { ListenForm } from './listen-form.tsx';
import { PlayedTracks } from './played-tracks.tsx';
import { useErrorText } from '../../shared/i18n/error-text.ts';
import { useWaitingWrites, WaitingToSend } from '../../shared/offline/waiting-to-send.tsx';

const PAGE_SIZE = 30;

const VIEWS = ['albums', 'tracks'] as const;
const JournalFilters = urlFilters({ month: urlParam.text, page: urlParam.page, view: urlParam.oneOf(VIEWS, 'albums') });

/** The journal in the library: the albums you listened to, or every track you played (from players and imports). */
export function JournalSection() {
  const { t } = useTranslation('journal');
  const { filters, setFilters } = useUrlFilters(JournalFilters, { replace: true });
  return (
    <div className="flex flex-col gap-6">
      <div role="group" aria-label={t('views.label')} className="flex gap-2">
        {VIEWS.map((view) => (
          <Button
            key={view}
            size="sm"
            variant={filters.view === view ? 'secondary' : 'ghost'}
            aria-pressed={filters.view === view}
            onClick={() => setFilters({ view, page: 1, month: undefined })}
          >
            {t(`views.${view}`)}
          </Button>
        ))}
      </div>
      {filters.view === 'tracks' ? <PlayedTracks /> : <JournalEntries />}
    </div>
  );
}

/** The listening journal: listens grouped by month, newest first, with a month filter; edit and delete. */
function JournalEntries() {
  const { t, i18n } = useTranslation('journal');
  const { filters, setFilters } = useUrlFilters(JournalFilters, { replace: true });
  const { month, page } = filters;
  const calendar = (date: string, style?: CalendarStyle) => formatCalendarDate(date, i18n.language, style) ?? date;
  const months = useQuery(journalMonthsQueryOptions);
  const entries = useQuery(journalQueryOptions({ page, limit: PAGE_SIZE, month }));
  const waiting = useWaitingWrites((write) => write.kind === 'journal-entry');

  if (entries.isError) return <ErrorState onRetry={() => void entries.refetch()} />;
  if (entries.data && entries.data.total === 0 && !month && waiting.length === 0) {
    return <EmptyState title={t('empty')} description={t('emptyHint')} action={<ExploreLink label={t('explore')} />} />;
  }

  const groups = groupByMonth(entries.data?.items ?? []);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect id="journal-month" label={t('monthFilter')} value={month ?? ''} onChange={(next) => setFilters({ month: next })}>
          <SelectOptions
            any={t('allMonths')}
            options={months.data?.items.map((item) => ({
              value: item.month,
              label: t('monthOption', { month: calendar(item.month), count: item.count }),
            }))}
          />
          {month && !months.data?.items.some((item) => item.month === month) ? <option value={month}>{calendar(month)}</option> : null}
        </FilterSelect>
        {entries.data ? <p className="pb-2 text-sm text-ink-muted">{t('count', { count: entries.data.total })}</p> : null}
      </div>

      {waiting.length ? (
        <ol
          aria-label={t('waitingTitle')}
          className="flex flex-col divide-y divide-line rounded-2xl border border-dashed border-line bg-surface"
        >
          {waiting.map((write) => {
            const body = write.body as { listenedOn?: string | null };
            return (
              <li key={write.key} className="flex flex-wrap items-center justify-between gap-2 p-4">
                <span className="min-w-0">
                  <span className="block truncate font-medium text-ink">{write.label}</span>
                  <span className="text-sm text-ink-muted">{calendar(body.listenedOn ?? write.queuedAt.slice(0, 10), 'medium')}</span>
                </span>
                <WaitingToSend />
              </li>
            );
          })}
        </ol>
      ) : null}

      {entries.data ? (
        entries.data.items.length === 0 ? (
          <EmptyState title={t('emptyMonth')} description={t('emptyMonthHint')} />
        ) : (
          groups.map(([groupMonth, items]) => (
            <section key={groupMonth} aria-labelledby={`journal-${groupMonth}`} className="flex flex-col gap-2">
              <h3 id={`journal-${groupMonth}`} className="font-display text-lg font-semibold text-ink">
                {calendar(groupMonth)}
              </h3>
              <ol className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface">
                {items.map((entry) => (
                  <JournalItem key={entry.id} entry={entry} day={calendar(entry.listenedOn, 'medium')} />
                ))}
              </ol>
            </section>
          ))
        )
      ) : (
        <div className="flex flex-col gap-3">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-20 w-full rounded-2xl" />
          ))}
        </div>
      )}
      {entries.data ? (
        <Pagination page={entries.data.page} pages={entries.data.totalPages} onPageChange={(next) => setFilters({ page: next })} />
      ) : null}
    </div>
  );
}

function groupByMonth(entries: readonly JournalEntry[]): [string, JournalEntry[]][] {
  const groups = new Map<string, JournalEntry[]>();
  for (const entry of entries) {
    const month = entry.listenedOn.slice(0, 7);
    groups.set(month, [...(groups.get(month) ?? []), entry]);
  }
  return [...groups];
}

function JournalItem({ entry, day }: { entry: JournalEntry; day: string }) {
  const { t } = useTranslation(['journal', 'common']);
  const errorText = useErrorText();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateListen(entry.id);
  const remove = useDeleteListen();
  const album = entry.album;
  return (
    <li className="flex gap-4 p-3 sm:p-4">
      <Link to={paths.album(album.slug)} className="shrink-0" tabIndex={-1} aria-hidden>
        <AlbumCover
          src={album.coverUrl}
          alt={t('common:album.coverAlt', { title: album.title, artist: album.artistCredit })}
          className="size-16 rounded-lg sm:size-20"
        />
      </Link>
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium uppercase tracking-wide text-ink-subtle">
          <time dateTime={entry.listenedOn}>{day}</time>
        </p>
        <Link to={paths.album(album.slug)} className="block truncate font-semibold text-ink hover:text-accent">
          {album.title}
        </Link>
        <p className="truncate text-sm text-ink-muted">{album.artistCredit}</p>
        {entry.rating !== null ? <RatingStars value={entry.rating} size="xs" className="mt-1" /> : null}
        {entry.note ? <p className="mt-2 whitespace-pre-line break-words text-sm text-ink">{entry.note}</p> : null}
      </div>
      <div className="flex shrink-0 items-start gap-1">
        <Button variant="ghost" size="icon-sm" aria-label={t('edit', { title: album.title })} onClick={() => setEditing(true)}>
          <Pencil aria-hidden />
        </Button>
        <Button variant="ghost" size="icon-sm" aria-label={t('delete', { title: album.title })} onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden />
        </Button>
      </div>

      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent title={t('editTitle')} description={t('logDescription', { title: album.title, artist: album.artistCredit })}>
          {editing ? (
            <ListenForm
              initial={{ listenedOn: entry.listenedOn, rating: entry.rating, note: entry.note ?? '' }}
              submitLabel={t('form.saveChanges')}
              pending={update.isPending}
              onCancel={() => setEditing(false)}
              onSubmit={async (values) => {
                await update.mutateAsync({ listenedOn: values.listenedOn, rating: values.rating, note: values.note || null });
                setEditing(false);
                toast.success(t('updated'));
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('deleteTitle')}
        description={t('deleteDescription', { title: album.title, day })}
        cancelLabel={t('form.cancel')}
        confirmLabel={t('confirmDelete')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(entry.id, {
            onSuccess: () => {
              setDeleting(false);
              toast.success(t('deleted'));
            },
            onError: (error) => toast.error(errorText(error, t('form.failed'))),
          })
        }
      />
    </li>
  );
}
