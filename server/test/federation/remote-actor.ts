/**
 * A person of a server that is not Hearsay (a Mastodon account, say), played by the test: a small HTTP server on
 * loopback that serves their actor document, with the public key of a key pair the test holds, and records what reaches
 * their inbox; it signs activities as Mastodon does (draft-cavage HTTP Signatures, RSA). The Hearsay side stays real:
 * it fetches the actor and checks every signature itself. Hearsay sends no replies or reports of its own making to
 * test against, nor floods; this is how those reach a real Hearsay process.
 */
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type SignedAt = NonNullable<Parameters<typeof signRequest>[3]>['currentTime'];

export const ACTIVITYSTREAMS = 'https://www.w3.org/ns/activitystreams';

/** A signed POST: its headers and body, to send once or more. */
export interface SignedPost {
  headers: Record<string, string>;
  body: string;
}

export interface RemoteActor {
  /** Their server, `http://127.0.0.1:PORT`. */
  base: string;
  /** `127.0.0.1:PORT`. */
  host: string;
  /** The actor's id, `{base}/users/{name}`. */
  uri: string;
  /** Activities their inbox (or their server's shared inbox) received, in order. */
  received: Record<string, unknown>[];
  /** `activity` signed for `inbox`, with the ActivityStreams context and this actor filled in when it has none. */
  sign(inbox: string, activity: object, options?: { at?: Date }): Promise<SignedPost>;
  /** Signs and sends. */
  post(inbox: string, activity: object): Promise<Response>;
  /** A new key pair: the actor document shows the new public key from now on, and signatures use the new private key. */
  rotateKey(): Promise<void>;
  close(): Promise<void>;
}

export async function startRemoteActor(options: {
  name: string;
  displayName?: string;
  /** Answers a `Follow` of them with `Accept` at once, as Mastodon does for an unlocked account. */
  acceptsFollows?: boolean;
}): Promise<RemoteActor> {
  const { name } = options;
  let keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const received: Record<string, unknown>[] = [];
  let base = '';
  const uri = () => `${base}/users/${name}`;
  const pem = async () => {
    const spki = Buffer.from(await crypto.subtle.exportKey('spki', keys.publicKey)).toString('base64');
    return `-----BEGIN PUBLIC KEY-----\n${spki.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----\n`;
  };
  const server = createServer((request, response) => {
    void (async () => {
      if (request.method === 'GET' && request.url === `/users/${name}`) {
        response.writeHead(200, { 'content-type': 'application/activity+json' });
        response.end(
          JSON.stringify({
            '@context': [ACTIVITYSTREAMS, 'https://w3id.org/security/v1'],
            id: uri(),
            type: 'Person',
            preferredUsername: name,
            name: options.displayName ?? name,
            url: `${base}/@${name}`,
            inbox: `${uri()}/inbox`,
            endpoints: { sharedInbox: `${base}/inbox` },
            publicKey: { id: `${uri()}#main-key`, owner: uri(), publicKeyPem: await pem() },
          }),
        );
        return;
      }
      if (request.method === 'POST' && (request.url === `/users/${name}/inbox` || request.url === '/inbox')) {
        let body = '';
        for await (const chunk of request) body += String(chunk);
        response.writeHead(202).end();
        const activity = JSON.parse(body || '{}') as Record<string, unknown>;
        received.push(activity);
        if (options.acceptsFollows && activity.type === 'Follow' && typeof activity.actor === 'string') {
          void post(`${new URL(activity.actor).origin}/ap/inbox`, {
            id: `${uri()}#accepts/${received.length}`,
            type: 'Accept',
            object: activity,
          });
        }
        return;
      }
      response.writeHead(404).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function sign(inbox: string, activity: object, signOptions: { at?: Date } = {}): Promise<SignedPost> {
    const body = JSON.stringify({ '@context': ACTIVITYSTREAMS, actor: uri(), ...activity });
    const request = new Request(inbox, { method: 'POST', headers: { 'content-type': 'application/activity+json' }, body });
    const signed = await signRequest(request, keys.privateKey, new URL(`${uri()}#main-key`), {
      spec: 'draft-cavage-http-signatures-12',
      body: new TextEncoder().encode(body).buffer,
      // Fedify's types name the global Temporal, which Node does not have yet; the polyfill Fedify itself uses is the same.
      currentTime: signOptions.at ? (Temporal.Instant.fromEpochMilliseconds(signOptions.at.getTime()) as unknown as SignedAt) : undefined,
    });
    return { headers: Object.fromEntries(signed.headers.entries()), body };
  }

  async function post(inbox: string, activity: object): Promise<Response> {
    const response = await fetch(inbox, { method: 'POST', ...(await sign(inbox, activity)), signal: AbortSignal.timeout(30_000) });
    await response.body?.cancel();
    return response;
  }

  return {
    base,
    host: new URL(base).host,
    uri: uri(),
    received,
    sign,
    post,
    async rotateKey() {
      keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
