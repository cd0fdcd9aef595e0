import type { Conversation, ConversationPage, DirectMessage, MessageHistory } from '@hearsay/contracts/conversations';
import type { RealtimeEvent } from '@hearsay/contracts/realtime';
import { readMemberSettings, type MessagePolicy } from '@hearsay/contracts/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { manualClock } from '../../../test/clock.ts';
import { createUser, deleteAccount, type TestUser } from '../../../test/users.ts';
import { errorAnswer } from '../../../test/requests.ts';
import { PACE_PER_HOUR } from '../../platform/http/pace.ts';
import { createHydrator } from '../../hydration/hydrator.ts';
import { createConversationsService } from './conversations.service.ts';
import { MESSAGE_BODY_MAX } from '@hearsay/contracts/constants';

let t: TestApp;
const clock = manualClock();

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const send = (method: Method, url: string, user: TestUser | null, payload?: object) =>
  t.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });

const follow = async (follower: TestUser, followee: TestUser) =>
  expect((await send('PUT', `/api/users/${followee.user.username}/follow`, follower)).statusCode).toBe(200);

/** Sets who may message `person`, as Settings → Messages does. */
const allowFrom = async (person: TestUser, policy: MessagePolicy) =>
  expect((await send('PATCH', '/api/me/settings', person, { messages: { allowFrom: policy } })).statusCode).toBe(200);

const open = (from: TestUser | null, to: TestUser | string) =>
  send('POST', '/api/conversations', from, { username: typeof to === 'string' ? to : to.user.username });

async function conversationOf(from: TestUser, to: TestUser): Promise<Conversation> {
  const response = await open(from, to);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Conversation>();
}

