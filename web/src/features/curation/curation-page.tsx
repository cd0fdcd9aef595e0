import type { CuratedAlbum } from '@hearsay/contracts/curation';
import { paths } from '@hearsay/contracts/paths';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';

import { formatNumber } from '../../shared/i18n/index.ts';
import { useErrorText } from '../../shared/i18n/error-text.ts';
import { useFormatDate } from '../../shared/hooks/use-format-date.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/card.tsx';
import { TextField } from '../../shared/ui/input.tsx';
import { NotFound } from '../../shared/ui/not-found.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { EmptyState, ErrorState, PageLoading, Spinner } from '../../shared/ui/skeleton.tsx';
import {
  correctionsQueryOptions,
  curationAccessQueryOptions,
  duplicatesQueryOptions,
  editorsQueryOptions,
  mergesQueryOptions,
  useChangeEditor,
  useDecideCorrection,
  useDismissDuplicate,
  useMerge,
  useUndoMerge,
} from './curation-api.ts';

const PAGE_SIZE = 20;

/**
 * /curation, for curators (operators, moderators and the catalog editors moderators appoint, decision 080): the
 * possible duplicates to merge or dismiss, the merges to undo within 30 days, members' corrections, and the editors.
 */
export function CurationPage() {
  const { t } = useTranslation('curation');
  const access = useQuery(curationAccessQueryOptions);
  if (access.isPending) {
    return (
      <PageLoading className="py-16">
        <Spinner label={t('loading')} />
      </PageLoading>
    );
  }
  // Anyone else finds nothing here, as the server answers them.
  if (access.isError || !access.data.role) return <NotFound />;
  return (
    <Container className="flex flex-col gap-8 py-8 sm:py-12">
      <title>{`${t('title')} · Hearsay`}</title>
      <div className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-semibold text-ink">{t('title')}</h1>
        <p className="text-sm text-ink-muted">
          {t('role', { role: t(`roles.${access.data.role}`) })} {t('roleHint')}
        </p>
      </div>
      <Duplicates />
      <Merges />
      <Corrections />
      <Editors canAppoint={access.data.canAppointEditors} />
    </Container>
  );
}

function AlbumFacts({ album }: { album: CuratedAlbum }) {
  const { t } = useTranslation('curation');
  return (
    <div className="min-w-0 flex-1">
      <Link to={paths.album(album.slug)} className="font-medium break-words text-ink hover:text-accent">
        {album.title}
      </Link>
      <p className="text-sm break-words text-ink-muted">
        {[album.artistCredit, album.year ?? t('noYear'), t(`types.${album.releaseType}`, { defaultValue: album.releaseType })].join(' · ')}
      </p>
      <p className="text-xs text-ink-muted">
        {t('ratings', { count: album.ratingCount, formatted: formatNumber(album.ratingCount) })}
        {album.pending ? ` · ${t('pending')}` : ''}
      </p>
    </div>
  );
}

