import type { ForwardingStatus, ConnectForwardingBody } from '@hearsay/contracts/listenbrainz-forwarding';
import type { DB } from '../../platform/db/index.ts';
import { AppError, badRequest, forbidden } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import type { Job, JobHandler, Jobs, Step } from '../../platform/jobs/runner.ts';
import {
  createListenBrainzClient,
  LISTENBRAINZ_DEFAULT_API_ROOT,
  LISTENBRAINZ_MAX_LISTEN_BYTES,
  LISTENBRAINZ_MAX_LISTENS_PER_REQUEST,
  type SubmittedListen,
} from './listenbrainz-client.ts';
import * as repository from './listenbrainz-forwarding.repository.ts';
import { createTokenSealing } from './token-sealing.ts';

export const LISTENBRAINZ_FORWARD_JOB = 'listenbrainz-forward';

/**
 * A forwarding job's place: which member, and, after the server refused a whole batch, the last listen of that batch
 * (listens up to it go one at a time, so that one bad listen does not hold back the others).
 */
export interface ForwardCursor {
  userId: string;
  oneByOneThrough: repository.ForwardMark | null;
}

/** The first wait after a failed try, and the longest. */
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 6 * 60 * 60 * 1000;

export interface ListenBrainzForwardingDeps {
  db: DB;
  clock: () => Date;
  authSecret: string;
  /** Off: nothing is checked or sent (a site without the internet; tests without their stand-in). */
  enabled: boolean;
  /** Development and tests: ListenBrainz servers on plain http and private addresses. */
  allowPrivate: boolean;
  userAgent: string;
  jobs: Pick<Jobs, 'enqueue'>;
  fetch?: typeof fetch;
  log: { warn(details: object, message: string): void };
  /** How long the token check at save time may take. */
  checkTimeoutMs?: number;
}

export type ListenBrainzForwarding = ReturnType<typeof createListenBrainzForwarding>;

/** Thrown inside the enqueue transaction when another job forwards the member's listens already. */
class AlreadyForwarding extends Error {}

const after = (a: repository.ForwardMark, b: repository.ForwardMark) => a.at > b.at || (a.at === b.at && a.id > b.id);

/**
 * Forwarding a member's listens from players to their own ListenBrainz account (decision 076). The token is checked
 * when given and kept sealed; listens go out in a job, in the order they were received, from the last one sent.
 */
