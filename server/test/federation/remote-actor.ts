/**
 * A person of a server that is not Hearsay, played by the test: a small HTTP server on loopback that serves their actor
 * document (with the public key of a key pair the test holds) and records what reaches their inbox, and that signs
 * activities the way fediverse servers do (draft-cavage HTTP Signatures, as Mastodon sends them). The Hearsay side
 * stays real: it fetches the actor and verifies every signature itself.
 */
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type SignedAt = NonNullable<Parameters<typeof signRequest>[3]>['currentTime'];

export const ACTIVITYSTREAMS = 'https://www.w3.org/ns/activitystreams';

export interface RemoteActor {
  /** The actor's id, `http://127.0.0.1:PORT/users/NAME`. */
  uri: string;
  /** Activities their inbox received, in order. */
  received: Record<string, unknown>[];
  /** A signed POST of `activity` to `inbox`, as headers and body, to send once or more. */
  sign(inbox: string, activity: object, options?: { at?: Date }): Promise<{ headers: Record<string, string>; body: string }>;
  /** Signs and sends. */
  post(inbox: string, activity: object): Promise<Response>;
  /** A new key pair: the actor document shows the new public key from now on, and signatures use the new private key. */
  rotateKey(): Promise<void>;
  close(): Promise<void>;
}

export async function startRemoteActor(name: string): Promise<RemoteActor> {
  let keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const received: Record<string, unknown>[] = [];
  let uri = '';
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
            id: uri,
            type: 'Person',
            preferredUsername: name,
            name,
            inbox: `${uri}/inbox`,
            publicKey: { id: `${uri}#main-key`, owner: uri, publicKeyPem: await pem() },
          }),
        );
        return;
      }
      if (request.method === 'POST' && request.url === `/users/${name}/inbox`) {
        let body = '';
        for await (const chunk of request) body += String(chunk);
        received.push(JSON.parse(body) as Record<string, unknown>);
        response.writeHead(202).end();
        return;
      }
      response.writeHead(404).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  uri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/users/${name}`;

  async function sign(inbox: string, activity: object, options: { at?: Date } = {}) {
    const body = JSON.stringify(activity);
    const request = new Request(inbox, { method: 'POST', headers: { 'content-type': 'application/activity+json' }, body });
    const signed = await signRequest(request, keys.privateKey, new URL(`${uri}#main-key`), {
      // Fedify's types name the global Temporal, which Node does not have yet; the polyfill Fedify itself uses is the same.
      currentTime: options.at ? (Temporal.Instant.fromEpochMilliseconds(options.at.getTime()) as unknown as SignedAt) : undefined,
    });
    return { headers: Object.fromEntries(signed.headers.entries()), body };
  }

  return {
    uri,
    received,
    sign,
    async post(inbox, activity) {
      const { headers, body } = await sign(inbox, activity);
      return fetch(inbox, { method: 'POST', headers, body });
    },
    async rotateKey() {
      keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
