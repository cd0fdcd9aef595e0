import { rules, type Hydrator } from '../../hydration/hydrator.ts';
import type { DB } from '../../platform/db/index.ts';
import type { MemberSettings } from '@hearsay/contracts/settings';
import { playingSeconds, readSubmission, type Submission } from './listenbrainz-payload.ts';
import { presentListens, presentPlayingNow } from './listenbrainz.presenter.ts';
import * as repository from './listenbrainz.repository.ts';
import type { ListensService } from './listens.service.ts';

export interface ListenBrainzServiceDeps {
  db: DB;
  clock: () => Date;
  listens: Pick<ListensService, 'record'>;
  hydrator: Pick<Hydrator, 'personNamed'>;
  /** Members' settings (accounts' settings service): whether a person shares their listening. */
  settings: { read(userId: string): Promise<MemberSettings> };
}

export type ListenBrainzService = ReturnType<typeof createListenBrainzService>;

/** A client's name and version as a listen keeps it. */
const CLIENT_MAX = 200;

/**
 * The ListenBrainz-compatible API's work (decision 072): players submit listens and what plays now; a member's
 * listens are read back by whoever may see their listening.
 */
export function createListenBrainzService(deps: ListenBrainzServiceDeps) {
  const { db, clock } = deps;

  /**
   * Checks the whole body, then keeps its listens (`single`, `import`) or what plays now (`playing_now`, never a
   * listen). A refused body keeps nothing; its message is the answer's.
   */
  async function submit(
    userId: string,
    raw: Buffer,
    userAgent: string | undefined,
  ): Promise<Exclude<Submission, { ok: true }> | { ok: true }> {
    const now = clock();
    const submission = readSubmission(raw, Math.floor(now.getTime() / 1000));
    if (!submission.ok) return submission;
    const client = clientOf(submission.listens[0]!.additionalInfo, userAgent);
    if (submission.listenType === 'playing_now') {
      const listen = submission.listens[0]!;
      await repository.putNowPlaying(db, {
        user_id: userId,
        track_name: listen.trackName,
        artist_name: listen.artistName,
        release_name: listen.releaseName,
        duration_ms: listen.durationMs,
        additional_info: listen.additionalInfo ? JSON.stringify(listen.additionalInfo) : null,
        client,
        started_at: now.toISOString(),
        expires_at: new Date(now.getTime() + playingSeconds(listen) * 1000).toISOString(),
      });
    } else {
      await deps.listens.record(userId, submission.listens, { origin: 'api', client });
    }
    return { ok: true };
  }

  /** The person behind a username when the viewer may read their listening: their own, or shared and visible. */
  async function listenerFor(userName: string, viewerId: string | undefined) {
    const person = await deps.hydrator.personNamed(userName.toLowerCase(), viewerId);
    if (!person?.username) return null;
    if (person.viewer.self) return { id: person.id, userName: person.username };
    if (!rules.canSee(person)) return null;
    if (!(await deps.settings.read(person.id)).sharing.listening) return null;
    return { id: person.id, userName: person.username };
  }

  async function listens(
    userName: string,
    viewerId: string | undefined,
    range: { after: number | null; before: number | null; count: number },
  ) {
    const listener = await listenerFor(userName, viewerId);
    if (!listener) return null;
    const [rows, span] = await Promise.all([repository.listensOf(db, listener.id, range), repository.listenSpan(db, listener.id)]);
    return presentListens(rows, listener.userName, span);
  }

  async function listenCount(userName: string, viewerId: string | undefined) {
    const listener = await listenerFor(userName, viewerId);
    if (!listener) return null;
    return { payload: { count: await repository.listenCount(db, listener.id) } };
  }

  async function playingNow(userName: string, viewerId: string | undefined) {
    const listener = await listenerFor(userName, viewerId);
    if (!listener) return null;
    return presentPlayingNow(await repository.nowPlayingOf(db, listener.id, clock().toISOString()), listener.userName);
  }

  return { submit, listens, listenCount, playingNow };
}

/** `submission_client` and its version when the player names itself, else its User-Agent. */
function clientOf(info: Record<string, unknown> | null, userAgent: string | undefined): string | null {
  const name = typeof info?.submission_client === 'string' ? info.submission_client.trim() : '';
  const version = typeof info?.submission_client_version === 'string' ? info.submission_client_version.trim() : '';
  const client = name ? (version ? `${name} ${version}` : name) : productOf(userAgent);
  return client ? client.slice(0, CLIENT_MAX) : null;
}

/**
 * A player that does not name itself is known by the first product of its User-Agent ("Navidrome/0.53.3" of
 * "Navidrome/0.53.3 (Go-http-client/1.1)"); a browser's "Mozilla/5.0 (…) Chrome/…" names no player, so nothing.
 */
function productOf(userAgent: string | undefined): string {
  const product = userAgent?.trim().split(/\s+/)[0] ?? '';
  return /^mozilla\//i.test(product) ? '' : product;
}
