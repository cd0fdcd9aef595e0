import type { Conversation, DirectMessage, MessageHistory } from '@hearsay/contracts/conversations';
import { screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryOptions } from '../../shared/auth/session.ts';
import type { SocketLike } from '../../shared/realtime/connection.ts';
import { RealtimeProvider } from '../../shared/realtime/realtime.tsx';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { conversationQueryOptions, conversationsQueryOptions, historyQueryOptions } from './api.ts';
import { MessagesPage } from './messages-page.tsx';
import { MESSAGE_BODY_MAX } from '@hearsay/contracts/constants';

const ME = { id: 'me', name: 'Ada Lovelace', username: 'ada' };
const OTHER = { id: 'other', name: 'Ben Webster', username: 'ben', avatarUrl: null };

const message = (id: string, senderId: string, body: string, minute: number): DirectMessage => ({
  id,
  conversationId: 'c1',
  senderId,
  body,
  createdAt: `2026-11-20T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

const conversation = (fields: Partial<Conversation> = {}): Conversation => ({
  id: 'c1',
  other: OTHER,
  lastMessage: null,
  unread: 0,
  otherReadAt: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
  canSend: true,
  ...fields,
});

/** The server as the page sees it: answers by method and path, and records what was asked. */
let requests: { method: string; url: string; body?: unknown }[];
let answer: (method: string, url: string, body: unknown) => Response | undefined;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  requests = [];
  answer = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ method, url, body });
      const answered = answer(method, url, body);
      if (answered) return answered;
      if (method === 'POST' && url.endsWith('/read')) return json(200, { readAt: null });
      // Refetches stay pending, so the screen keeps what the test gave it.
      return new Promise<Response>(() => {});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function open(options: { conversation?: Conversation; pages?: MessageHistory[]; socket?: SocketLike } = {}) {
  const pages = options.pages ?? [{ items: [], hasMore: false }];
  const page = options.socket ? (
    <RealtimeProvider connect={() => options.socket!}>
      <MessagesPage />
    </RealtimeProvider>
  ) : (
    <MessagesPage />
  );
  return renderWithProviders(page, {
    url: '/messages/c1',
    path: '/messages/:conversationId?',
    cache: (queryClient: QueryClient) => {
      queryClient.setQueryData(sessionQueryOptions.queryKey, {
        user: { ...ME, email: 'ada@example.com', avatarUrl: null, bio: '', onboardingCompleted: true, createdAt: '2026-01-01T00:00:00Z' },
      });
      const current = options.conversation ?? conversation();
      queryClient.setQueryData(conversationsQueryOptions.queryKey, { items: [current], page: 1, limit: 50, total: 1, totalPages: 1 });
      queryClient.setQueryData(conversationQueryOptions('c1').queryKey, current);
      queryClient.setQueryData(historyQueryOptions('c1').queryKey, { pages, pageParams: pages.map((_, index) => (index ? 'x' : '')) });
    },
  });
}

const thread = () => screen.getByRole('list', { name: 'Messages with Ben Webster' });

describe('a conversation', () => {
  it('reads oldest to newest, says "Seen" under your last message once read, and marks the other’s messages read', async () => {
    const mine = message('m2', ME.id, 'Have you heard Soulville?', 2);
    open({
      conversation: conversation({ otherReadAt: mine.createdAt, unread: 1 }),
      pages: [{ items: [message('m3', OTHER.id, 'Not yet!', 3), mine, message('m1', OTHER.id, 'Hello Ada', 1)], hasMore: false }],
    });
    const items = within(thread()).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['Hello Ada', 'Have you heard Soulville?', 'Not yet!']);
    expect(within(items[1]!).getByText('Seen')).toBeInTheDocument();
    expect(screen.getAllByText('Seen')).toHaveLength(1);
    await waitFor(() => expect(requests).toContainEqual({ method: 'POST', url: '/api/conversations/c1/read', body: undefined }));
  });

  it('does not say "Seen" before the other person has read your message', () => {
    open({
      conversation: conversation({ otherReadAt: '2026-11-20T10:01:00.000Z' }),
      pages: [{ items: [message('m2', ME.id, 'Still there?', 2), message('m1', OTHER.id, 'Hi', 1)], hasMore: false }],
    });
    expect(screen.queryByText('Seen')).toBeNull();
  });

  it('loads earlier messages on request, before the oldest one shown', async () => {
    answer = (method, url) =>
      method === 'GET' && url.includes('before=m5')
        ? json(200, { items: [message('m4', OTHER.id, 'Much earlier', 0)], hasMore: false })
        : undefined;
    const { user } = open({ pages: [{ items: [message('m5', OTHER.id, 'Latest', 5)], hasMore: true }] });
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(within(thread()).getAllByRole('listitem')).toHaveLength(2));
    expect(within(thread()).getAllByRole('listitem')[0]).toHaveTextContent('Much earlier');
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });

  it('sends with Enter, starts a new line with Shift+Enter, and shows the message sent', async () => {
    answer = (method, url, body) =>
      method === 'POST' && url === '/api/conversations/c1/messages'
        ? json(201, message('new', ME.id, (body as { body: string }).body, 9))
        : undefined;
    const { user } = open();
    const box = screen.getByRole('textbox', { name: 'Message Ben Webster' });
    await user.type(box, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(box).toHaveValue('First line\nsecond line');
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(requests).toContainEqual({ method: 'POST', url: '/api/conversations/c1/messages', body: { body: 'First line\nsecond line' } });
    expect(await within(thread()).findByText(/First line/)).toBeInTheDocument();
  });

  it('keeps the text and shows why when a message is not sent', async () => {
    answer = (method, url) =>
      method === 'POST' && url.endsWith('/messages')
        ? json(403, {
            error: {
              code: 'messages_not_allowed',
              params: { name: 'Ben Webster' },
              message: 'Ben Webster is not accepting messages.',
              issues: [],
            },
          })
        : undefined;
    const { user } = open();
    const box = screen.getByRole('textbox', { name: 'Message Ben Webster' });
    await user.type(box, 'Are you there?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ben Webster is not accepting messages.');
    expect(box).toHaveValue('Are you there?');
  });

  it('counts characters near the limit and refuses a message over it', async () => {
    const { user } = open();
    const box = screen.getByRole('textbox', { name: 'Message Ben Webster' });
    box.focus();
    await user.paste('x'.repeat(MESSAGE_BODY_MAX - 201));
    // Numbers are written as the reader writes them: "2,001 / 2,000" in English.
    const written = (value: number) => value.toLocaleString('en');
    expect(screen.queryByText(new RegExp(`/ ${written(MESSAGE_BODY_MAX)}`))).toBeNull();
    await user.paste('x'.repeat(202));
    expect(screen.getByText(`${written(MESSAGE_BODY_MAX + 1)} / ${written(MESSAGE_BODY_MAX)}`)).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(`Message must be at most ${written(MESSAGE_BODY_MAX)} characters.`);
    expect(requests.filter((request) => request.url.endsWith('/messages') && request.method === 'POST')).toEqual([]);
  });

  it('shows a message that arrives over the live connection, without reloading', async () => {
    const socket: SocketLike = { send: () => {}, close: () => {}, onopen: null, onclose: null, onmessage: null, onerror: null };
    const arrived = message('m2', OTHER.id, 'Just now', 2);
    answer = (method, url) =>
      method === 'GET' && url.startsWith('/api/conversations/c1/messages') ? json(200, { items: [arrived], hasMore: false }) : undefined;
    open({ socket });
    expect(screen.getByText('Say hello to Ben Webster.')).toBeInTheDocument();
    await waitFor(() => expect(socket.onopen).not.toBeNull());
    socket.onopen!({});
    socket.onmessage!({
      data: JSON.stringify({
        type: 'message.created',
        conversationId: 'c1',
        messageId: 'm2',
        senderId: OTHER.id,
        createdAt: arrived.createdAt,
      }),
    });
    expect(await within(await screen.findByRole('list', { name: 'Messages with Ben Webster' })).findByText('Just now')).toBeInTheDocument();
    // Seen in an open thread, so it is read at once.
    await waitFor(() => expect(requests).toContainEqual({ method: 'POST', url: '/api/conversations/c1/read', body: undefined }));
  });

  it('says so instead of offering a composer when the other person does not accept your messages', () => {
    open({ conversation: conversation({ canSend: false }) });
    expect(screen.getByText('Ben Webster is not accepting messages from you right now.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
