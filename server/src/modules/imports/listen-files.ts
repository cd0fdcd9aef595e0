import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import type { IncomingListen } from '../listens/listens.service.ts';

/**
 * Reading listening histories: a ListenBrainz export (ZIP of `listens/<year>/<month>.jsonl` and `feedback.jsonl`, or
 * the older single JSON array), pages of `GET /1/user/{name}/listens`, a Last.fm CSV in the layouts export tools
 * write, and `user.getRecentTracks` pages. Everything here is synchronous and reads a file a slice at a time, so that
 * the job reading it decides how much it reads per step.
 */

/** 2002-10-01 UTC: the earliest moment a listen may have (scrobbling began then; earlier stamps are clock errors). */
export const LISTEN_EARLIEST = 1_033_430_400;
/** A listen may be this far ahead of the server's clock (players' clocks drift). */
export const LISTEN_FUTURE_SLACK_SECONDS = 3600;
/** A listen line longer than this is not a listen (the largest a player may submit is 10 KB). */
const LINE_MAX_BYTES = 64 * 1024;
/** A name longer than this is cut: it is a title, not a text. */
const NAME_MAX = 1000;
/** An entry of a ZIP inflating past this is refused (a zip bomb); a month of listens is far smaller. */
export const ZIP_ENTRY_MAX_BYTES = 512 * 1024 * 1024;
const ZIP_ENTRIES_MAX = 2000;
/** JSON files that are read whole (a page of listens) are refused past this. */
export const JSON_PAGE_MAX_BYTES = 50 * 1024 * 1024;
const CHUNK = 256 * 1024;

export type ListenFileKind = 'listenbrainz-zip' | 'listenbrainz-jsonl' | 'listenbrainz-json' | 'lastfm-csv';

/** A file that is not what it claims to be: the import fails with this, nothing of it stored. */
export class NotAListenFile extends Error {
  readonly reason: 'unknown' | 'zip_damaged' | 'zip_empty' | 'zip_too_large' | 'json_damaged' | 'csv_layout' | 'too_large';
  readonly detail: string;

  constructor(reason: NotAListenFile['reason'], detail = '') {
    super(`Not a listening history (${reason}${detail ? `: ${detail}` : ''})`);
    this.reason = reason;
    this.detail = detail;
  }
}

/** One record of a history, or why it is left out; `line` counts from 1 within its file. */
export type ListenRecord =
  | { type: 'listen'; line: number; listen: IncomingListen; recordingMsid: string | null }
  | { type: 'loved'; line: number; recordingMsid: string | null; recordingMbid: string | null }
  | { type: 'skip'; line: number; artist: string; title: string; reason: string };

// ---------------------------------------------------------------------------------------------------------------
// What a file is

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, index) => bytes[index] === byte);

/** The kind of an upload from its first bytes, whatever its name says. */
export function detectKind(head: Uint8Array): ListenFileKind {
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'listenbrainz-zip';
  const text = new TextDecoder('utf-8').decode(head).replace(/^\uFEFF/, '');
  const first = text.trimStart();
  if (first.startsWith('[')) return 'listenbrainz-json';
  if (first.startsWith('{')) {
    const line = first.split('\n', 1)[0]!.trim();
    // One listen per line, or a page of the listens endpoint (one object, maybe spread over lines).
    if (line.endsWith('}') && /"(listened_at|track_metadata|recording_msid|recording_mbid)"/.test(line)) {
      try {
        const parsed = JSON.parse(line) as Record<string, unknown>;
        if (!('payload' in parsed)) return 'listenbrainz-jsonl';
      } catch {
        // A page written on one line that was cut by the head: read whole later.
      }
    }
    return 'listenbrainz-json';
  }
  if (csvLayout(text.split(/\r?\n/, 1)[0] ?? '')) return 'lastfm-csv';
  throw new NotAListenFile('unknown');
}

// ---------------------------------------------------------------------------------------------------------------
// Bytes to lines

/** Splits bytes into lines as they come (LF or CRLF); a line too long is given as null. */
class LineSplitter {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  readonly lines: (string | null)[] = [];
  private readonly decoder = new TextDecoder('utf-8');