export function createListenBrainzForwarding(deps: ListenBrainzForwardingDeps) {
  const { db } = deps;
  const sealing = createTokenSealing(deps.authSecret, 'listenbrainz-token');
  const client = createListenBrainzClient({ allowPrivate: deps.allowPrivate, userAgent: deps.userAgent, fetch: deps.fetch });
  const checker = createListenBrainzClient({
    allowPrivate: deps.allowPrivate,
    userAgent: deps.userAgent,
    fetch: deps.fetch,
    timeoutMs: deps.checkTimeoutMs ?? 5_000,
  });
  const now = () => deps.clock().toISOString();

  function present(link: repository.LinkRow | undefined): ForwardingStatus {
    if (!link) return { connection: null };
    return {
      connection: {
        apiRoot: link.api_root,
        userName: link.remote_user_name,
        forwarding: link.forward_enabled === 1,
        forwardedCount: Number(link.forwarded_count),
        lastForwardedAt: link.last_forwarded_at,
        lastError: link.last_error ? { code: link.last_error, at: link.last_error_at ?? link.updated_at } : null,
      },
    };
  }

  async function status(userId: string): Promise<ForwardingStatus> {
    return present(await repository.findLink(db, userId));
  }

  /** Checks the token with the server and keeps it sealed; listens from players are forwarded from now on. */
  async function connect(userId: string, body: ConnectForwardingBody): Promise<ForwardingStatus> {
    if (!deps.enabled) throw forbidden('listenbrainz_forwarding_off');
    const apiRoot = (body.apiRoot ?? LISTENBRAINZ_DEFAULT_API_ROOT).replace(/\/+$/, '');
    const check = await checker.validateToken(apiRoot, body.token);
    if (check.kind === 'address_refused') throw badRequest('listenbrainz_address_refused');
    if (check.kind === 'invalid') throw badRequest('listenbrainz_token_invalid');
    if (check.kind === 'unreachable') {
      deps.log.warn({ apiRoot, reason: check.reason }, 'a ListenBrainz server did not answer the token check');
      throw new AppError(502, 'listenbrainz_unreachable');
    }
    const stamp = now();
    await repository.saveLink(db, {
      user_id: userId,
      api_root: apiRoot,
      token_encrypted: sealing.seal(body.token),
      remote_user_name: check.userName,
      forward_enabled: 1,
      forwarded_through_at: stamp,
      forwarded_through_id: '',
      created_at: stamp,
      updated_at: stamp,
    });
    // Listens that waited while the token was refused go now.
    await requestForwarding(userId);
    return status(userId);
  }

  /** Stops forwarding and forgets the token. */
  async function disconnect(userId: string): Promise<ForwardingStatus> {
    await repository.deleteLink(db, userId);
    return { connection: null };
  }

  /** New listens: a job forwards them unless one is at it already (it will see them). */
  async function requestForwarding(userId: string): Promise<void> {
    if (!(await repository.markWanted(db, userId))) return;
    const id = newId();
    try {
      await deps.jobs.enqueue<ForwardCursor>(
        { id, kind: LISTENBRAINZ_FORWARD_JOB, owner: userId, cursor: { userId, oneByOneThrough: null } },
        async (trx) => {
          if (!(await repository.claimJob(trx, userId, id))) throw new AlreadyForwarding();
        },
      );
    } catch (error) {
      if (!(error instanceof AlreadyForwarding)) throw error;
    }
  }

  /** Listens from players are forwarded; imported history never is. */
  function listen(events: Pick<EventBus, 'on'>): void {
    if (!deps.enabled) return;
    events.on('listens.recorded', async ({ userId, origin }) => {
      if (origin === 'api') await requestForwarding(userId);
    });
  }

  function toSubmitted(row: repository.ForwardedListenRow): SubmittedListen {
    let info: Record<string, unknown> = {};
    try {
      const parsed: unknown = row.additional_info ? JSON.parse(row.additional_info) : null;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) info = { ...(parsed as Record<string, unknown>) };
    } catch {
      info = {};
    }
    const known: Record<string, unknown> = {
      duration_ms: row.duration_ms,
      recording_mbid: row.recording_mbid,
      release_mbid: row.release_mbid,
      release_group_mbid: row.release_group_mbid,
      artist_mbids: row.artist_mbids ? (JSON.parse(row.artist_mbids) as unknown) : null,
    };
    for (const [key, value] of Object.entries(known)) {
      if (value !== null && value !== undefined && info[key] === undefined) info[key] = value;
    }
    if (info.duration !== undefined) delete info.duration_ms;
    const listen: SubmittedListen = {
      listened_at: Number(row.listened_at),
      track_metadata: {
        artist_name: row.artist_name,
        track_name: row.track_name,
        ...(row.release_name ? { release_name: row.release_name } : {}),
        ...(Object.keys(info).length > 0 ? { additional_info: info } : {}),
      },
    };
    // A listen the server would refuse for its size goes without its extra details.
    if (Buffer.byteLength(JSON.stringify(listen)) > LISTENBRAINZ_MAX_LISTEN_BYTES) delete listen.track_metadata.additional_info;
    return listen;
  }

  function retryDelay(failures: number, askedMs: number | null): number {
    const backoff = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(failures, 20));
    return askedMs !== null ? Math.max(askedMs, 1000) : backoff;
  }

  async function step(job: Job<ForwardCursor>): Promise<Step<ForwardCursor>> {
    const { userId } = job.cursor;
    const finished = { cursor: job.cursor, done: true };
    const link = await repository.findLink(db, userId);
    if (!link || link.job_id !== job.id) return finished;
    if (!deps.enabled) {
      await repository.abandonJob(db, userId, job.id, 'forwarding_off', now());
      return finished;
    }
    if (link.forward_enabled !== 1) {
      await repository.abandonJob(db, userId, job.id, link.last_error ?? 'stopped', now());
      return finished;
    }
    const token = sealing.open(link.token_encrypted);
    if (token === null) {
      await repository.stopForwarding(db, userId, job.id, 'token_unreadable', now());
      return finished;
    }
    const wantedSeq = Number(link.wanted_seq);
    const from = { at: link.forwarded_through_at, id: link.forwarded_through_id };
    const oneByOne = job.cursor.oneByOneThrough && after(job.cursor.oneByOneThrough, from) ? job.cursor.oneByOneThrough : null;
    const rows = await repository.listensAfter(db, userId, from, oneByOne ? 1 : LISTENBRAINZ_MAX_LISTENS_PER_REQUEST);
    const cursor: ForwardCursor = { userId, oneByOneThrough: oneByOne };
    if (rows.length === 0) {
      const released = await repository.releaseJob(db, userId, job.id, wantedSeq);
      return { cursor, done: released };
    }
    const last = rows.at(-1)!;
    const through = { at: last.created_at, id: last.id };
    // Listens received together go in the order they were played.
    const payload = rows.map(toSubmitted).sort((a, b) => a.listened_at - b.listened_at);
    const outcome = await client.submit(link.api_root, token, payload);
    switch (outcome.kind) {
      case 'accepted':
        await repository.advance(db, userId, job.id, through, rows.length, null, now());
        return { cursor, done: false };
      case 'token_refused':
      case 'address_refused':
        await repository.stopForwarding(db, userId, job.id, outcome.kind, now());
        return finished;
      case 'refused':
        if (rows.length > 1) return { cursor: { userId, oneByOneThrough: through }, done: false };
        deps.log.warn({ userId, status: outcome.status, message: outcome.message }, 'ListenBrainz refused a forwarded listen');
        await repository.advance(db, userId, job.id, through, 0, 'listen_refused', now());
        return { cursor, done: false };
      case 'retry': {
        const retryId = newId();
        const runAfter = new Date(deps.clock().getTime() + retryDelay(Number(link.failures), outcome.afterMs));
        const reason = outcome.reason.startsWith('HTTP 429') ? 'rate_limited' : 'unreachable';
        await deps.jobs
          .enqueue<ForwardCursor>({ id: retryId, kind: LISTENBRAINZ_FORWARD_JOB, owner: userId, cursor, runAfter }, async (trx) => {
            if (!(await repository.handOver(trx, userId, job.id, retryId, reason, now()))) throw new AlreadyForwarding();
          })
          .catch((error: unknown) => {
            if (!(error instanceof AlreadyForwarding)) throw error;
          });
        return finished;
      }
    }
  }

  const handler: JobHandler<ForwardCursor> = {
    step,
    async failed(job, _error, trx) {
      await repository.abandonJob(trx, job.cursor.userId, job.id, 'forwarding_failed', now());
    },
  };

  return { status, connect, disconnect, listen, requestForwarding, handler };
}