function Duplicates() {
  const { t } = useTranslation('curation');
  const [page, setPage] = useState(1);
  const pairs = useQuery(duplicatesQueryOptions(page, PAGE_SIZE));
  const merge = useMerge();
  const dismiss = useDismissDuplicate();
  const errorText = useErrorText();
  const busy = merge.isPending || dismiss.isPending;
  const onError = (cause: unknown) => toast.error(errorText(cause, t('failed')));
  return (
    <section aria-labelledby="curation-duplicates" className="flex flex-col gap-4">
      <h2 id="curation-duplicates" className="font-display text-xl font-semibold text-ink">
        {t('duplicates.title', { count: pairs.data?.total ?? 0 })}
      </h2>
      <p className="text-sm text-ink-muted">{t('duplicates.description')}</p>
      {pairs.isPending ? (
        <Spinner />
      ) : pairs.isError ? (
        <ErrorState title={t('loadFailed')} onRetry={() => void pairs.refetch()} />
      ) : pairs.data.items.length === 0 ? (
        <EmptyState title={t('duplicates.empty')} description={t('duplicates.emptyHint')} />
      ) : (
        <>
          <ul className="flex flex-col gap-4">
            {pairs.data.items.map(({ albums, reason }) => (
              <li
                key={albums.map((album) => album.id).join('+')}
                className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4"
              >
                <p className="text-xs font-medium tracking-wide text-ink-muted uppercase">{t(`duplicates.reasons.${reason}`)}</p>
                {albums.map((album, index) => {
                  const other = albums[1 - index]!;
                  return (
                    <div key={album.id} className="flex flex-wrap items-center gap-3">
                      <AlbumFacts album={album} />
                      <Button
                        size="sm"
                        disabled={busy}
                        aria-label={t('duplicates.keepLabel', { title: album.title, artist: album.artistCredit })}
                        onClick={() =>
                          merge.mutate(
                            { survivorId: album.id, retiredId: other.id },
                            { onSuccess: () => toast.success(t('duplicates.merged', { title: album.title })), onError },
                          )
                        }
                      >
                        {t('duplicates.keep')}
                      </Button>
                    </div>
                  );
                })}
                <div>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    onClick={() =>
                      dismiss.mutate([albums[0].id, albums[1].id], { onSuccess: () => toast.success(t('duplicates.dismissed')), onError })
                    }
                  >
                    {t('duplicates.dismiss')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={pairs.data.totalPages} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}

function Merges() {
  const { t } = useTranslation('curation');
  const formatDate = useFormatDate();
  const [page, setPage] = useState(1);
  const merges = useQuery(mergesQueryOptions(page, PAGE_SIZE));
  const undo = useUndoMerge();
  const errorText = useErrorText();
  return (
    <section aria-labelledby="curation-merges" className="flex flex-col gap-4">
      <h2 id="curation-merges" className="font-display text-xl font-semibold text-ink">
        {t('merges.title')}
      </h2>
      {merges.isPending ? (
        <Spinner />
      ) : merges.isError ? (
        <ErrorState title={t('loadFailed')} onRetry={() => void merges.refetch()} />
      ) : merges.data.items.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('merges.empty')}</p>
      ) : (
        <>
          <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
            {merges.data.items.map((merge) => (
              <li key={merge.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <p className="min-w-0 flex-1 text-sm break-words text-ink">
                  {t('merges.row', {
                    retired: merge.retired.title,
                    survivor: merge.survivor.title,
                    who: merge.mergedBy,
                    date: formatDate(merge.at),
                  })}
                  {merge.undoneAt ? ` · ${t('merges.undone', { date: formatDate(merge.undoneAt) })}` : ''}
                </p>
                {merge.undoUntil ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={undo.isPending}
                    aria-label={t('merges.undoLabel', { title: merge.retired.title, date: formatDate(merge.undoUntil) })}
                    onClick={() =>
                      undo.mutate(merge.id, {
                        onSuccess: () => toast.success(t('merges.undoneToast')),
                        onError: (cause) => toast.error(errorText(cause, t('failed'))),
                      })
                    }
                  >
                    {t('merges.undo')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={merges.data.totalPages} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}

function Corrections() {
  const { t } = useTranslation('curation');
  const formatDate = useFormatDate();
  const id = useId();
  const [page, setPage] = useState(1);
  const [reason, setReason] = useState('');
  const corrections = useQuery(correctionsQueryOptions(page, PAGE_SIZE));
  const decide = useDecideCorrection();
  const errorText = useErrorText();
  return (
    <section aria-labelledby="curation-corrections" className="flex flex-col gap-4">
      <h2 id="curation-corrections" className="font-display text-xl font-semibold text-ink">
        {t('corrections.title', { count: corrections.data?.total ?? 0 })}
      </h2>
      {corrections.isPending ? (
        <Spinner />
      ) : corrections.isError ? (
        <ErrorState title={t('loadFailed')} onRetry={() => void corrections.refetch()} />
      ) : corrections.data.items.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('corrections.empty')}</p>
      ) : (
        <>
          <TextField id={`${id}-reason`} label={t('corrections.reasonLabel')} value={reason} maxLength={500} onValueChange={setReason} />
          <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
            {corrections.data.items.map((correction) => (
              <li key={correction.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <Link to={paths.album(correction.album.slug)} className="font-medium break-words text-ink hover:text-accent">
                    {correction.album.title}
                  </Link>
                  <CorrectionChange
                    field={t(`corrections.fields.${correction.field}`)}
                    from={correction.previous || '—'}
                    to={correction.value}
                    who={`@${correction.suggestedBy}`}
                    date={formatDate(correction.at)}
                    note={correction.note}
                  />
                </div>
                {[true, false].map((accept) => (
                  <Button
                    key={String(accept)}
                    size="sm"
                    variant={accept ? 'primary' : 'outline'}
                    disabled={decide.isPending}
                    onClick={() =>
                      decide.mutate(
                        { correctionId: correction.id, accept, reason },
                        { onError: (cause) => toast.error(errorText(cause, t('failed'))) },
                      )
                    }
                  >
                    {accept ? t('corrections.accept') : t('corrections.reject')}
                  </Button>
                ))}
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={corrections.data.totalPages} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}

function CorrectionChange({ field, from, to, who, date, note }: Record<'field' | 'from' | 'to' | 'who' | 'date' | 'note', string>) {
  const { t } = useTranslation('curation');
  return (
    <>
      <p className="text-sm break-words text-ink">{t('corrections.change', { field, from, to })}</p>
      <p className="text-xs break-words text-ink-muted">
        {t('corrections.by', { who, date })}
        {note ? ` · “${note}”` : ''}
      </p>
    </>
  );
}

function Editors({ canAppoint }: { canAppoint: boolean }) {
  const { t } = useTranslation('curation');
  const formatDate = useFormatDate();
  const id = useId();
  const [name, setName] = useState('');
  const editors = useQuery(editorsQueryOptions);
  const change = useChangeEditor();
  const errorText = useErrorText();
  const onError = (cause: unknown) => toast.error(errorText(cause, t('failed')));
  return (
    <section aria-labelledby="curation-editors" className="flex flex-col gap-4">
      <h2 id="curation-editors" className="font-display text-xl font-semibold text-ink">
        {t('editors.title')}
      </h2>
      <p className="text-sm text-ink-muted">{t('editors.description')}</p>
      {editors.data && editors.data.items.length > 0 ? (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
          {editors.data.items.map((editor) => (
            <li key={editor.username} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <p className="min-w-0 flex-1 text-sm break-words text-ink">
                {editor.name} (@{editor.username}) · {t('editors.since', { date: formatDate(editor.since) })}
              </p>
              {canAppoint ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={change.isPending}
                  onClick={() => change.mutate({ username: editor.username, appoint: false }, { onError })}
                >
                  {t('editors.remove')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-muted">{t('editors.empty')}</p>
      )}
      {canAppoint ? (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            change.mutate({ username: name.trim().replace(/^@/, ''), appoint: true }, { onSuccess: () => setName(''), onError });
          }}
        >
          <div className="min-w-0 flex-1">
            <TextField id={`${id}-editor`} label={t('editors.appointLabel')} value={name} maxLength={60} onValueChange={setName} />
          </div>
          <Button type="submit" disabled={!name.trim() || change.isPending}>
            {t('editors.appoint')}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