  push(chunk: Uint8Array) {
    let start = 0;
    for (;;) {
      const end = chunk.indexOf(10, start);
      if (end < 0) break;
      this.emit(chunk.subarray(start, end));
      start = end + 1;
    }
    if (start < chunk.length) {
      this.pendingBytes += chunk.length - start;
      if (this.pendingBytes <= LINE_MAX_BYTES) this.pending.push(chunk.slice(start));
    }
  }

  private emit(tail: Uint8Array) {
    const bytes = this.pendingBytes + tail.length;
    if (bytes > LINE_MAX_BYTES) this.lines.push(null);
    else {
      const whole = this.pending.length ? Buffer.concat([...this.pending, tail]) : tail;
      const text = this.decoder.decode(whole);
      this.lines.push(text.endsWith('\r') ? text.slice(0, -1) : text);
    }
    this.pending = [];
    this.pendingBytes = 0;
  }

  end() {
    if (this.pendingBytes > 0) this.emit(new Uint8Array(0));
  }
}

/** Bytes of one part of an upload, a chunk at a time: a plain file, or an entry of a ZIP inflated as it is read. */
interface ByteSource {
  /** The next chunk, or null at the end. */
  read(): Uint8Array | null;
}

function fileBytes(fd: number, start: number, length: number): ByteSource {
  let position = start;
  const end = start + length;
  return {
    read() {
      if (position >= end) return null;
      const buffer = Buffer.allocUnsafe(Math.min(CHUNK, end - position));
      const got = readSync(fd, buffer, 0, buffer.length, position);
      if (got <= 0) return null;
      position += got;
      return buffer.subarray(0, got);
    },
  };
}

/**
 * An entry of a ZIP, inflated whole when first read (natively: one month of listens is a few megabytes) and given a
 * chunk at a time. Inflating past ZIP_ENTRY_MAX_BYTES stops: a zip bomb.
 */
function inflatedBytes(fd: number, entry: ZipEntry): ByteSource {
  if (entry.method === 0) return fileBytes(fd, entry.dataStart, entry.compressedSize);
  let inflated: Buffer | null = null;
  let position = 0;
  return {
    read() {
      if (!inflated) {
        const compressed = Buffer.allocUnsafe(entry.compressedSize);
        const got = readSync(fd, compressed, 0, entry.compressedSize, entry.dataStart);
        if (got < entry.compressedSize) throw new NotAListenFile('zip_damaged', `${entry.name} is cut short`);
        try {
          inflated = inflateRawSync(compressed, { maxOutputLength: ZIP_ENTRY_MAX_BYTES });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
            throw new NotAListenFile('zip_too_large', entry.name);
          }
          throw new NotAListenFile('zip_damaged', `${entry.name}: ${(error as Error).message}`);
        }
      }
      if (position >= inflated.length) return null;
      const chunk = inflated.subarray(position, position + CHUNK);
      position += chunk.length;
      return chunk;
    },
  };
}

/** Lines of a byte source, read as they are asked for. */
class LineReader {
  private readonly splitter = new LineSplitter();
  private index = 0;
  private finished = false;
  /** Lines given so far. */
  taken = 0;

  private readonly source: ByteSource;

  constructor(source: ByteSource) {
    this.source = source;
  }

  /** The next line (null when too long to be a record), or undefined at the end. */
  next(): string | null | undefined {
    while (this.index >= this.splitter.lines.length) {
      if (this.finished) return undefined;
      this.splitter.lines.length = 0;
      this.index = 0;
      const chunk = this.source.read();
      if (chunk === null) {
        this.splitter.end();
        this.finished = true;
      } else this.splitter.push(chunk);
    }
    this.taken++;
    return this.splitter.lines[this.index++]!;
  }
}

/**
 * The elements of a top-level JSON array, one at a time, without holding the array: an older ListenBrainz export is
 * one array of every listen. Each element's text is given whole (objects up to LINE_MAX_BYTES).
 */
class ArrayElementReader {
  private buffer: Uint8Array = new Uint8Array(0);
  private position = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private elementStart = -1;
  private carried: Uint8Array[] = [];
  private carriedBytes = 0;
  private finished = false;
  private opened = false;
  private readonly decoder = new TextDecoder('utf-8');
  taken = 0;
  private readonly source: ByteSource;

