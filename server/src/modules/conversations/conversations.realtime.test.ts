import type { Conversation, DirectMessage } from '@hearsay/contracts/conversations';
import { REALTIME_PATH, type RealtimeEvent } from '@hearsay/contracts/realtime';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

const SITE = 'http://hearsay.test';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: SITE } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** An open page of the site: a WebSocket with the site's Origin and the person's session, collecting events. */
async function openTab(person: TestUser) {
  const events: RealtimeEvent[] = [];
  let wake: () => void = () => {};
  let pong: () => void = () => {};
  const socket = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}`, { headers: { origin: SITE, cookie: person.cookie } } as never);
  socket.addEventListener('message', (message) => {
    if (message.data === 'pong') return pong();
    events.push(JSON.parse(String(message.data)) as RealtimeEvent);
    wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve());
    socket.addEventListener('error', () => reject(new Error('the socket did not open')));
  });
  return {
    events,
    /** The first event of a type, waiting for it up to two seconds. */
    async next(type: RealtimeEvent['type']): Promise<RealtimeEvent> {
      const deadline = Date.now() + 2000;
      for (;;) {
        const found = events.findIndex((event) => event.type === type);
        if (found >= 0) return events.splice(found, 1)[0]!;
        if (Date.now() > deadline) throw new Error(`no ${type} event`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 100);
        });
      }
    },
    /** Everything sent before now has arrived: the socket is ordered, so the answer to a ping comes after it. */
    settled(): Promise<void> {
      return new Promise<void>((resolve) => {
        pong = resolve;
        socket.send('ping');
      });
    },
    close: () => socket.close(),
  };
}

const send = (method: 'POST' | 'PUT', url: string, person: TestUser, payload?: object) =>
  t.inject({ method, url, headers: { cookie: person.cookie }, ...(payload ? { payload } : {}) });

describe('live delivery over the WebSocket', () => {
  it('brings a message to both participants’ open pages and the read receipt back to the sender, and nothing to anyone else', async () => {
    const [ada, ben, stranger] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    expect((await send('PUT', `/api/users/${ben.user.username}/follow`, ada)).statusCode).toBe(200);
    const conversation = (await send('POST', '/api/conversations', ada, { username: ben.user.username })).json<Conversation>();
    const [adaTab, adaOtherTab, benTab, strangerTab] = await Promise.all([openTab(ada), openTab(ada), openTab(ben), openTab(stranger)]);

    const sent = await send('POST', `/api/conversations/${conversation.id}/messages`, ada, { body: 'Are you listening?' });
    expect(sent.statusCode).toBe(201);
    const message = sent.json<DirectMessage>();
    const created = {
      type: 'message.created',
      conversationId: conversation.id,
      messageId: message.id,
      senderId: ada.user.id,
      createdAt: message.createdAt,
    };
    expect(await benTab.next('message.created')).toEqual(created);
    // The sender's other tab shows it too.
    expect(await adaOtherTab.next('message.created')).toEqual(created);
    expect(await adaTab.next('message.created')).toEqual(created);

    expect((await send('POST', `/api/conversations/${conversation.id}/read`, ben)).statusCode).toBe(200);
    expect(await adaTab.next('conversation.read')).toEqual({
      type: 'conversation.read',
      conversationId: conversation.id,
      readerId: ben.user.id,
      readAt: message.createdAt,
    });

    await strangerTab.settled();
    expect(strangerTab.events).toEqual([]);
    for (const tab of [adaTab, adaOtherTab, benTab, strangerTab]) tab.close();
  });
});
