import type { KvStore } from '@fedify/fedify';
import type { webcrypto } from 'node:crypto';
import { signRequest, type HttpMessageSignaturesSpec } from '@fedify/fedify/sig';
import { validatePublicUrl } from '@fedify/vocab-runtime';

/** What one delivery attempt came to. */
export type DeliveryOutcome =
  | { kind: 'delivered' }
  /** The inbox will never take it (gone, refused): not tried again. */
  | { kind: 'refused'; status: number }
  /** Worth trying again later (the server is down, slow or busy). */
  | { kind: 'failed'; reason: string; retryAfterMs?: number };

export interface DeliveryDeps {
  kv: KvStore;
  fetch: typeof fetch;
  allowPrivate: boolean;
  userAgent: string;
  timeoutMs?: number;
}

const SPECS: HttpMessageSignaturesSpec[] = ['rfc9421', 'draft-cavage-http-signatures-12'];
/** Statuses with which a server says it did not understand the signature (the other kind is tried once). */
const SIGNATURE_REFUSED = new Set([400, 401, 403]);

/**
 * POSTs a signed activity to an inbox. It signs with RFC 9421 first and with draft-cavage (what Mastodon checks) when
 * a server refuses that, and remembers per server which one it took ("double knocking"); it refuses private addresses
 * unless federation is allowed on them (development), whatever an actor document says its inbox is.
 */
export function createDelivery(deps: DeliveryDeps) {
  const specKey = (origin: string) => ['hearsay', 'signature-spec', origin] as const;

  async function attempt(
    inbox: URL,
    body: string,
    key: { privateKey: webcrypto.CryptoKey; keyId: URL },
    spec: HttpMessageSignaturesSpec,
  ): Promise<Response> {
    const request = new Request(inbox, {
      method: 'POST',
      headers: { 'Content-Type': 'application/activity+json', Accept: 'application/activity+json', 'User-Agent': deps.userAgent },
      body,
    });
    const signed = await signRequest(request, key.privateKey, key.keyId, { spec, body: new TextEncoder().encode(body).buffer });
    return deps.fetch(signed, { redirect: 'manual', signal: AbortSignal.timeout(deps.timeoutMs ?? 15_000) });
  }

  return async function deliver(
    inboxUrl: string,
    activity: unknown,
    key: { privateKey: webcrypto.CryptoKey; keyId: URL },
  ): Promise<DeliveryOutcome> {
    const inbox = new URL(inboxUrl);
    if (!deps.allowPrivate) {
      try {
        if (inbox.protocol !== 'https:') throw new Error('not https');
        await validatePublicUrl(inbox.href);
      } catch {
        return { kind: 'refused', status: 0 };
      }
    }
    const body = JSON.stringify(activity);
    const known = await deps.kv.get<HttpMessageSignaturesSpec>([...specKey(inbox.origin)]);
    const order = known ? [known, ...SPECS.filter((spec) => spec !== known)] : SPECS;
    let response: Response | undefined;
    try {
      for (const [index, spec] of order.entries()) {
        response = await attempt(inbox, body, key, spec);
        await response.body?.cancel();
        if (response.ok) {
          if (known !== spec) await deps.kv.set([...specKey(inbox.origin)], spec);
          return { kind: 'delivered' };
        }
        if (!SIGNATURE_REFUSED.has(response.status) || index === order.length - 1) break;
      }
    } catch (error) {
      return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
    }
    const status = response!.status;
    if (status === 404 || status === 410 || (status >= 400 && status < 500 && status !== 408 && status !== 429)) {
      return { kind: 'refused', status };
    }
    const retryAfter = Number(response!.headers.get('retry-after'));
    return {
      kind: 'failed',
      reason: `HTTP ${status}`,
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterMs: Math.min(retryAfter, 86_400) * 1000 } : {}),
    };
  };
}