  constructor(source: ByteSource) {
    this.source = source;
  }

  next(): string | null | undefined {
    for (;;) {
      if (this.position >= this.buffer.length) {
        if (this.finished) return undefined;
        if (this.elementStart >= 0) this.carry(this.buffer.subarray(this.elementStart));
        const chunk = this.source.read();
        if (chunk === null) {
          this.finished = true;
          if (this.depth > 0 || !this.opened) throw new NotAListenFile('json_damaged', 'the list of listens is cut short');
          return undefined;
        }
        this.buffer = chunk;
        this.position = 0;
        if (this.elementStart >= 0) this.elementStart = 0;
      }
      const byte = this.buffer[this.position]!;
      this.position++;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === 0x5c) this.escaped = true;
        else if (byte === 0x22) this.inString = false;
        continue;
      }
      if (byte === 0x22) this.inString = true;
      else if (byte === 0x7b || byte === 0x5b) {
        if (this.depth === 0 && byte === 0x5b) this.opened = true;
        else if (this.depth === 0) throw new NotAListenFile('json_damaged', 'not a list of listens');
        if (this.depth === 1) this.elementStart = this.position - 1;
        this.depth++;
      } else if (byte === 0x7d || byte === 0x5d) {
        this.depth--;
        if (this.depth === 1 && this.elementStart >= 0) {
          const text = this.take(this.buffer.subarray(this.elementStart, this.position));
          this.elementStart = -1;
          this.taken++;
          return text;
        }
        if (this.depth === 0) {
          this.finished = true;
          this.position = this.buffer.length;
        }
      }
    }
  }

  private carry(bytes: Uint8Array) {
    this.carriedBytes += bytes.length;
    if (this.carriedBytes <= LINE_MAX_BYTES) this.carried.push(bytes.slice());
  }

  private take(tail: Uint8Array): string | null {
    const total = this.carriedBytes + tail.length;
    const parts = this.carried;
    this.carried = [];
    this.carriedBytes = 0;
    if (total > LINE_MAX_BYTES) return null;
    return this.decoder.decode(parts.length ? Buffer.concat([...parts, tail]) : tail);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// ZIP

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  dataStart: number;
}

/** The entries of a ZIP from its central directory (read from the end of the file), with where each one's data starts. */
function zipEntries(fd: number): ZipEntry[] {
  const size = fstatSync(fd).size;
  const tailLength = Math.min(size, 22 + 65_535);
  const tail = Buffer.alloc(tailLength);
  readSync(fd, tail, 0, tailLength, size - tailLength);
  let end = -1;
  for (let at = tailLength - 22; at >= 0; at--) {
    if (tail.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new NotAListenFile('zip_damaged', 'no central directory');
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryStart = tail.readUInt32LE(end + 16);
  if (count === 0) throw new NotAListenFile('zip_empty');
  if (count === 0xffff || directoryStart === 0xffffffff) throw new NotAListenFile('zip_too_large', 'ZIP64');
  if (count > ZIP_ENTRIES_MAX) throw new NotAListenFile('zip_too_large', `${count} files`);
  if (directoryStart + directorySize > size) throw new NotAListenFile('zip_damaged', 'central directory out of the file');
  const directory = Buffer.alloc(directorySize);
  readSync(fd, directory, 0, directorySize, directoryStart);
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let index = 0; index < count; index++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== 0x02014b50)
      throw new NotAListenFile('zip_damaged', 'central directory');
    const method = directory.readUInt16LE(at + 10);
    const compressedSize = directory.readUInt32LE(at + 20);
    const uncompressed = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const localStart = directory.readUInt32LE(at + 42);
    const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    if (compressedSize === 0xffffffff || uncompressed === 0xffffffff || localStart === 0xffffffff) {
      throw new NotAListenFile('zip_too_large', 'ZIP64');
    }
    if (method !== 0 && method !== 8) throw new NotAListenFile('zip_damaged', `${name}: compression ${method}`);
    const local = Buffer.alloc(30);
    readSync(fd, local, 0, 30, localStart);
    if (local.readUInt32LE(0) !== 0x04034b50) throw new NotAListenFile('zip_damaged', name);
    const dataStart = localStart + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    if (dataStart + compressedSize > size) throw new NotAListenFile('zip_damaged', `${name} is cut short`);
    entries.push({ name, method, compressedSize, size: uncompressed, dataStart });
  }
  return entries;
}

