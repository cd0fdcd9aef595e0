import {
  SUSPENSION_MAX_DAYS,
  type ModerationDecisionBody,
  type ReportedSubject,
  type ReportSubjectType,
} from '@hearsay/contracts/moderation';
import { paths } from '@hearsay/contracts/paths';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';

import { useFormatDate } from '../../shared/hooks/use-format-date.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Card, Container } from '../../shared/ui/card.tsx';
import { TextField } from '../../shared/ui/input.tsx';
import { NotFound } from '../../shared/ui/not-found.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { EmptyState, ErrorState, PageLoading, Spinner } from '../../shared/ui/skeleton.tsx';
import { formatNumber } from '../../shared/i18n/index.ts';
import {
  auditQueryOptions,
  moderationAccessQueryOptions,
  moderatorsQueryOptions,
  pendingAlbumsQueryOptions,
  reportQueueQueryOptions,
  siteHealthQueryOptions,
  useChangeModerator,
  useDecide,
} from './moderation-api.ts';
import { useErrorText } from '../../shared/i18n/error-text.ts';
import { FederatedHosts } from './federated-hosts.tsx';

const PAGE_SIZE = 20;

/** /moderation, for operators: open reports with the reported thing in context, the decisions, and the audit log. */
export function ModerationPage() {
  const { t } = useTranslation('moderation');
  const access = useQuery(moderationAccessQueryOptions);
  if (access.isPending) {
    return (
      <PageLoading className="py-16">
        <Spinner label={t('loading')} />
      </PageLoading>
    );
  }
  // Anyone else finds nothing here, as the server answers them.
  if (access.isError || !access.data.canModerate) return <NotFound />;
  return (
    <Container className="flex flex-col gap-8 py-8 sm:py-12">
      <title>{`${t('title')} · Hearsay`}</title>
      <h1 className="font-display text-3xl font-semibold text-ink">{t('title')}</h1>
      <p>
        <Link to="/curation" className="font-medium text-accent hover:underline">
          {t('curationLink')}
        </Link>
      </p>
      <SiteHealthCard />
      <ReportQueue />
      <PendingAlbums />
      {access.data.isAdmin ? <Moderators /> : null}
      {access.data.isAdmin ? <FederatedHosts /> : null}
      <AuditLog />
    </Container>
  );
}

