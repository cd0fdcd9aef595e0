import { ReportDialog } from '../../shared/ui/report-dialog.tsx';
import type { Conversation, DirectMessage } from '@hearsay/contracts/conversations';
import { paths } from '@hearsay/contracts/paths';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ArrowLeft, MessageCircle } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSession } from '../../shared/auth/session.ts';
import { ApiError } from '../../shared/lib/api-client.ts';
import { cn } from '../../shared/lib/cn.ts';
import { useFormatDate } from '../../shared/hooks/use-format-date.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/card.tsx';
import { Textarea } from '../../shared/ui/input.tsx';
import { EmptyState, ErrorState, Spinner } from '../../shared/ui/skeleton.tsx';
import {
  conversationQueryOptions,
  conversationsQueryOptions,
  historyQueryOptions,
  threadMessages,
  useLiveConversations,
  useMarkRead,
  useSendMessage,
} from './api.ts';
import { MessageText } from './message-text.tsx';
import { ensure, ensureInfinite, queryLoader } from '../../shared/lib/route-data.ts';
import { MESSAGE_BODY_MAX } from '@hearsay/contracts/constants';
import { useErrorText } from '../../shared/i18n/error-text.ts';

/** The counter appears this close to the limit. */
const COUNTER_FROM = MESSAGE_BODY_MAX - 200;

/**
 * /messages and /messages/:conversationId: the conversations list beside the open thread on wide screens; on a phone,
 * one at a time (the list, or the thread with a way back).
 */