const baseName = (name: string) => name.split('/').at(-1)!.toLowerCase();
const isFeedback = (name: string) => baseName(name) === 'feedback.jsonl';
const isListenFile = (name: string) => {
  const base = baseName(name);
  if (base === 'feedback.jsonl' || base === 'pinned_recording.jsonl' || base === 'user.json') return false;
  return base.endsWith('.jsonl') || base.endsWith('.json');
};
/** `listens/2021/4.jsonl` sorts by year then month; other names by name. */
function entryOrder(a: string, b: string): number {
  const key = (name: string) => (name.match(/\d+/g) ?? []).map(Number);
  const [ka, kb] = [key(a), key(b)];
  for (let index = 0; index < Math.max(ka.length, kb.length); index++) {
    const diff = (ka[index] ?? -1) - (kb[index] ?? -1);
    if (diff) return diff;
  }
  return a.localeCompare(b);
}

/**
 * What a ZIP holds to be read, in order: the feedback first (which recordings were loved), then the listens; only
 * those in the folder `within` when given (a Hearsay export holds other JSON files beside its `listens/`).
 */
function zipParts(all: ZipEntry[], within?: string): ZipEntry[] {
  const entries = within ? all.filter((entry) => entry.name.startsWith(within)) : all;
  const feedback = entries.filter((entry) => isFeedback(entry.name));
  const listens = entries.filter((entry) => isListenFile(entry.name)).sort((a, b) => entryOrder(a.name, b.name));
  if (!listens.length && !feedback.length) throw new NotAListenFile('zip_empty');
  return [...feedback, ...listens];
}

// ---------------------------------------------------------------------------------------------------------------
// Records

const trimmed = (value: unknown, max = NAME_MAX): string => (typeof value === 'string' ? value.trim().slice(0, max) : '');
const optionalText = (value: unknown) => trimmed(value) || null;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const mbid = (value: unknown) => (typeof value === 'string' && UUID.test(value.trim()) ? value.trim().toLowerCase() : null);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export interface RecordLimits {
  /** Whole seconds since 1970: listens after it (plus the slack) are clock errors. */
  now: number;
}

function momentProblem(at: number, limits: RecordLimits): string | null {
  if (!Number.isFinite(at)) return 'No time, or not a time';
  if (at < LISTEN_EARLIEST) return 'Listened before October 2002: not a real time';
  if (at > limits.now + LISTEN_FUTURE_SLACK_SECONDS) return 'Listened in the future: not a real time';
  return null;
}

