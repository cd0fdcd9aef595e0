import { validatePublicUrl } from '@fedify/vocab-runtime';

/** The most listens one submission may carry, and the biggest one listen may be (ListenBrainz's API limits). */
export const LISTENBRAINZ_MAX_LISTENS_PER_REQUEST = 1000;
export const LISTENBRAINZ_MAX_LISTEN_BYTES = 10_240;
export const LISTENBRAINZ_DEFAULT_API_ROOT = 'https://api.listenbrainz.org';

/** One listen as ListenBrainz's submit-listens takes it. */
export interface SubmittedListen {
  listened_at: number;
  track_metadata: {
    artist_name: string;
    track_name: string;
    release_name?: string;
    additional_info?: Record<string, unknown>;
  };
}

export type TokenCheck =
  | { kind: 'valid'; userName: string }
  | { kind: 'invalid' }
  /** Not an address the site may reach (not https, or not on the internet). */
  | { kind: 'address_refused' }
  | { kind: 'unreachable'; reason: string };

export type SubmitOutcome =
  | { kind: 'accepted' }
  /** 401: the token is no longer good; nothing more is sent until the member gives another. */
  | { kind: 'token_refused' }
  /** Another 4xx: the server will never take these listens as they are. */
  | { kind: 'refused'; status: number; message: string }
  /** Worth trying again: busy (429), down (5xx) or not answering; `afterMs` is when the server said to come back. */
  | { kind: 'retry'; reason: string; afterMs: number | null }
  | { kind: 'address_refused' };

export interface ListenBrainzClientDeps {
  /** Development and tests: plain http and private or loopback addresses allowed. */
  allowPrivate: boolean;
  userAgent: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Talks to a ListenBrainz server (listenbrainz.org or one that speaks its API) with a member's token: checks the
 * token and submits listens. A member's own API root is an address from outside, so it must be a public https one
 * (checked again before every request, as the name may point elsewhere later) unless the site allows private ones.
 */
export function createListenBrainzClient(deps: ListenBrainzClientDeps) {
  const timeoutMs = deps.timeoutMs ?? 10_000;
  const doFetch = deps.fetch ?? fetch;

  async function reachable(apiRoot: string): Promise<boolean> {
    if (deps.allowPrivate) return true;
    try {
      if (new URL(apiRoot).protocol !== 'https:') return false;
      await validatePublicUrl(apiRoot);
      return true;
    } catch {
      return false;
    }
  }

  function request(apiRoot: string, path: string, token: string, init: RequestInit): Promise<Response> {
    return doFetch(`${apiRoot}${path}`, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: { Authorization: `Token ${token}`, Accept: 'application/json', 'User-Agent': deps.userAgent, ...init.headers },
    });
  }

  async function readJson(response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch {
      return null;
    }
  }

  async function validateToken(apiRoot: string, token: string): Promise<TokenCheck> {
    if (!(await reachable(apiRoot))) return { kind: 'address_refused' };
    let response: Response;
    try {
      response = await request(apiRoot, '/1/validate-token', token, { method: 'GET' });
    } catch (error) {
      return { kind: 'unreachable', reason: error instanceof Error ? error.message : String(error) };
    }
    const body = (await readJson(response)) as { valid?: unknown; user_name?: unknown } | null;
    if (response.status === 401) return { kind: 'invalid' };
    if (!response.ok || !body || typeof body.valid !== 'boolean') return { kind: 'unreachable', reason: `HTTP ${response.status}` };
    if (!body.valid) return { kind: 'invalid' };
    if (typeof body.user_name !== 'string' || body.user_name.length === 0) return { kind: 'unreachable', reason: 'no user_name' };
    return { kind: 'valid', userName: body.user_name.slice(0, 200) };
  }

  async function submit(apiRoot: string, token: string, listens: readonly SubmittedListen[]): Promise<SubmitOutcome> {
    if (!(await reachable(apiRoot))) return { kind: 'address_refused' };
    const payload = { listen_type: listens.length === 1 ? 'single' : 'import', payload: listens };
    let response: Response;
    try {
      response = await request(apiRoot, '/1/submit-listens', token, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
      });
    } catch (error) {
      return { kind: 'retry', reason: error instanceof Error ? error.message : String(error), afterMs: null };
    }
    const body = (await readJson(response)) as { error?: unknown } | null;
    if (response.ok) return { kind: 'accepted' };
    if (response.status === 401) return { kind: 'token_refused' };
    if (response.status === 429 || response.status >= 500 || response.status === 408) {
      const header = response.headers.get('x-ratelimit-reset-in') ?? response.headers.get('retry-after');
      const resetIn = header === null ? Number.NaN : Number(header);
      return {
        kind: 'retry',
        reason: `HTTP ${response.status}`,
        afterMs: Number.isFinite(resetIn) && resetIn >= 0 ? Math.min(resetIn, 86_400) * 1000 : null,
      };
    }
    const message = typeof body?.error === 'string' ? body.error.slice(0, 500) : `HTTP ${response.status}`;
    return { kind: 'refused', status: response.status, message };
  }

  return { validateToken, submit };
}

export type ListenBrainzClient = ReturnType<typeof createListenBrainzClient>;
