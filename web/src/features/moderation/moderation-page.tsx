import { moderationEndpoints, type ModerationDecisionBody, type ReportedSubject } from '@hearsay/contracts/moderation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ApiError, call, endpointKey, endpointQuery } from '../../shared/lib/api-client.ts';
import { formatDate } from '../../shared/lib/format-date.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Card, Container } from '../../shared/ui/card.tsx';
import { TextField } from '../../shared/ui/input.tsx';
import { NotFound } from '../../shared/ui/not-found.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { EmptyState, ErrorState, PageLoading, Spinner } from '../../shared/ui/skeleton.tsx';

const PAGE_SIZE = 20;

/** /moderation, for operators: open reports with the reported thing in context, the decisions, and the audit log. */
export function ModerationPage() {
  const { t } = useTranslation('moderation');
  const access = useQuery(endpointQuery(moderationEndpoints.access, {}));
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
      <ReportQueue />
      <AuditLog />
    </Container>
  );
}

function ReportQueue() {
  const { t } = useTranslation('moderation');
  const [page, setPage] = useState(1);
  const queue = useQuery(endpointQuery(moderationEndpoints.queue, { query: { page, limit: PAGE_SIZE } }));
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

function ReportedItem({ subject }: { subject: ReportedSubject }) {
  const { t, i18n } = useTranslation('moderation');
  const id = useId();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (action: ModerationDecisionBody['action']) =>
      call(moderationEndpoints.decide, { body: { subjectType: subject.subjectType, subjectId: subject.subjectId, action, reason } }),
    onSuccess: (_answer, action) => {
      toast.success(t(`decided.${action}`));
      void queryClient.invalidateQueries({ queryKey: endpointKey(moderationEndpoints.queue) });
      void queryClient.invalidateQueries({ queryKey: endpointKey(moderationEndpoints.audit) });
    },
    onError: (cause) => toast.error(cause instanceof ApiError ? cause.message : t('failed')),
  });
  const content = subject.content;
  const heading = content?.title ?? t('deleted');
  const type = t(`types.${subject.subjectType}`);
  return (
    <Card className="p-5">
      <article aria-label={t('item.label', { type, title: heading })}>
        <p className="text-xs font-medium uppercase tracking-wide text-ink-muted">
          {type} · {t('item.reports', { count: subject.reportCount })} ·{' '}
          {t('item.since', { date: formatDate(subject.firstReportedAt, i18n.language) })}
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
        {subject.notes.length ? (
          <ul className="mt-2 flex flex-col gap-1 text-sm text-ink-muted">
            {subject.notes.map((note) => (
              <li key={`${note.reporterUsername}:${note.at}`}>
                “{note.note}” — @{note.reporterUsername}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1">
            <TextField id={`${id}-reason`} label={t('item.reasonLabel')} value={reason} maxLength={500} onValueChange={setReason} />
          </div>
          <div className="flex gap-2">
            {subject.canHide && content && !content.hiddenReason ? (
              <Button variant="danger" disabled={!reason.trim() || decide.isPending} onClick={() => decide.mutate('hide')}>
                {t('actions.hide')}
              </Button>
            ) : null}
            <Button variant="outline" disabled={!reason.trim() || decide.isPending} onClick={() => decide.mutate('dismiss')}>
              {t('actions.dismiss')}
            </Button>
          </div>
        </div>
      </article>
    </Card>
  );
}

function AuditLog() {
  const { t, i18n } = useTranslation('moderation');
  const [page, setPage] = useState(1);
  const audit = useQuery(endpointQuery(moderationEndpoints.audit, { query: { page, limit: PAGE_SIZE } }));
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
            const type = t(`types.${entry.subjectType}`).toLowerCase();
            return (
              <li key={entry.id} className="px-4 py-3 text-sm text-ink">
                {t('audit.entry', { name: entry.moderatorName, action, type, reason: entry.reason })}{' '}
                <time className="text-ink-muted" dateTime={entry.at}>
                  {formatDate(entry.at, i18n.language)}
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