const seconds = (value: unknown): number => {
  if (typeof value === 'number') return Math.floor(value);
  if (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.floor(Number(value));
  return Number.NaN;
};

/** A listen as ListenBrainz writes one (`listened_at`, `track_metadata`), in an export line, an array or a page. */
export function listenFromListenBrainz(data: unknown, line: number, limits: RecordLimits): ListenRecord {
  if (!isObject(data)) return { type: 'skip', line, artist: '', title: '', reason: 'Not a listen' };
  const metadata = isObject(data.track_metadata) ? data.track_metadata : {};
  const info = isObject(metadata.additional_info) ? metadata.additional_info : {};
  const mapping = isObject(metadata.mbid_mapping) ? metadata.mbid_mapping : {};
  const trackName = trimmed(metadata.track_name);
  const artistName = trimmed(metadata.artist_name);
  if (!trackName || !artistName) {
    return { type: 'skip', line, artist: artistName, title: trackName, reason: 'No track or artist name' };
  }
  const at = seconds(data.listened_at);
  const problem = momentProblem(at, limits);
  if (problem) return { type: 'skip', line, artist: artistName, title: trackName, reason: problem };
  const duration =
    typeof info.duration_ms === 'number' ? info.duration_ms : typeof info.duration === 'number' ? info.duration * 1000 : null;
  const artistMbids = (
    Array.isArray(info.artist_mbids) ? info.artist_mbids : Array.isArray(mapping.artist_mbids) ? mapping.artist_mbids : []
  )
    .map(mbid)
    .filter((value): value is string => value !== null);
  const additional = { ...info };
  return {
    type: 'listen',
    line,
    recordingMsid: mbid(metadata.recording_msid) ?? mbid(info.recording_msid) ?? mbid(data.recording_msid),
    listen: {
      listenedAt: at,
      trackName,
      artistName,
      releaseName: optionalText(metadata.release_name),
      durationMs: duration !== null && Number.isFinite(duration) && duration > 0 && duration < 2 ** 31 ? Math.round(duration) : null,
      recordingMbid: mbid(info.recording_mbid) ?? mbid(mapping.recording_mbid),
      releaseMbid: mbid(info.release_mbid) ?? mbid(mapping.release_mbid),
      releaseGroupMbid: mbid(info.release_group_mbid),
      artistMbids: artistMbids.length ? artistMbids : null,
      additionalInfo: Object.keys(additional).length ? additional : null,
    },
  };
}

/** A line of `feedback.jsonl`: a recording loved (score 1) is kept; hated or cleared ones are not ours to keep. */
function feedbackRecord(data: unknown, line: number): ListenRecord | null {
  if (!isObject(data)) return { type: 'skip', line, artist: '', title: '', reason: 'Not a feedback line' };
  if (data.score !== 1) return null;
  const recordingMsid = mbid(data.recording_msid);
  const recordingMbid = mbid(data.recording_mbid);
  if (!recordingMsid && !recordingMbid) return { type: 'skip', line, artist: '', title: '', reason: 'A loved track without its recording' };
  return { type: 'loved', line, recordingMsid, recordingMbid };
}

// Last.fm CSV ------------------------------------------------------------------------------------------------------

/**
 * The CSV layouts read, told apart by the first line:
 * - `plain`: no header, `artist,album,track,date` with dates like `31 Jan 2021 20:15` (UTC), quotes and commas
 *   taken out of the values by the exporter;
 * - `header`: a header naming the columns (`uts`/`utc_time`/`date`/`timestamp`…, `artist`, `album`, `track`,
 *   `*_mbid`), dates as unix seconds or ISO-like text.
 */
type CsvLayout =
  | { type: 'plain' }
  | {
      type: 'header';
      artist: number;
      album: number;
      track: number;
      uts: number;
      text: number;
      trackMbid: number;
      albumMbid: number;
      artistMbid: number;
    };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** `31 Jan 2021 20:15`, `31 Jan 2021, 20:15`, `2021-01-31 20:15:00`, `2021-01-31T20:15:00Z`: UTC seconds. */
export function csvMoment(text: string): number {
  const value = text.trim();
  if (/^\d{9,10}$/.test(value)) return Number(value);
  const written = value.match(/^(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4}),? (\d{1,2}):(\d{2})(?::(\d{2}))?$/);
  if (written) {
    const month = MONTHS.indexOf(written[2]!.toLowerCase());
    if (month < 0) return Number.NaN;
    return Date.UTC(Number(written[3]), month, Number(written[1]), Number(written[4]), Number(written[5]), Number(written[6] ?? 0)) / 1000;
  }
  const iso = value.match(/^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/);
  if (iso) {
    const zone = iso[7] && iso[7] !== 'Z' ? iso[7] : '+00:00';
    const normalized = `${iso[1]}-${iso[2]}-${iso[3]}T${iso[4]}:${iso[5]}:${iso[6] ?? '00'}${zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}`;
    const ms = Date.parse(normalized);
    return Number.isNaN(ms) ? Number.NaN : Math.floor(ms / 1000);
  }
  return Number.NaN;
}

function csvLayout(firstLine: string): CsvLayout | null {
  const cells = splitCsv(firstLine.replace(/^\uFEFF/, ''));
  if (!cells) return null;
  const names = cells.map((cell) => cell.trim().toLowerCase());
  const find = (...wanted: string[]) => names.findIndex((name) => wanted.includes(name));
  const artist = find('artist', 'artist name', 'artist_name');
  const track = find('track', 'title', 'track name', 'track_name', 'name');
  if (artist >= 0 && track >= 0) {
    return {
      type: 'header',
      artist,
      track,
      album: find('album', 'album name', 'album_name', 'release'),
      uts: find('uts', 'timestamp', 'unix', 'unixtime', 'date_uts'),
      text: find('utc_time', 'date', 'time', 'played_at', 'scrobble time', 'datetime'),
      trackMbid: find('track_mbid', 'track mbid', 'mbid', 'recording_mbid'),
      albumMbid: find('album_mbid', 'album mbid', 'release_mbid'),
      artistMbid: find('artist_mbid', 'artist mbid'),
    };
  }
  if (cells.length === 4 && !Number.isNaN(csvMoment(cells[3]!))) return { type: 'plain' };
  return null;
}

