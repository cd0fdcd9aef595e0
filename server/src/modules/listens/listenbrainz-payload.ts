import { z } from 'zod';
import type { IncomingListen } from './listens.service.ts';

/*
 * The submission document of the ListenBrainz-compatible API (decision 072): its limits, and its checks in the order
 * and words a player written for ListenBrainz expects, so that its error handling works unchanged.
 */

/** Bytes a listen may take on average in a request. */
export const MAX_LISTEN_SIZE = 10240;
export const MAX_LISTENS_PER_REQUEST = 1000;
/** Bytes a whole submission may take; a longer body is refused before it is read. */
export const MAX_LISTEN_PAYLOAD_SIZE = MAX_LISTEN_SIZE * MAX_LISTENS_PER_REQUEST;
export const MAX_TAGS_PER_LISTEN = 50;
export const MAX_TAG_SIZE = 64;
/** 24 days, in seconds and in milliseconds. */
export const MAX_DURATION = 24 * 24 * 60 * 60;
export const MAX_DURATION_MS = MAX_DURATION * 1000;
/** 2002-10-01 00:00:00 UTC: older moments are taken for a broken clock. */
export const LISTEN_MINIMUM_TS = Date.UTC(2002, 9, 1) / 1000;
/** A player's clock may run an hour ahead of the server's. */
export const LISTENED_AT_ALLOWED_SKEW = 60 * 60;
/** How long a track is "playing now" when the player gives no duration. */
export const PLAYING_NOW_DEFAULT_SECONDS = 10 * 60;

export type ListenType = 'single' | 'import' | 'playing_now';

/** A checked listen; a `playing_now` one has no moment (0). */
export type CheckedListen = IncomingListen;

export type Submission = { ok: true; listenType: ListenType; listens: CheckedListen[] } | { ok: false; message: string };

