import type { ListenRow, NowPlayingRow } from './listenbrainz.repository.ts';

/* Listens in the shapes of the ListenBrainz API's read side (docs/users/json.rst, "Fetching listen JSON"). */

type Json = Record<string, unknown>;

function parsedObject(text: string | null): Json {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
  } catch {
    return {};
  }
}

/** The track as submitted: names, and `additional_info` with the duration and MusicBrainz ids that were kept. */
function trackMetadata(row: Omit<ListenRow, 'listened_at' | 'created_at'> | NowPlayingRow): Json {
  const info = parsedObject(row.additional_info);
  if (row.duration_ms !== null && info.duration === undefined && info.duration_ms === undefined) info.duration_ms = row.duration_ms;
  if ('recording_mbid' in row) {
    if (row.recording_mbid && !info.recording_mbid) info.recording_mbid = row.recording_mbid;
    if (row.release_mbid && !info.release_mbid) info.release_mbid = row.release_mbid;
    if (row.release_group_mbid && !info.release_group_mbid) info.release_group_mbid = row.release_group_mbid;
    if (row.artist_mbids && !info.artist_mbids) info.artist_mbids = JSON.parse(row.artist_mbids) as unknown;
  }
  return {
    artist_name: row.artist_name,
    track_name: row.track_name,
    ...(row.release_name !== null ? { release_name: row.release_name } : {}),
    additional_info: info,
  };
}

/** One stored listen. Hearsay has no MessyBrainz ids: `recording_msid` is null. */
export function presentListen(row: ListenRow, userName: string) {
  return {
    inserted_at: Math.floor(new Date(row.created_at).getTime() / 1000),
    listened_at: Number(row.listened_at),
    recording_msid: null,
    track_metadata: trackMetadata(row),
    user_name: userName,
  };
}

export function presentListens(rows: readonly ListenRow[], userName: string, span: { latest: number; oldest: number }) {
  return {
    payload: {
      count: rows.length,
      latest_listen_ts: span.latest,
      listens: rows.map((row) => presentListen(row, userName)),
      oldest_listen_ts: span.oldest,
      user_id: userName,
    },
  };
}

export function presentPlayingNow(row: NowPlayingRow | undefined, userName: string) {
  return {
    payload: {
      count: row ? 1 : 0,
      listens: row ? [{ playing_now: true, track_metadata: trackMetadata(row), user_name: userName }] : [],
      playing_now: true,
      user_id: userName,
    },
  };
}