/** The cells of one CSV line (RFC 4180 quotes, doubled quotes inside), or null when its quotes do not close. */
export function splitCsv(line: string): string[] | null {
  if (!line.includes('"')) return line.split(',');
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  if (quoted) return null;
  cells.push(cell);
  return cells;
}

function csvRecord(layout: CsvLayout, text: string, line: number, limits: RecordLimits): ListenRecord | null {
  if (!text.trim()) return null;
  const cells = splitCsv(text);
  if (!cells) return { type: 'skip', line, artist: '', title: '', reason: 'A broken line' };
  const cell = (index: number) => (index >= 0 ? (cells[index] ?? '').trim() : '');
  let artist: string, album: string, track: string, at: number;
  let trackMbid: string | null = null,
    albumMbid: string | null = null,
    artistMbid: string | null = null;
  if (layout.type === 'plain') {
    if (cells.length !== 4) return { type: 'skip', line, artist: cell(0), title: cell(2), reason: 'A broken line' };
    [artist, album, track] = [cell(0), cell(1), cell(2)];
    at = csvMoment(cell(3));
  } else {
    [artist, album, track] = [cell(layout.artist), cell(layout.album), cell(layout.track)];
    at = layout.uts >= 0 && cell(layout.uts) ? seconds(cell(layout.uts)) : csvMoment(cell(layout.text));
    [trackMbid, albumMbid, artistMbid] = [mbid(cell(layout.trackMbid)), mbid(cell(layout.albumMbid)), mbid(cell(layout.artistMbid))];
  }
  artist = artist.slice(0, NAME_MAX);
  track = track.slice(0, NAME_MAX);
  if (!artist || !track) return { type: 'skip', line, artist, title: track, reason: 'No track or artist name' };
  const problem = momentProblem(at, limits);
  if (problem) return { type: 'skip', line, artist, title: track, reason: problem };
  return {
    type: 'listen',
    line,
    recordingMsid: null,
    listen: {
      listenedAt: at,
      trackName: track,
      artistName: artist,
      releaseName: album.slice(0, NAME_MAX) || null,
      durationMs: null,
      recordingMbid: trackMbid,
      releaseMbid: albumMbid,
      releaseGroupMbid: null,
      artistMbids: artistMbid ? [artistMbid] : null,
      additionalInfo: null,
    },
  };
}

// Last.fm user.getRecentTracks ---------------------------------------------------------------------------------------

export interface RecentTracksPage {
  page: number;
  totalPages: number;
  total: number;
  records: ListenRecord[];
}

