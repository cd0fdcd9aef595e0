import type { Conversation, DirectMessage } from '@hearsay/contracts/conversations';
import type { RealtimeEvent } from '@hearsay/contracts/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { listen, openTab, TEST_SITE } from '../../../test/realtime.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: TEST_SITE } });
  port = await listen(t);
});
afterAll(() => t.close());

/** A page of the site open for `person`; events get two seconds to arrive on this busy machine. */
async function tabOf(person: TestUser) {
  const tab = await openTab(port, person);
  return { ...tab, next: (type: RealtimeEvent['type']) => tab.next(type, 2000) };
}

const send = (method: 'POST' | 'PUT', url: string, person: TestUser, payload?: object) =>
  t.inject({ method, url, headers: { cookie: person.cookie }, ...(payload ? { payload } : {}) });

describe('live delivery over the WebSocket', () => {
  it('brings a message to both participants’ open pages and the read receipt back to the sender, and nothing to anyone else', async () => {
    const [ada, ben, stranger] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    expect((await send('PUT', `/api/users/${ben.user.username}/follow`, ada)).statusCode).toBe(200);
    const conversation = (await send('POST', '/api/conversations', ada, { username: ben.user.username })).json<Conversation>();
    const [adaTab, adaOtherTab, benTab, strangerTab] = await Promise.all([tabOf(ada), tabOf(ada), tabOf(ben), tabOf(stranger)]);

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