function ReportQueue() {
  const { t } = useTranslation('moderation');
  const [page, setPage] = useState(1);
  const queue = useQuery(reportQueueQueryOptions(page, PAGE_SIZE));
  return (
    <section aria-labelledby="moderation-queue" className="flex flex-col gap-4">
      <h2 id="moderation-queue" className="font-display text-xl font-semibold text-ink">
        {t('queue.title', { count: queue.data?.total ?? 0 })}
      </h2>
      {queue.isPending ? (
        <Spinner />
      ) : queue.isError ? (
        <ErrorState title={t('loadFailed')} onRetry={() => void queue.refetch()} />
      ) : queue.data.items.length === 0 ? (
        <EmptyState title={t('queue.empty')} description={t('queue.emptyHint')} />
      ) : (
        <ul className="flex flex-col gap-4">
          {queue.data.items.map((subject) => (
            <li key={`${subject.subjectType}:${subject.subjectId}`}>
              <ReportedItem subject={subject} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pages={queue.data?.totalPages ?? 1} onPageChange={setPage} />
    </section>
  );
}

/** Asks the server for a decision and refreshes everything it changes. */
function useDecision() {
  const { t } = useTranslation('moderation');
  const errorText = useErrorText();
  const decide = useDecide();
  const mutate = (body: ModerationDecisionBody) =>
    decide.mutate(body, {
      onSuccess: () => toast.success(t(`decided.${body.action}`)),
      onError: (cause) => toast.error(errorText(cause, t('failed'))),
    });
  return { mutate, isPending: decide.isPending };
}

const HAS_AUTHOR: readonly ReportSubjectType[] = ['review', 'comment', 'collection', 'message', 'profile'];
const DELETABLE: readonly ReportSubjectType[] = ['review', 'comment', 'collection'];

function ReportedItem({ subject }: { subject: ReportedSubject }) {
  const { t } = useTranslation('moderation');
  const formatDate = useFormatDate();
  const id = useId();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const decide = useDecision();
  const content = subject.content;
  const heading = content?.title ?? t('deleted');
  const type = t(`types.${subject.subjectType}`);
  const act = (action: ModerationDecisionBody['action'], extra: Partial<ModerationDecisionBody> = {}) =>
    decide.mutate({ subjectType: subject.subjectType, subjectId: subject.subjectId, action, reason, ...extra });
  const idle = !reason.trim() || decide.isPending;
  const suspensionDays = Number(days);
  const daysValid = Number.isInteger(suspensionDays) && suspensionDays >= 1 && suspensionDays <= SUSPENSION_MAX_DAYS;
  return (
    <Card className="p-5">
      <article aria-label={t('item.label', { type, title: heading })}>
        <p className="text-xs font-medium uppercase tracking-wide text-ink-muted">
          {type} · {t('item.reports', { count: subject.reportCount })} · {t('item.since', { date: formatDate(subject.firstReportedAt) })}
        </p>
        <h3 className="mt-1 font-display text-lg font-semibold text-ink">
          {content?.href ? (
            <Link to={content.href} className="hover:text-accent">
              {heading}
            </Link>
          ) : (
            heading
          )}
        </h3>
        {content?.authorName ? (
          <p className="text-sm text-ink-muted">
            {t('item.by', { name: content.authorName })} {content.authorUsername ? `@${content.authorUsername}` : ''}
          </p>
        ) : null}
        {content?.text ? <blockquote className="mt-3 border-l-2 border-line pl-3 text-sm text-ink">{content.text}</blockquote> : null}
        {content?.hiddenReason ? <p className="mt-2 text-sm text-danger">{t('item.hidden', { reason: content.hiddenReason })}</p> : null}
        <p className="mt-3 text-sm text-ink">
          {subject.reasons.map((entry) => `${t(`reasons.${entry.reason}`)} (${entry.count})`).join(' · ')}
        </p>
        {subject.reportedBySites?.length ? (
          <p className="mt-2 text-sm font-medium text-ink [overflow-wrap:anywhere]">
            {t('item.reportedBySites', { hosts: subject.reportedBySites.join(', ') })}
          </p>
        ) : null}
        {subject.notes.length ? (
          <ul className="mt-2 flex flex-col gap-1 text-sm text-ink-muted [overflow-wrap:anywhere]">
            {subject.notes.map((note) => (
              <li key={`${note.reporterHost ?? note.reporterUsername}:${note.at}`}>
                “{note.note}” — {note.reporterHost ? t('item.fromSite', { host: note.reporterHost }) : `@${note.reporterUsername}`}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-4 flex flex-col gap-3">
          <TextField id={`${id}-reason`} label={t('item.reasonLabel')} value={reason} maxLength={500} onValueChange={setReason} />
          <div className="flex flex-wrap gap-2" role="group" aria-label={t('item.contentActions')}>
            {subject.canHide && content && !content.hiddenReason ? (
              <Button variant="danger" disabled={idle} onClick={() => act('hide')}>
                {t('actions.hide')}
              </Button>
            ) : null}
            {DELETABLE.includes(subject.subjectType) && content ? (
              <Button variant="outline" disabled={idle} onClick={() => act('delete')}>
                {t('actions.delete')}
              </Button>
            ) : null}
            {subject.subjectType === 'album' && content?.text ? (
              <>
                <Button disabled={idle} onClick={() => act('confirm')}>
                  {t('actions.confirm')}
                </Button>
                <Button variant="outline" disabled={idle} onClick={() => act('reject')}>
                  {t('actions.reject')}
                </Button>
              </>
            ) : null}
            <Button variant="outline" disabled={idle} onClick={() => act('dismiss')}>
              {t('actions.dismiss')}
            </Button>
          </div>
          {HAS_AUTHOR.includes(subject.subjectType) && content?.authorName ? (
            <div className="flex flex-wrap items-end gap-2" role="group" aria-label={t('item.authorActions', { name: content.authorName })}>
              <Button variant="outline" disabled={idle} onClick={() => act('warn')}>
                {t('actions.warn')}
              </Button>
              <div className="w-28">
                <TextField id={`${id}-days`} label={t('item.days')} inputMode="numeric" value={days} onValueChange={setDays} />
              </div>
              <Button variant="outline" disabled={idle || !daysValid} onClick={() => act('suspend', { days: suspensionDays })}>
                {t('actions.suspend')}
              </Button>
              <Button variant="danger" disabled={idle} onClick={() => act('ban')}>
                {t('actions.ban')}
              </Button>
              <Button variant="ghost" disabled={idle} onClick={() => act('lift')}>
                {t('actions.lift')}
              </Button>
            </div>
          ) : null}
        </div>
      </article>
    </Card>
  );
}

function SiteHealthCard() {
  const { t } = useTranslation('moderation');
  const health = useQuery(siteHealthQueryOptions);
  if (health.isPending) return <Spinner />;
  if (health.isError) return <ErrorState title={t('loadFailed')} onRetry={() => void health.refetch()} />;
  const { signups, openReports, pendingAlbums, sanctioned, jobs } = health.data;
  const figures: [string, number][] = [
    [t('health.signupsDay'), signups.day],
    [t('health.signupsWeek'), signups.week],
    [t('health.members'), signups.total],
    [t('health.openReports'), openReports],
    [t('health.pendingAlbums'), pendingAlbums],
    [t('health.sanctioned'), sanctioned],
    [t('health.jobsRunning'), jobs.running + jobs.queued],
    [t('health.jobsFailed'), jobs.failed],
  ];
  return (
    <section aria-labelledby="moderation-health">
      <h2 id="moderation-health" className="font-display text-xl font-semibold text-ink">
        {t('health.title')}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-2xl border border-line bg-surface p-4">
            <dt className="text-xs text-ink-muted">{label}</dt>
            <dd className="font-display text-2xl font-semibold tabular-nums text-ink">{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function PendingAlbums() {
  const { t } = useTranslation('moderation');
  const formatDate = useFormatDate();
  const id = useId();
  const [page, setPage] = useState(1);
  const [reason, setReason] = useState('');
  const albums = useQuery(pendingAlbumsQueryOptions(page, PAGE_SIZE));
  const decide = useDecision();
  const addedBy = (username: string | null) => (username ? `@${username}` : t('albums.someone'));
  return (
    <section aria-labelledby="moderation-albums" className="flex flex-col gap-4">
      <h2 id="moderation-albums" className="font-display text-xl font-semibold text-ink">
        {t('albums.title', { count: albums.data?.total ?? 0 })}
      </h2>
      <p className="text-sm text-ink-muted">{t('albums.description')}</p>
      {albums.isPending ? (
        <Spinner />
      ) : albums.isError ? (
        <ErrorState title={t('loadFailed')} onRetry={() => void albums.refetch()} />
      ) : albums.data.items.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('albums.empty')}</p>
      ) : (
        <>
          <TextField id={`${id}-reason`} label={t('albums.reasonLabel')} value={reason} maxLength={500} onValueChange={setReason} />
          <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
            {albums.data.items.map((album) => (
              <li key={album.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <Link to={paths.album(album.slug)} className="font-medium text-ink hover:text-accent">
                    {album.title}
                  </Link>
                  <p className="text-sm text-ink-muted">
                    {album.artist} · {t('albums.added', { who: addedBy(album.addedBy), date: formatDate(album.createdAt) })}
                  </p>
                </div>
                <Button
                  size="sm"
                  disabled={!reason.trim() || decide.isPending}
                  aria-label={t('albums.confirm', { title: album.title })}
                  onClick={() => decide.mutate({ subjectType: 'album', subjectId: album.id, action: 'confirm', reason })}
                >
                  {t('actions.confirm')}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!reason.trim() || decide.isPending}
                  aria-label={t('albums.reject', { title: album.title })}
                  onClick={() => decide.mutate({ subjectType: 'album', subjectId: album.id, action: 'reject', reason })}
                >
                  {t('actions.reject')}
                </Button>
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={albums.data.totalPages} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}

function Moderators() {
  const { t } = useTranslation('moderation');
  const formatDate = useFormatDate();
  const errorText = useErrorText();
  const id = useId();
  const [username, setUsername] = useState('');
  const list = useQuery(moderatorsQueryOptions);
  const change = useChangeModerator();
  const changeModerator = (name: string, appoint: boolean) =>
    change.mutate(
      { name, appoint },
      {
        onSuccess: () => {
          toast.success(t(appoint ? 'moderators.appointed' : 'moderators.removed'));
          if (appoint) setUsername('');
        },
        onError: (cause) => toast.error(errorText(cause, t('failed'))),
      },
    );
  return (
    <section aria-labelledby="moderation-moderators" className="flex flex-col gap-4">
      <h2 id="moderation-moderators" className="font-display text-xl font-semibold text-ink">
        {t('moderators.title')}
      </h2>
      <p className="text-sm text-ink-muted">{t('moderators.description')}</p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const name = username.trim().replace(/^@/, '');
          if (name) changeModerator(name, true);
        }}
      >
        <div className="min-w-0 flex-1">
          <TextField id={`${id}-username`} label={t('moderators.username')} value={username} maxLength={60} onValueChange={setUsername} />
        </div>
        <Button type="submit" disabled={!username.trim() || change.isPending}>
          {t('moderators.appoint')}
        </Button>
      </form>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <ErrorState title={t('loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('moderators.empty')}</p>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
          {list.data.items.map((person) => (
            <li key={person.username} className="flex items-center gap-3 px-4 py-3 text-sm">
              <Link to={paths.profile(person.username)} className="min-w-0 flex-1 font-medium text-ink hover:text-accent">
                {person.name} <span className="font-normal text-ink-muted">@{person.username}</span>
              </Link>
              <span className="text-ink-muted">{t('moderators.since', { date: formatDate(person.since) })}</span>
              <Button
                size="sm"
                variant="outline"
                disabled={change.isPending}
                aria-label={t('moderators.remove', { name: person.name })}
                onClick={() => changeModerator(person.username, false)}
              >
                {t('moderators.removeShort')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AuditLog() {
  const { t } = useTranslation('moderation');
  const formatDate = useFormatDate();
  const [page, setPage] = useState(1);
  const audit = useQuery(auditQueryOptions(page, PAGE_SIZE));
  return (
    <section aria-labelledby="moderation-audit" className="flex flex-col gap-4">
      <h2 id="moderation-audit" className="font-display text-xl font-semibold text-ink">
        {t('audit.title')}
      </h2>
      {audit.isPending ? (
        <Spinner />
      ) : audit.isError ? (
        <ErrorState title={t('loadFailed')} onRetry={() => void audit.refetch()} />
      ) : audit.data.items.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('audit.empty')}</p>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
          {audit.data.items.map((entry) => {
            const action = t(`audit.actions.${entry.action}`);
            // The kind as a word inside a sentence ("a review", „eine Rezension“), not the label's capitalised form.
            const type = t(`audit.subjects.${entry.subjectType}`);
            return (
              <li key={entry.id} className="px-4 py-3 text-sm text-ink">
                {t('audit.entry', { name: entry.moderatorName, action, type, reason: entry.reason })}{' '}
                <time className="text-ink-muted" dateTime={entry.at}>
                  {formatDate(entry.at)}
                </time>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={page} pages={audit.data?.totalPages ?? 1} onPageChange={setPage} />
    </section>
  );
}