/** A `user.getRecentTracks` page (JSON): its tracks as listens, the one playing now left out. */
export function recentTracksPage(data: unknown, limits: RecordLimits): RecentTracksPage | null {
  if (!isObject(data) || !isObject(data.recenttracks)) return null;
  const attr = isObject(data.recenttracks['@attr']) ? data.recenttracks['@attr'] : {};
  const raw = data.recenttracks.track;
  const tracks = Array.isArray(raw) ? raw : isObject(raw) ? [raw] : [];
  const records: ListenRecord[] = [];
  tracks.forEach((track, index) => {
    if (!isObject(track)) return;
    const trackAttr = isObject(track['@attr']) ? track['@attr'] : {};
    if (trackAttr.nowplaying === 'true') return;
    const text = (value: unknown) => (isObject(value) ? trimmed(value['#text']) : trimmed(value));
    const artist = text(track.artist) || (isObject(track.artist) ? trimmed(track.artist.name) : '');
    const title = trimmed(track.name);
    const line = index + 1;
    if (!artist || !title) {
      records.push({ type: 'skip', line, artist, title, reason: 'No track or artist name' });
      return;
    }
    const at = isObject(track.date) ? seconds(track.date.uts) : Number.NaN;
    const problem = momentProblem(at, limits);
    if (problem) {
      records.push({ type: 'skip', line, artist, title, reason: problem });
      return;
    }
    const artistMbid = isObject(track.artist) ? mbid(track.artist.mbid) : null;
    records.push({
      type: 'listen',
      line,
      recordingMsid: null,
      listen: {
        listenedAt: at,
        trackName: title,
        artistName: artist,
        releaseName: text(track.album) || null,
        durationMs: null,
        recordingMbid: mbid(track.mbid),
        releaseMbid: isObject(track.album) ? mbid(track.album.mbid) : null,
        releaseGroupMbid: null,
        artistMbids: artistMbid ? [artistMbid] : null,
        additionalInfo: null,
      },
    });
  });
  const number = (value: unknown) => {
    const parsed = Number(value);
    return Number.isFinite(parsed) && parsed >= 0 ? Math.floor(parsed) : 0;
  };
  return { page: number(attr.page), totalPages: number(attr.totalPages), total: number(attr.total), records };
}

// ---------------------------------------------------------------------------------------------------------------
// A history read a part at a time

/** Where reading stands: the uploaded file, the part of it (an entry of a ZIP), the records of that part read. */
export interface ReadPosition {
  file: number;
  part: number;
  records: number;
}

interface OpenPart {
  name: string;
  next(): ListenRecord | null | undefined;
  readonly taken: number;
}

/** An uploaded file to read; `within`: of a ZIP, only the entries in that folder (e.g. `listens/`). */
export interface HistoryFile {
  path: string;
  kind: ListenFileKind;
  name: string;
  within?: string;
}

/**
 * Reads the records of uploaded files in order. Records are counted per part so that a reader opened again (after a
 * restart) skips what was read before; the bytes are read again, the records are not stored again.
 */
export class HistoryReader {
  private fd: number | null = null;
  private parts: { name: string; open: () => OpenPart }[] = [];
  private current: OpenPart | null = null;
  position: ReadPosition;
  private readonly files: readonly HistoryFile[];
  private readonly limits: RecordLimits;

  constructor(files: readonly HistoryFile[], start: ReadPosition, limits: RecordLimits) {
    this.files = files;
    this.limits = limits;
    this.position = { ...start };
  }

  /** The file name (and ZIP entry) being read, for the summary's list of skipped lines. */
  get partName(): string {
    return this.current?.name ?? this.files[this.position.file]?.name ?? '';
  }

  close() {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    this.current = null;
  }

  /** The next record, or null when every file has been read. */
  next(): ListenRecord | null {
    for (;;) {
      if (this.position.file >= this.files.length) return null;
      if (!this.current) {
        this.openFile();
        if (this.position.part >= this.parts.length) {
          this.nextFile();
          continue;
        }
        this.current = this.parts[this.position.part]!.open();
        // Records read before a restart: read past again, not given.
        while (this.current.taken < this.position.records && this.current.next() !== undefined);
      }
      const record = this.current.next();
      if (record === undefined) {
        this.current = null;
        this.position = { ...this.position, part: this.position.part + 1, records: 0 };
        if (this.position.part >= this.parts.length) this.nextFile();
        continue;
      }
      this.position = { ...this.position, records: this.current.taken };
      if (record === null) continue;
      return record;
    }
  }

  private nextFile() {
    this.close();
    this.parts = [];
    this.position = { file: this.position.file + 1, part: 0, records: 0 };
  }