class Refused extends Error {}
const refuse = (message: string): never => {
  throw new Refused(message);
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The top of the document: an object with a listen type and a list of listens (the listens are checked apart). */
const DocumentSchema = z.object({ payload: z.array(z.unknown()), listen_type: z.unknown() });

/** A MusicBrainz id in any spelling a UUID parser takes (braces, `urn:uuid:`, no hyphens), as 8-4-4-4-12 lowercase. */
export function canonicalMbid(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const bare = value
    .trim()
    .toLowerCase()
    .replace(/^urn:uuid:/, '')
    .replace(/^\{(.*)\}$/, '$1');
  const hex = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/.test(bare) ? bare.replace(/-/g, '') : null;
  if (!hex) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whole seconds from a number or a string of digits, as an integer conversion would take them; null otherwise. */
function wholeNumber(value: unknown, allowFraction: boolean): number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : null;
  if (typeof value === 'string') {
    const pattern = allowFraction ? /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/ : /^\s*[+-]?\d+\s*$/;
    if (!pattern.test(value)) return null;
    const number = Math.trunc(Number(value));
    return Number.isSafeInteger(number) ? number : null;
  }
  return null;
}

/**
 * Reads a submission: the raw body, because a player may send it with any content type or none. Everything is checked
 * before anything is kept: one refused listen refuses the whole request. `now` is in whole seconds.
 */
export function readSubmission(raw: Buffer, now: number): Submission {
  try {
    return { ok: true, ...checkDocument(raw, now) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, message: error.message };
    throw error;
  }
}

function checkDocument(raw: Buffer, now: number): { listenType: ListenType; listens: CheckedListen[] } {
  if (raw.length > MAX_LISTEN_PAYLOAD_SIZE) refuse(`Payload too large. Payload cannot exceed ${MAX_LISTEN_PAYLOAD_SIZE} bytes`);
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch (error) {
    refuse(`Cannot parse JSON document: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isObject(data)) refuse('Invalid JSON document submitted. Top level of JSON document should be a json object.');
  const document = data as Json;
  if (!('payload' in document)) refuse('Invalid JSON document submitted.');
  if (!Array.isArray(document.payload)) refuse('The payload in the JSON document should be a list of listens.');
  const { payload, listen_type: listenType } = DocumentSchema.parse(document);
  if (payload.length === 0) refuse('JSON document does not contain any listens');
  if (payload.length > MAX_LISTENS_PER_REQUEST) {
    refuse(`Too many listens. You may not submit more than ${MAX_LISTENS_PER_REQUEST} listens at once.`);
  }
  if (raw.length > payload.length * MAX_LISTEN_SIZE) {
    refuse(`JSON document is too large. Each listens may not be larger than ${MAX_LISTEN_SIZE} bytes.`);
  }
  if (!('listen_type' in document)) refuse('Invalid JSON document submitted.');
  if (listenType !== 'single' && listenType !== 'import' && listenType !== 'playing_now') {
    refuse('JSON document requires a valid listen_type key.');
  }
  const type = listenType as ListenType;
  if (type !== 'import' && payload.length > 1) {
    refuse('JSON document contains more than listen for a single/playing_now. It should contain only one.');
  }
  return { listenType: type, listens: payload.map((listen) => checkListen(listen, type, now)) };
}

function checkListen(value: unknown, type: ListenType, now: number): CheckedListen {
  if (!isObject(value)) return refuse('Listen is empty and cannot be validated.');
  const listen = value;
  let listenedAt = 0;
  if (type === 'playing_now') {
    if ('listened_at' in listen) refuse('JSON document must not contain listened_at while submitting playing_now.');
    if (!('track_metadata' in listen)) refuse('JSON document must contain the key track_metadata at the top level.');
    if (Object.keys(listen).length > 1) {
      refuse('JSON document may only contain track_metadata as top level key when submitting playing_now.');
    }
  } else {
    if (!('listened_at' in listen)) refuse('JSON document must contain the key listened_at at the top level.');
    const seconds = wholeNumber(listen.listened_at, false);
    if (seconds === null) return refuse('JSON document must contain an int value for listened_at.');
    if (seconds >= now + LISTENED_AT_ALLOWED_SKEW) refuse('Value for key listened_at is too high.');
    if (seconds < LISTEN_MINIMUM_TS) {
      refuse('Value for key listened_at is too low. listened_at timestamp should be greater than 1033410600 (2002-10-01 00:00:00 UTC).');
    }
    listenedAt = seconds;
    if (!('track_metadata' in listen)) refuse('JSON document must contain the key track_metadata at the top level.');
    if (Object.keys(listen).length > 2) refuse('JSON document may only contain listened_at and track_metadata top level keys');
  }
  if (listen.track_metadata === null) refuse('JSON document may not have track_metadata with null value.');
  if (!isObject(listen.track_metadata)) return refuse('track_metadata must be a JSON object.');
  const metadata = listen.track_metadata;
  const trackName = basicField(metadata, 'track_name', true)!;
  const artistName = basicField(metadata, 'artist_name', true)!;
  const releaseName = basicField(metadata, 'release_name', false);

  let info: Json | null = null;
  if ('additional_info' in metadata && metadata.additional_info !== null) {
    if (!isObject(metadata.additional_info)) refuse('track_metadata.additional_info must be a JSON object.');
    info = { ...(metadata.additional_info as Json) };
    checkTags(info.tags);
    if ('duration' in info && 'duration_ms' in info) refuse('JSON document should not contain both duration and duration_ms.');
    durationField(info, 'duration', MAX_DURATION);
    durationField(info, 'duration_ms', MAX_DURATION_MS);
    for (const key of ['release_mbid', 'recording_mbid', 'release_group_mbid', 'track_mbid']) singleMbid(info, key);
    for (const key of ['artist_mbids', 'work_mbids']) mbidList(info, key);
  }
  const nul = nulStringIn(listen);
  if (nul !== null) refuse(`${nul} contains a unicode null`);

  const durationMs =
    typeof info?.duration_ms === 'number' ? info.duration_ms : typeof info?.duration === 'number' ? info.duration * 1000 : null;
  return {
    listenedAt,
    trackName,
    artistName,
    releaseName,
    durationMs,
    recordingMbid: canonicalMbid(info?.recording_mbid),
    releaseMbid: canonicalMbid(info?.release_mbid),
    releaseGroupMbid: canonicalMbid(info?.release_group_mbid),
    artistMbids: Array.isArray(info?.artist_mbids) ? info.artist_mbids.map((mbid) => canonicalMbid(mbid)!) : null,
    additionalInfo: info,
  };
}

/** A name of the track: a string, trimmed; an empty optional one is dropped. */
function basicField(metadata: Json, key: string, required: boolean): string | null {
  if (!(key in metadata)) {
    if (required) refuse(`JSON document does not contain required field track_metadata.${key}.`);
    return null;
  }
  const value = metadata[key];
  if (typeof value !== 'string') return refuse(`track_metadata.${key} must be a single string.`);
  const trimmed = value.trim();
  if (trimmed.length === 0) {
    if (required) refuse(`field track_metadata.${key} is empty.`);
    delete metadata[key];
    return null;
  }
  metadata[key] = trimmed;
  return trimmed;
}

function checkTags(tags: unknown): void {
  if (tags === undefined) return;
  if (!Array.isArray(tags) || tags.some((tag) => typeof tag !== 'string')) {
    refuse('track_metadata.additional_info.tags must be a list of strings.');
  }
  const list = tags as string[];
  if (list.length > MAX_TAGS_PER_LISTEN) {
    refuse(`JSON document may not contain more than ${MAX_TAGS_PER_LISTEN} items in track_metadata.additional_info.tags.`);
  }
  if (list.some((tag) => [...tag].length > MAX_TAG_SIZE)) {
    refuse(`JSON document may not contain track_metadata.additional_info.tags longer than ${MAX_TAG_SIZE} characters.`);
  }
}

/** A duration as a positive whole number (a string of digits is taken too), at most `max`. */
function durationField(info: Json, key: string, max: number): void {
  if (!(key in info)) return;
  const value = wholeNumber(info[key], true);
  if (value === null || value <= 0) refuse(`Value for ${key} is invalid, should be a positive integer.`);
  if (value! > max) refuse(`Value for ${key} is too large, max permitted value is ${max}`);
  info[key] = value;
}

/** An empty MusicBrainz id is dropped; a malformed one refuses the listen. */
function singleMbid(info: Json, key: string): void {
  if (!(key in info)) return;
  if (!info[key]) {
    delete info[key];
    return;
  }
  if (canonicalMbid(info[key]) === null) refuse(`${key} MBID format invalid.`);
}

function mbidList(info: Json, key: string): void {
  if (!(key in info)) return;
  const value = info[key];
  if (!value || (Array.isArray(value) && value.length === 0)) {
    delete info[key];
    return;
  }
  if (!Array.isArray(value)) return refuse(`${key} MBID format invalid.`);
  const kept = value.filter(Boolean);
  if (kept.some((mbid) => canonicalMbid(mbid) === null)) refuse(`${key} MBID format invalid.`);
  if (kept.length === 0) delete info[key];
  else info[key] = kept;
}

/** The first string holding U+0000 anywhere in the listen (PostgreSQL keeps no such text), or null. */
function nulStringIn(value: unknown): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? value : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return key;
    const found = nulStringIn(item);
    if (found !== null) return found;
  }
  return null;
}

/** How long a `playing_now` track plays: its duration when given, else the default; in seconds. */
export function playingSeconds(listen: CheckedListen): number {
  if (listen.durationMs !== null) return Math.max(1, Math.floor(listen.durationMs / 1000));
  return PLAYING_NOW_DEFAULT_SECONDS;
}