export function MessagesPage() {
  const { t } = useTranslation('conversations');
  const { conversationId } = useParams();
  useLiveConversations();
  return (
    <Container className="py-6 sm:py-8">
      <title>{`${t('title')} · Hearsay`}</title>
      <h1 className={cn('mb-4 font-display text-3xl font-semibold text-ink', conversationId && 'sr-only md:not-sr-only')}>{t('title')}</h1>
      {/* Columns that may shrink below their content: a long last message is cut by its row, not widening the page. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[minmax(16rem,20rem)_minmax(0,1fr)]">
        <section aria-labelledby="conversations-heading" className={cn(conversationId && 'hidden md:block')}>
          <h2 id="conversations-heading" className="sr-only">
            {t('list.heading')}
          </h2>
          <ConversationList activeId={conversationId} />
        </section>
        <div className={cn(!conversationId && 'hidden md:block')}>
          {conversationId ? (
            <Thread key={conversationId} conversationId={conversationId} />
          ) : (
            <EmptyState icon={<MessageCircle />} title={t('thread.choose')} description={t('thread.chooseHint')} />
          )}
        </div>
      </div>
    </Container>
  );
}

function ConversationList({ activeId }: { activeId?: string }) {
  const { t } = useTranslation('conversations');
  const session = useSession();
  const list = useQuery(conversationsQueryOptions);
  if (list.isPending) return <Spinner label={t('list.loading')} />;
  if (list.isError && !list.data) return <ErrorState onRetry={() => void list.refetch()} />;
  if (list.data.items.length === 0) {
    return <EmptyState icon={<MessageCircle />} title={t('list.empty')} description={t('list.emptyHint')} />;
  }
  return (
    <ul className="flex flex-col gap-1" data-testid="conversation-list">
      {list.data.items.map((conversation) => (
        <li key={conversation.id}>
          <ConversationRow conversation={conversation} active={conversation.id === activeId} viewerId={session.user?.id} />
        </li>
      ))}
    </ul>
  );
}

function ConversationRow({ conversation, active, viewerId }: { conversation: Conversation; active: boolean; viewerId?: string }) {
  const { t } = useTranslation('conversations');
  const formatDate = useFormatDate();
  const last = conversation.lastMessage;
  const preview = last ? (last.senderId === viewerId ? t('list.fromYou', { body: last.body }) : last.body) : t('list.noMessages');
  return (
    <Link
      to={paths.messages(conversation.id)}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-xl px-3 py-2.5 transition-colors hover:bg-surface-2',
        active && 'bg-surface-2',
        conversation.unread > 0 && 'font-semibold',
      )}
    >
      <Avatar name={conversation.other.name} src={conversation.other.avatarUrl} />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className="truncate text-ink">{conversation.other.name}</span>
          <time dateTime={conversation.updatedAt} className="shrink-0 text-xs font-normal text-ink-subtle">
            {formatDate(conversation.updatedAt, 'date')}
          </time>
        </span>
        <span className="flex items-center gap-2">
          <span className="truncate text-sm text-ink-muted">{preview}</span>
          {conversation.unread > 0 ? (
            <span className="ml-auto shrink-0 rounded-full bg-accent px-2 text-xs leading-5 text-accent-ink">
              <span aria-hidden>{conversation.unread}</span>
              <span className="sr-only">{t('list.unread', { count: conversation.unread })}</span>
            </span>
          ) : null}
        </span>
      </span>
    </Link>
  );
}

function Thread({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('conversations');
  const session = useSession();
  const viewerId = session.user?.id;
  const conversation = useQuery(conversationQueryOptions(conversationId));
  const history = useInfiniteQuery(historyQueryOptions(conversationId));
  const messages = threadMessages(history.data);
  const newest = messages.at(-1);
  const markRead = useMarkRead(conversationId);
  const scroller = useRef<HTMLDivElement>(null);
  const readUpTo = useRef<string | null>(null);

  // Reading the thread is the read receipt: once for each newest message from the other person.
  const { mutate: read } = markRead;
  useEffect(() => {
    if (!newest || !viewerId || newest.senderId === viewerId || readUpTo.current === newest.id) return;
    readUpTo.current = newest.id;
    read();
  }, [newest, viewerId, read]);

  // The newest message stays in view when one arrives; loading earlier ones leaves the place where you were.
  const newestId = newest?.id;
  useEffect(() => {
    const element = scroller.current;
    if (element && newestId) element.scrollTop = element.scrollHeight;
  }, [newestId]);

  // A failed refetch keeps what was shown; only a first load that failed shows the error.
  if (conversation.isError && !conversation.data) {
    if (conversation.error instanceof ApiError && conversation.error.status === 404) {
      return <EmptyState title={t('thread.notFound')} description={t('thread.notFoundHint')} />;
    }
    return <ErrorState onRetry={() => void conversation.refetch()} />;
  }
  if (!conversation.data) return <Spinner label={t('thread.loading')} />;
  const other = conversation.data.other;
  const lastMine = [...messages].reverse().find((message) => message.senderId === viewerId);
  const seen = Boolean(lastMine && conversation.data.otherReadAt && conversation.data.otherReadAt >= lastMine.createdAt);

  return (
    <section
      aria-labelledby="thread-heading"
      className="flex h-[calc(100dvh-12rem)] min-h-96 flex-col rounded-2xl border border-line bg-surface"
    >
      <header className="flex items-center gap-3 border-b border-line px-4 py-3">
        <Button asChild variant="ghost" size="icon-sm" className="md:hidden">
          <Link to={paths.messages()} aria-label={t('thread.back')}>
            <ArrowLeft aria-hidden />
          </Link>
        </Button>
        <Avatar name={other.name} src={other.avatarUrl} size="sm" />
        <h2 id="thread-heading" className="min-w-0 truncate font-semibold text-ink">
          <Link to={paths.profile(other.username)} className="hover:underline">
            {other.name}
          </Link>
        </h2>
      </header>
      <div ref={scroller} className="flex-1 overflow-y-auto px-4 py-3">
        {history.hasNextPage ? (
          <div className="mb-3 flex justify-center">
            <Button variant="outline" size="sm" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
              {history.isFetchingNextPage ? t('thread.loadingEarlier') : t('thread.loadEarlier')}
            </Button>
          </div>
        ) : null}
        {history.isPending ? (
          <Spinner label={t('thread.loading')} />
        ) : history.isError && !history.data ? (
          <ErrorState onRetry={() => void history.refetch()} />
        ) : messages.length === 0 ? (
          <p className="py-10 text-center text-ink-muted">{t('thread.empty', { name: other.name })}</p>
        ) : (
          <ol aria-label={t('thread.history', { name: other.name })} className="flex flex-col gap-2">
            {messages.map((message) => (
              <MessageBubble
                key={message.id}
                message={message}
                mine={message.senderId === viewerId}
                senderName={message.senderId === viewerId ? (session.user?.name ?? '') : other.name}
                seen={seen && message.id === lastMine?.id}
              />
            ))}
          </ol>
        )}
      </div>
      {conversation.data.canSend ? (
        <Composer conversationId={conversationId} name={other.name} />
      ) : (
        <p role="status" className="border-t border-line px-4 py-3 text-sm text-ink-muted">
          {t('thread.cannotSend', { name: other.name })}
        </p>
      )}
    </section>
  );
}

function MessageBubble({ message, mine, senderName, seen }: { message: DirectMessage; mine: boolean; senderName: string; seen: boolean }) {
  const { t } = useTranslation('conversations');
  const formatDate = useFormatDate();
  const time = formatDate(message.createdAt, 'dateTime');
  const [reporting, setReporting] = useState(false);
  return (
    <li className={cn('flex max-w-[85%] flex-col', mine ? 'items-end self-end' : 'items-start self-start')}>
      <p
        className={cn(
          'whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-[15px]',
          mine ? 'bg-accent text-accent-ink' : 'bg-surface-2 text-ink',
        )}
      >
        <MessageText body={message.body} />
      </p>
      <span className="mt-0.5 text-xs text-ink-subtle">
        <span className="sr-only">{t('thread.sentBy', { name: senderName, time })}</span>
        <time aria-hidden dateTime={message.createdAt}>
          {time}
        </time>
        {seen ? <span className="ml-2 font-medium text-ink-muted">{t('thread.seen')}</span> : null}
        {mine ? null : (
          <button
            type="button"
            className="ml-2 text-ink-muted hover:text-ink"
            aria-label={t('thread.report', { name: senderName, time })}
            onClick={() => setReporting(true)}
          >
            {t('thread.reportShort')}
          </button>
        )}
      </span>
      {mine ? null : <ReportDialog subject={{ type: 'message', id: message.id }} open={reporting} onOpenChange={setReporting} />}
    </li>
  );
}

function Composer({ conversationId, name }: { conversationId: string; name: string }) {
  const { t } = useTranslation('conversations');
  const errorText = useErrorText();
  const sendMessage = useSendMessage(conversationId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const length = text.trim().length;
  const tooLong = length > MESSAGE_BODY_MAX;

  const submit = () => {
    const body = text.trim();
    if (!body || sendMessage.isPending) return;
    if (tooLong) {
      setError(t('composer.tooLong', { max: MESSAGE_BODY_MAX }));
      return;
    }
    setError(null);
    sendMessage.mutate(body, {
      // What was typed while it was sending stays; what was sent goes.
      onSuccess: () => setText((current) => (current.trim() === body ? '' : current)),
      // The text stays in the box with the reason, so nothing is lost.
      onError: (cause) => setError(errorText(cause, t('composer.failed'))),
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={onSubmit} className="border-t border-line px-4 py-3">
      {error ? (
        <p role="alert" className="mb-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        <Textarea
          aria-label={t('composer.label', { name })}
          aria-describedby={`composer-hint-${conversationId}`}
          aria-invalid={tooLong || undefined}
          placeholder={t('composer.placeholder')}
          value={text}
          rows={2}
          className="min-h-12 resize-none"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" disabled={sendMessage.isPending || length === 0}>
          {sendMessage.isPending ? t('composer.sending') : t('composer.send')}
        </Button>
      </div>
      <p id={`composer-hint-${conversationId}`} className="mt-1 flex justify-between text-xs text-ink-subtle">
        <span>{t('composer.hint')}</span>
        {length >= COUNTER_FROM ? (
          <span className={cn('tabular-nums', tooLong && 'font-medium text-danger')} aria-live="polite">
            {t('composer.counter', { count: length, max: MESSAGE_BODY_MAX })}
          </span>
        ) : null}
      </p>
    </form>
  );
}

/** The conversations, and the open one with its latest messages, fetched before the page is rendered. */
export const loader = queryLoader(({ client, params: { conversationId }, signedIn }) => {
  if (!signedIn) return Promise.resolve();
  return Promise.all([
    ensure(client, conversationsQueryOptions),
    ...(conversationId
      ? [ensure(client, conversationQueryOptions(conversationId)), ensureInfinite(client, historyQueryOptions(conversationId))]
      : []),
  ]);
});
