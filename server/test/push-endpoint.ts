/**
 * A push service as a browser's would be, on loopback: it takes pushes (RFC 8030) at one address per device, keeps
 * each with its headers, and answers what the test asks next (201 Created as push services do, or 404, 410, 429,
 * 503). Each device is made here as a browser makes one: a P-256 key pair and a random 16-byte auth secret, so a push
 * received can be decrypted (aes128gcm, RFC 8291) with the device's private key, with http_ece, the library web-push
 * itself encrypts with. The VAPID Authorization header (RFC 8292) is checked against the site's public key.
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decrypt } from 'http_ece';
import { makeCertificate } from './certificate.ts';

export interface ReceivedPush {
  device: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushDevice {
  id: string;
  /** What `PushSubscription.toJSON()` gives a page: posted to /api/push/subscriptions. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: Buffer;
}

export interface PushEndpoint {
  url: string;
  /** Its self-signed certificate (PEM file), and a TLS agent that trusts it. */
  certificate: string;
  agent: Agent;
  received: ReceivedPush[];
  /** Statuses for the next pushes, in order (then 201 again). */
  answerNext(...statuses: number[]): void;
  newDevice(): PushDevice;
  /** The pushes a device got, decrypted. */
  pushesTo(device: PushDevice): unknown[];
  close(): Promise<void>;
}

/**
 * Push services are reached over https only, so the stand-in has a certificate for 127.0.0.1: made here with openssl,
 * or the one given (a server process started earlier trusts it through NODE_EXTRA_CA_CERTS).
 */
export async function startPushEndpoint(
  tls: { certificate: string; key: string } = makeCertificate(mkdtempSync(join(tmpdir(), 'hearsay-push-'))),
): Promise<PushEndpoint> {
  const received: ReceivedPush[] = [];
  const next: number[] = [];
  const cert = readFileSync(tls.certificate);
  const server = createServer({ cert, key: readFileSync(tls.key) }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const device = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      if (request.method !== 'POST' || !device) {
        response.writeHead(404).end();
        return;
      }
      const status = next.shift() ?? 201;
      if (status === 201) received.push({ device, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(status, status === 429 ? { 'Retry-After': '1' } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert });
  return {
    url,
    certificate: tls.certificate,
    agent,
    received,
    answerNext: (...statuses) => next.push(...statuses),
    newDevice() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(9).toString('base64url');
      const device: PushDevice = {
        id,
        ecdh,
        auth,
        subscription: {
          endpoint: `${url}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
      return device;
    },
    pushesTo: (device) =>
      received
        .filter((push) => push.device === device.id)
        .map((push) =>
          JSON.parse(decrypt(push.body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8')),
        ),
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The claims of a push's VAPID header (`vapid t=<JWT>, k=<public key>`), once its ES256 signature is checked with
 * `publicKey`; throws when the header is missing, names another key, or is not signed by it.
 */
export function vapidClaims(authorization: string | undefined, publicKey: string): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== publicKey) throw new Error('the VAPID header names another key');
  const [header, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') };
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID token is not signed by the site’s key');
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
}