async function write(from: TestUser, conversationId: string, body: string): Promise<DirectMessage> {
  clock.advance(1000);
  const response = await send('POST', `/api/conversations/${conversationId}/messages`, from, { body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<DirectMessage>();
}

const list = async (person: TestUser) => (await send('GET', '/api/conversations', person)).json<ConversationPage>();

/** Two people who follow each other in one direction (`a` follows `b`), so either may message the other by default. */
async function pair(): Promise<[TestUser, TestUser]> {
  const a = await createUser(t);
  const b = await createUser(t);
  await follow(a, b);
  return [a, b];
}

describe('who may message whom', () => {
  it('by default, people connected by a follow in either direction, and nobody else', async () => {
    const [a, b] = await pair();
    const stranger = await createUser(t);
    // a follows b: both directions may open the conversation, and it is the same one.
    const fromA = await conversationOf(a, b);
    const fromB = await conversationOf(b, a);
    expect(fromB.id).toBe(fromA.id);
    expect(fromA.other).toMatchObject({ id: b.user.id, username: b.user.username, name: b.user.name });
    expect(fromA.canSend).toBe(true);

    const refused = await open(stranger, b);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(`${b.user.name} only accepts messages from people they follow or who follow them.`);
  });

  it('"everyone" lets a stranger in; "nobody" keeps even a follower out, with a clear message', async () => {
    const [a, b] = await pair();
    const stranger = await createUser(t);
    await allowFrom(b, 'everyone');
    expect((await open(stranger, b)).statusCode).toBe(200);

    await allowFrom(b, 'nobody');
    const refused = await open(a, b);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'messages_not_allowed', message: `${b.user.name} is not accepting messages.` });
  });

  it('is checked again on every message: turning messages off stops a conversation already begun', async () => {
    const [a, b] = await pair();
    const conversation = await conversationOf(a, b);
    await write(a, conversation.id, 'Before');
    await allowFrom(b, 'nobody');
    const refused = await send('POST', `/api/conversations/${conversation.id}/messages`, a, { body: 'After' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(`${b.user.name} is not accepting messages.`);
    expect((await send('GET', `/api/conversations/${conversation.id}`, a)).json<Conversation>().canSend).toBe(false);
    // b may still answer: a's own setting (the default) lets b, whom a follows, write to a.
    await write(b, conversation.id, 'I can still write to you');

    // Unfollowing ends the connection, and with it the default permission.
    expect((await send('DELETE', `/api/users/${b.user.username}/follow`, a)).statusCode).toBe(200);
    expect((await send('POST', `/api/conversations/${conversation.id}/messages`, b, { body: 'Gone?' })).statusCode).toBe(403);
  });

  it('not yourself, not someone unknown or deleted, and not as a visitor', async () => {
    const [a, b] = await pair();
    const self = await open(a, a);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('You cannot send messages to yourself.');
    expect((await open(a, 'me')).statusCode).toBe(400);
    expect((await open(a, 'nobody-by-this-name')).statusCode).toBe(404);
    expect((await open(a, 'guest')).statusCode).toBe(404);
    expect((await open(null, b)).statusCode).toBe(401);
    expect((await deleteAccount(t, b)).statusCode).toBe(200);
    expect((await open(a, b)).statusCode).toBe(404);
  });

  it('gives one conversation when both start it at the same moment', async () => {
    const [a, b] = await pair();
    const answers = await Promise.all([open(a, b), open(b, a), open(a, b), open(b, a)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json<Conversation>().id)).size).toBe(1);
    const rows = await t.db
      .selectFrom('conversation_member')
      .select('user_id')
      .where('conversation_id', '=', answers[0]!.json<Conversation>().id)
      .execute();
    expect(rows.map((row) => row.user_id).sort()).toEqual([a.user.id, b.user.id].sort());
  });
});

describe('only the two participants', () => {
  it('can list, read, page, write to or mark read a conversation; for anyone else it does not exist', async () => {
    const [a, b] = await pair();
    const stranger = await createUser(t);
    const conversation = await conversationOf(a, b);
    const message = await write(a, conversation.id, 'Just between us');
    const id = conversation.id;
    const paths: [Method, string, object?][] = [
      ['GET', `/api/conversations/${id}`],
      ['GET', `/api/conversations/${id}/messages`],
      ['GET', `/api/conversations/${id}/messages?before=${message.id}`],
      ['POST', `/api/conversations/${id}/messages`, { body: 'Let me in' }],
      ['POST', `/api/conversations/${id}/read`],
    ];
    for (const [method, url, payload] of paths) {
      expect((await send(method, url, null, payload)).statusCode, `visitor ${method} ${url}`).toBe(401);
      const asStranger = await send(method, url, stranger, payload);
      expect(asStranger.statusCode, `stranger ${method} ${url}`).toBe(404);
      expect(asStranger.json().error.message).toBe('This conversation does not exist.');
      // The same answer as for a conversation that does not exist at all.
      const missing = await send(method, url.replace(id, 'no-such-conversation'), a, payload);
      expect(errorAnswer(missing)).toEqual(errorAnswer(asStranger));
      expect((await send(method, url, b, payload)).statusCode, `participant ${method} ${url}`).toBeLessThan(300);
    }
    expect((await send('GET', '/api/conversations', null)).statusCode).toBe(401);
    expect((await send('GET', '/api/conversations/unread', null)).statusCode).toBe(401);
    expect((await list(stranger)).items).toEqual([]);
    expect((await list(b)).items.map((item) => item.id)).toEqual([id]);
    // Nothing the stranger tried was stored.
    const history = (await send('GET', `/api/conversations/${id}/messages`, a)).json<MessageHistory>();
    expect(history.items.map((item) => [item.senderId, item.body]).sort()).toEqual(
      [
        [a.user.id, 'Just between us'],
        [b.user.id, 'Let me in'],
      ].sort(),
    );
  });
});

describe('messages', () => {
  it('are trimmed text of 1 to the limit of characters, refused with the contract’s message otherwise', async () => {
    const [a, b] = await pair();
    const { id } = await conversationOf(a, b);
    const sent = await write(a, id, '  <b>Hello</b> https://example.com  ');
    expect(sent).toMatchObject({ body: '<b>Hello</b> https://example.com', senderId: a.user.id, conversationId: id });
    expect((await write(a, id, 'x'.repeat(MESSAGE_BODY_MAX))).body).toHaveLength(MESSAGE_BODY_MAX);
    for (const [payload, message] of [
      [{ body: 'x'.repeat(MESSAGE_BODY_MAX + 1) }, `Message must be at most ${MESSAGE_BODY_MAX} characters`],
      [{ body: '   \n ' }, 'Write a message first'],
      [{ body: 42 }, 'Message must be text'],
      [{}, 'Message must be text'],
    ] as const) {
      const response = await send('POST', `/api/conversations/${id}/messages`, a, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
  });

  it('page back through history newest first without gaps or repeats, even when sent in the same millisecond', async () => {
    const [a, b] = await pair();
    const { id } = await conversationOf(a, b);
    const bodies: string[] = [];
    for (let i = 0; i < 23; i++) {
      // Three messages share each moment, so the order falls back to the id.
      if (i % 3 === 0) clock.advance(1000);
      const response = await send('POST', `/api/conversations/${id}/messages`, i % 2 ? b : a, { body: `Message ${i}` });
      expect(response.statusCode).toBe(201);
      bodies.push(`Message ${i}`);
    }
    const seen: DirectMessage[] = [];
    let before: string | undefined;
    let pages = 0;
    for (;;) {
      const url = `/api/conversations/${id}/messages?limit=5${before ? `&before=${before}` : ''}`;
      const page = (await send('GET', url, b)).json<MessageHistory>();
      seen.push(...page.items);
      pages++;
      if (!page.hasMore) break;
      before = page.items.at(-1)!.id;
    }
    expect(pages).toBe(5);
    expect(seen).toHaveLength(23);
    expect(new Set(seen.map((message) => message.id)).size).toBe(23);
    const times = seen.map((message) => message.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    // Within one moment the order is the id's, so the sets per moment are the messages sent then.
    expect(new Set(seen.map((message) => message.body))).toEqual(new Set(bodies));
    expect(seen.at(-1)!.body).toMatch(/^Message [012]$/);

    const bad = await send('GET', `/api/conversations/${id}/messages?before=not-a-message`, a);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('That message is not in this conversation.');
    expect((await send('GET', `/api/conversations/${id}/messages?limit=0`, a)).statusCode).toBe(400);
  });

  it(`are paced: ${PACE_PER_HOUR.message} an hour per person, then a clear 429`, async () => {
    const [a, b] = await pair();
    const { id } = await conversationOf(a, b);
    for (let i = 0; i < PACE_PER_HOUR.message; i++) {
      expect((await send('POST', `/api/conversations/${id}/messages`, a, { body: `Hi ${i}` })).statusCode).toBe(201);
    }
    const refused = await send('POST', `/api/conversations/${id}/messages`, a, { body: 'One too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toContain('You are doing this too often.');
    expect((await send('POST', `/api/conversations/${id}/messages`, b, { body: 'I may still answer' })).statusCode).toBe(201);
  });
});

describe('the conversations list, unread counts and read receipts', () => {
  it('shows the last message and what is unread, most recent first, and hides a conversation nobody wrote in from the other', async () => {
    const me = await createUser(t);
    const [first, second, quiet] = [await createUser(t), await createUser(t), await createUser(t)];
    for (const other of [first, second, quiet]) await follow(other, me);
    const withFirst = await conversationOf(first, me);
    const withSecond = await conversationOf(second, me);
    await conversationOf(quiet, me);

    await write(first, withFirst.id, 'One');
    await write(first, withFirst.id, 'Two');
    await write(second, withSecond.id, 'Hello from second');

    const page = await list(me);
    expect(page.total).toBe(2);
    expect(page.items.map((item) => [item.other.username, item.lastMessage?.body, item.unread])).toEqual([
      [second.user.username, 'Hello from second', 1],
      [first.user.username, 'Two', 2],
    ]);
    expect((await send('GET', '/api/conversations/unread', me)).json()).toEqual({ conversations: 2 });
    // The one who opened the empty conversation sees it; the sender has nothing unread.
    expect((await list(quiet)).items).toHaveLength(1);
    expect((await list(first)).items[0]).toMatchObject({ unread: 0, otherReadAt: null });

    // Reading marks everything up to the newest message; the sender then sees how far it was read.
    const read = await send('POST', `/api/conversations/${withFirst.id}/read`, me);
    expect(read.statusCode).toBe(200);
    const two = (await send('GET', `/api/conversations/${withFirst.id}/messages?limit=1`, me)).json<MessageHistory>().items[0]!;
    expect(read.json()).toEqual({ readAt: two.createdAt });
    expect((await send('GET', '/api/conversations/unread', me)).json()).toEqual({ conversations: 1 });
    const fromFirst = (await send('GET', `/api/conversations/${withFirst.id}`, first)).json<Conversation>();
    expect(fromFirst.otherReadAt).toBe(two.createdAt);

    // A new message is unread again, and moves its conversation to the top.
    await write(first, withFirst.id, 'Three');
    const after = await list(me);
    expect(after.items.map((item) => [item.other.username, item.unread])).toEqual([
      [first.user.username, 1],
      [second.user.username, 1],
    ]);
    expect((await send('GET', '/api/conversations?limit=1&page=2', me)).json<ConversationPage>()).toMatchObject({
      total: 2,
      totalPages: 2,
    });
  });

  it('go with an account: the other participant no longer has the conversation', async () => {
    const [a, b] = await pair();
    const { id } = await conversationOf(a, b);
    await write(b, id, 'Goodbye');
    expect((await deleteAccount(t, b)).statusCode).toBe(200);
    expect((await list(a)).items).toEqual([]);
    expect((await send('GET', `/api/conversations/${id}`, a)).statusCode).toBe(404);
    expect(await t.db.selectFrom('direct_message').select('id').where('conversation_id', '=', id).execute()).toEqual([]);
  });
});

describe('live delivery', () => {
  it('tells both participants of a new message and the other one of a read', async () => {
    const events: { userIds: readonly string[]; event: RealtimeEvent }[] = [];
    const conversations = createConversationsService({
      db: t.db,
      clock: clock.now,
      realtime: { send: (userIds, event) => events.push({ userIds, event }), disconnect: () => undefined },
      hydrator: createHydrator({ db: t.db }),
      // Everyone keeps the default policy here: people connected by a follow may write.
      settings: {
        read: async () => readMemberSettings({}),
        readMany: async (ids) => new Map(ids.map((id) => [id, readMemberSettings({})])),
      },
    });
    const [a, b] = await pair();
    const { id } = await conversationOf(a, b);
    const message = await conversations.send(a.user.id, id, 'Live');
    expect(events).toEqual([
      {
        userIds: [a.user.id, b.user.id],
        event: { type: 'message.created', conversationId: id, messageId: message.id, senderId: a.user.id, createdAt: message.createdAt },
      },
    ]);
    events.length = 0;
    await conversations.read(b.user.id, id);
    expect(events).toEqual([
      {
        userIds: [a.user.id, b.user.id],
        event: { type: 'conversation.read', conversationId: id, readerId: b.user.id, readAt: message.createdAt },
      },
    ]);
    // Reading again changes nothing and tells nobody.
    events.length = 0;
    await conversations.read(b.user.id, id);
    expect(events).toEqual([]);
  });
});