  private openFile() {
    if (this.fd !== null) return;
    const file = this.files[this.position.file]!;
    this.fd = openSync(file.path, 'r');
    const fd = this.fd;
    const size = fstatSync(fd).size;
    const whole = () => fileBytes(fd, 0, size);
    if (file.kind === 'listenbrainz-zip') {
      this.parts = zipParts(zipEntries(fd), file.within).map((entry) => ({
        name: `${file.name}: ${entry.name}`,
        open: () => {
          const name = `${file.name}: ${entry.name}`;
          if (isFeedback(entry.name)) return this.jsonLines(name, inflatedBytes(fd, entry), true);
          if (baseName(entry.name).endsWith('.json')) return this.jsonDocument(name, () => inflatedBytes(fd, entry), entry.size);
          return this.jsonLines(name, inflatedBytes(fd, entry), false);
        },
      }));
    } else if (file.kind === 'listenbrainz-jsonl') {
      this.parts = [{ name: file.name, open: () => this.jsonLines(file.name, whole(), false) }];
    } else if (file.kind === 'listenbrainz-json') {
      this.parts = [{ name: file.name, open: () => this.jsonDocument(file.name, whole, size) }];
    } else {
      this.parts = [{ name: file.name, open: () => this.csv(file.name, whole()) }];
    }
  }

  private jsonLines(name: string, source: ByteSource, feedback: boolean): OpenPart {
    const lines = new LineReader(source);
    const limits = this.limits;
    return {
      name,
      get taken() {
        return lines.taken;
      },
      next() {
        const text = lines.next();
        if (text === undefined) return undefined;
        const line = lines.taken;
        if (text === null) return { type: 'skip', line, artist: '', title: '', reason: 'A line too long to be a listen' };
        if (!text.trim()) return null;
        let data: unknown;
        try {
          data = JSON.parse(line === 1 ? text.replace(/^\uFEFF/, '') : text);
        } catch {
          return { type: 'skip', line, artist: '', title: '', reason: 'A broken line' };
        }
        return feedback ? feedbackRecord(data, line) : listenFromListenBrainz(data, line, limits);
      },
    };
  }

  /**
   * A JSON document: an array of listens (an older export), streamed element by element, or a page of the listens
   * endpoint (`{"payload": {"listens": [...]}}`), read whole.
   */
  private jsonDocument(name: string, source: () => ByteSource, size: number): OpenPart {
    const limits = this.limits;
    const probe = source().read() ?? new Uint8Array(0);
    const first = new TextDecoder()
      .decode(probe.subarray(0, 64))
      .replace(/^\uFEFF/, '')
      .trimStart()[0];
    if (first === '[') {
      const elements = new ArrayElementReader(source());
      return {
        name,
        get taken() {
          return elements.taken;
        },
        next() {
          const text = elements.next();
          if (text === undefined) return undefined;
          const line = elements.taken;
          if (text === null) return { type: 'skip', line, artist: '', title: '', reason: 'A listen too long to be one' };
          try {
            return listenFromListenBrainz(JSON.parse(text), line, limits);
          } catch {
            return { type: 'skip', line, artist: '', title: '', reason: 'A broken listen' };
          }
        },
      };
    }
    if (size > JSON_PAGE_MAX_BYTES) throw new NotAListenFile('too_large', name);
    const chunks: Uint8Array[] = [];
    const bytes = source();
    for (let chunk = bytes.read(); chunk; chunk = bytes.read()) chunks.push(chunk);
    let data: unknown;
    try {
      data = JSON.parse(new TextDecoder('utf-8').decode(Buffer.concat(chunks)));
    } catch {
      throw new NotAListenFile('json_damaged', name);
    }
    const listens = isObject(data) && isObject(data.payload) && Array.isArray(data.payload.listens) ? data.payload.listens : null;
    if (!listens) throw new NotAListenFile('json_damaged', `${name}: no payload.listens`);
    let index = 0;
    return {
      name,
      get taken() {
        return index;
      },
      next() {
        if (index >= listens.length) return undefined;
        index++;
        return listenFromListenBrainz(listens[index - 1], index, limits);
      },
    };
  }

  private csv(name: string, source: ByteSource): OpenPart {
    const lines = new LineReader(source);
    const limits = this.limits;
    let layout: CsvLayout | null = null;
    return {
      name,
      get taken() {
        return lines.taken;
      },
      next() {
        const text = lines.next();
        if (text === undefined) return undefined;
        const line = lines.taken;
        if (text === null) return { type: 'skip', line, artist: '', title: '', reason: 'A line too long to be a listen' };
        if (!layout) {
          layout = csvLayout(text);
          if (!layout) throw new NotAListenFile('csv_layout', name);
          if (layout.type === 'header') return null;
        }
        return csvRecord(layout, text, line, limits);
      },
    };
  }
}
