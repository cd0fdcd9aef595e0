import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { manualClock } from '../../../test/clock.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

/*
 * The ListenBrainz-compatible API as players use it: request bodies recorded from ListenBrainz's own tests and docs and
 * from players' code (test/fixtures/listenbrainz/SOURCES.md), sent as those players send them.
 */

const FIXTURES = new URL('../../../test/fixtures/listenbrainz/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- recorded documents, of any shape
type Document = Record<string, any>;
const fixtureJson = (name: string) => JSON.parse(fixture(name)) as Document;

const ADMIN = 'listenbrainz-admin@example.com';
/** Requests a token may make per window in this file: small enough to reach. */
const BUDGET = 40;

let t: TestApp;
const clock = manualClock();
const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, env: { API_TOKEN_RATE_LIMIT: String(BUDGET), ADMIN_EMAILS: ADMIN } });
});
afterAll(() => t.close());

async function newToken(person: TestUser, scopes: string[] = ['listens:write']): Promise<{ id: string; secret: string }> {
  const response = await t.inject({
    method: 'POST',
    url: '/api/me/tokens',
    headers: { cookie: person.cookie },
    payload: { name: 'Player', scopes, password: person.password },
  });
  if (response.statusCode !== 201) throw new Error(`token not created: ${response.body}`);
  return { id: response.json().token.id, secret: response.json().secret };
}

async function player(scopes?: string[]) {
  const person = await createUser(t);
  const token = await newToken(person, scopes);
  return { person, token, userName: person.user.username };
}

/** A submission as a player sends it: the token in ListenBrainz's header form, a JSON body. */
function submit(secret: string | null, body: string | object, headers: Record<string, string> = {}) {
  return t.inject({
    method: 'POST',
    url: '/1/submit-listens',
    headers: {
      ...(secret ? { authorization: `Token ${secret}` } : {}),
      'content-type': 'application/json; charset=UTF-8',
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function listensOf(userId: string) {
  const rows = await t.db
    .selectFrom('listen')
    .select([
      'listened_at',
      'track_name',
      'artist_name',
      'release_name',
      'duration_ms',
      'recording_mbid',
      'release_mbid',
      'release_group_mbid',
      'artist_mbids',
      'client',
      'origin',
    ])
    .where('user_id', '=', userId)
    .orderBy('listened_at')
    .execute();
  return rows.map((row) => ({ ...row, listened_at: Number(row.listened_at) }));
}

const listenCount = async (userId: string) => (await listensOf(userId)).length;

/** A fixture's listens moved to an hour ago, so that it is well within the accepted moments. */
function recent<T extends Document>(document: T, secondsAgo = 3600): T {
  const copy = structuredClone(document);
  copy.payload.forEach((listen: { listened_at?: number }, index: number) => {
    if ('listened_at' in listen) listen.listened_at = nowSeconds() - secondsAgo + index * 300;
  });
  return copy;
}

describe('submitting listens', () => {
  it('keeps a single listen, with its MusicBrainz ids and the player named by submission_client', async () => {
    const { person, token } = await player();
    const document = fixtureJson('docs-complete-single.json');
    const response = await submit(token.secret, document);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['x-ratelimit-limit']).toBe(String(BUDGET));
    expect(response.headers['x-ratelimit-remaining']).toBe(String(BUDGET - 1));
    expect(Number(response.headers['x-ratelimit-reset-in'])).toBeGreaterThan(0);
    expect(response.headers['ratelimit-remaining']).toBe(String(BUDGET - 1));
    expect(await listensOf(person.user.id)).toEqual([
      {
        listened_at: 1443521965,
        track_name: 'Never Gonna Give You Up',
        artist_name: 'Rick Astley',
        release_name: 'Whenever you need somebody',
        duration_ms: 222000,
        recording_mbid: '98255a8c-017a-4bc7-8dd6-1fa36124572b',
        release_mbid: 'bf9e91ea-8029-4a04-a26a-224e00a83266',
        release_group_mbid: null,
        artist_mbids: JSON.stringify(['db92a151-1ac2-438b-bc43-b82e149ddd50']),
        client: 'Rhythmbox ListenBrainz Plugin 1.0',
        origin: 'api',
      },
    ]);
    // The same listen again adds nothing.
    expect((await submit(token.secret, document)).statusCode).toBe(200);
    expect(await listenCount(person.user.id)).toBe(1);
  });

  it('keeps an import of several listens; a client that does not name itself is known by its User-Agent', async () => {
    const { person, token } = await player();
    const response = await submit(token.secret, fixture('valid_import.json'), { 'user-agent': 'mpdscribble/0.25' });
    expect(response.json()).toEqual({ status: 'ok' });
    expect((await listensOf(person.user.id)).map((row) => [row.listened_at, row.track_name, row.client])).toEqual([
      [1486466946, 'Fade', 'mpdscribble/0.25'],
      [1486466992, 'Sister', 'mpdscribble/0.25'],
    ]);
    // Only the User-Agent's first product names the player, and a browser's names none.
    await submit(token.secret, fixture('valid_import.json').replaceAll('14864669', '14864670'), {
      'user-agent': 'Navidrome/0.53.3 (Go-http-client/1.1)',
    });
    await submit(token.secret, fixture('valid_import.json').replaceAll('14864669', '14864671'), {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/159.0 Safari/537.36',
    });
    expect(new Set((await listensOf(person.user.id)).map((row) => row.client))).toEqual(
      new Set(['mpdscribble/0.25', 'Navidrome/0.53.3', null]),
    );
  });

  it("takes Navidrome's request with valid ids, even without a content type, and Web Scrobbler's import", async () => {
    const { person, token } = await player();
    // Navidrome's recorded body holds placeholder ids; a real library has MusicBrainz ids (and placeholders are refused below).
    const navidrome = fixture('navidrome.scrobble.request.json')
      .replace('mbz-123', '8f3471b5-7e6a-48da-86a9-c1c07a0f47ae')
      .replace('mbz-789', '{2f9ecbed-27be-40e6-abca-6de49d50299e}')
      .replace('mbz-456', 'A4864E94C03D4A0D8E1A2C52C82D26B8');
    const response = await t.inject({
      method: 'POST',
      url: '/1/submit-listens',
      headers: { authorization: `Token ${token.secret}`, 'user-agent': 'Navidrome/0.53.3 (Go-http-client/1.1)' },
      payload: navidrome,
    });
    expect(response.json()).toEqual({ status: 'ok' });
    const web = await submit(token.secret, fixture('web-scrobbler.import.request.json'), {
      origin: 'chrome-extension://hhinaapppaileiechjoiifaancjggfjm',
      'sec-fetch-site': 'none',
    });
    expect(web.json()).toEqual({ status: 'ok' });
    expect(await listensOf(person.user.id)).toEqual([
      expect.objectContaining({
        listened_at: 1635000000,
        duration_ms: 142200,
        recording_mbid: '8f3471b5-7e6a-48da-86a9-c1c07a0f47ae',
        release_mbid: 'a4864e94-c03d-4a0d-8e1a-2c52c82d26b8',
        artist_mbids: JSON.stringify(['2f9ecbed-27be-40e6-abca-6de49d50299e']),
        client: 'Navidrome/0.53.3',
      }),
      expect.objectContaining({ track_name: 'Once in a Lifetime', duration_ms: 259000, client: 'Web Scrobbler 3.12.0' }),
      expect.objectContaining({ track_name: 'Houses in Motion', release_name: 'Remain in Light' }),
    ]);
  });

  it('keeps what plays now apart from listens, until the track has played', async () => {
    const { person, token, userName } = await player();
    const response = await submit(token.secret, fixture('pano-scrobbler.playing-now.request.json'));
    expect(response.json()).toEqual({ status: 'ok' });
    expect(await listenCount(person.user.id)).toBe(0);
    const playing = await t.inject({
      method: 'GET',
      url: `/1/user/${userName}/playing-now`,
      headers: { authorization: `token ${token.secret}` },
    });
    expect(playing.json()).toEqual({
      payload: {
        count: 1,
        listens: [
          {
            playing_now: true,
            track_metadata: {
              artist_name: 'KiloWatts',
              track_name: 'Scraped On The Way Out',
              release_name: 'Problem/Solving',
              additional_info: { duration_ms: 346958, submission_client: 'Pano Scrobbler', submission_client_version: '4.05' },
            },
            user_name: userName,
          },
        ],
        playing_now: true,
        user_id: userName,
      },
    });
    // A track without a duration plays for ten minutes; a new one replaces the last.
    expect((await submit(token.secret, fixture('valid_playing_now.json'))).statusCode).toBe(200);
    clock.advance(9 * 60_000);
    const stillPlaying = await t.inject({
      method: 'GET',
      url: `/1/user/${userName}/playing-now`,
      headers: { authorization: `token ${token.secret}` },
    });
    expect(stillPlaying.json().payload.listens[0].track_metadata.track_name).toBe('Fade');
    clock.advance(2 * 60_000);
    const over = await t.inject({
      method: 'GET',
      url: `/1/user/${userName}/playing-now`,
      headers: { authorization: `token ${token.secret}` },
    });
    expect(over.json().payload).toEqual({ count: 0, listens: [], playing_now: true, user_id: userName });
  });
});

describe('what a listen keeps', () => {
  it('gives back every additional_info field submitted, with its ids kept in their columns too', async () => {
    const { person, token, userName } = await player();
    const document = fixtureJson('additional_info.json');
    expect((await submit(token.secret, document)).json()).toEqual({ status: 'ok' });
    expect(await listensOf(person.user.id)).toEqual([
      expect.objectContaining({
        release_group_mbid: 'c2f7be65-056f-4589-ba84-3ad8cb674628',
        artist_mbids: JSON.stringify(['abaa7001-0d80-4e58-be5d-d2d246fd9d87', '7babc9be-ca2b-4544-b932-7c9ab38770d6']),
      }),
    ]);
    const read = await t.inject({ method: 'GET', url: `/1/user/${userName}/listens`, headers: { authorization: `Token ${token.secret}` } });
    expect(read.json().payload.listens[0].track_metadata).toEqual(document.payload[0].track_metadata);
  });

  it('a track that says how long it is plays for that long', async () => {
    const { token, userName } = await player();
    expect((await submit(token.secret, fixture('playing_now_with_duration_ms.json'))).json()).toEqual({ status: 'ok' });
    const playing = () =>
      t.inject({ method: 'GET', url: `/1/user/${userName}/playing-now`, headers: { authorization: `Token ${token.secret}` } });
    expect((await playing()).json().payload.count).toBe(1);
    clock.advance(2000);
    expect((await playing()).json().payload.count).toBe(0);
  });

  it("Navidrome's recorded playing_now, with placeholder ids, is refused and plays nothing", async () => {
    const { person, token } = await player();
    const response = await submit(token.secret, fixture('navidrome.nowplaying.request.json'));
    expect(response.json()).toEqual({ code: 400, error: 'release_mbid MBID format invalid.' });
    expect(await t.db.selectFrom('now_playing').select('user_id').where('user_id', '=', person.user.id).execute()).toEqual([]);
  });
});

describe('refused submissions store nothing and answer as ListenBrainz does', () => {
  let token: { id: string; secret: string };
  let person: TestUser;
  beforeAll(async () => {
    ({ person, token } = await player(['write']));
  });

  const listen = (overrides: Record<string, unknown> = {}) => ({
    listened_at: nowSeconds() - 600,
    track_metadata: { artist_name: 'Talking Heads', track_name: 'Crosseyed and Painless' },
    ...overrides,
  });
  const many = (count: number) => ({
    listen_type: 'import',
    payload: Array.from({ length: count }, (_, index) => listen({ listened_at: nowSeconds() - 600 - index })),
  });

  const cases: Array<[string, () => string | object, string]> = [
    ['invalid JSON', () => '{"listen_type": "single", "payload": [', 'Cannot parse JSON document: '],
    [
      'a document that is not an object',
      () => '[1, 2]',
      'Invalid JSON document submitted. Top level of JSON document should be a json object.',
    ],
    ['no payload', () => ({ listen_type: 'single' }), 'Invalid JSON document submitted.'],
    [
      'a payload that is not a list',
      () => ({ listen_type: 'single', payload: { a: 1 } }),
      'The payload in the JSON document should be a list of listens.',
    ],
    ['an empty payload', () => ({ listen_type: 'import', payload: [] }), 'JSON document does not contain any listens'],
    ['1,001 listens', () => many(1001), 'Too many listens. You may not submit more than 1000 listens at once.'],
    ['an unknown listen type', () => ({ listen_type: 'several', payload: [listen()] }), 'JSON document requires a valid listen_type key.'],
    [
      'single with two listens',
      () => recent(fixtureJson('single_more_than_one_listen.json')),
      'JSON document contains more than listen for a single/playing_now. It should contain only one.',
    ],
    [
      'a listen without track_metadata',
      () => recent(fixtureJson('invalid_listen_missing_track_metadata.json')),
      'JSON document must contain the key track_metadata at the top level.',
    ],
    [
      'a timestamp before the minimum',
      () => fixtureJson('timestamp_before_lfm_founding.json'),
      'Value for key listened_at is too low. listened_at timestamp should be greater than 1033410600 (2002-10-01 00:00:00 UTC).',
    ],
    [
      'a timestamp in the future',
      () => ({ listen_type: 'single', payload: [listen({ listened_at: nowSeconds() + 3600 })] }),
      'Value for key listened_at is too high.',
    ],
    [
      'a timestamp of the wrong type',
      () => ({ listen_type: 'single', payload: [listen({ listened_at: 'yesterday' })] }),
      'JSON document must contain an int value for listened_at.',
    ],
    [
      'a track name of the wrong type',
      () => ({ listen_type: 'single', payload: [listen({ track_metadata: { artist_name: 'Talking Heads', track_name: 42 } })] }),
      'track_metadata.track_name must be a single string.',
    ],
    [
      'an empty artist name',
      () => ({ listen_type: 'single', payload: [listen({ track_metadata: { artist_name: '  ', track_name: 'Listening Wind' } })] }),
      'field track_metadata.artist_name is empty.',
    ],
    ['a malformed MusicBrainz id', () => recent(fixtureJson('invalid_release_mbid.json')), 'release_mbid MBID format invalid.'],
    ["Navidrome's placeholder ids", () => recent(fixtureJson('navidrome.scrobble.request.json')), 'release_mbid MBID format invalid.'],
    ['a null duration', () => recent(fixtureJson('invalid_duration.json')), 'Value for duration is invalid, should be a positive integer.'],
    [
      'too many tags',
      () => ({
        ...recent({ payload: fixtureJson('too_many_tags.json').payload.map((item: object) => ({ ...item, listened_at: 0 })) }),
        listen_type: 'import',
      }),
      'JSON document may not contain more than 50 items in track_metadata.additional_info.tags.',
    ],
    [
      'a playing_now with a timestamp',
      () => fixtureJson('playing_now_with_ts.json'),
      'JSON document must not contain listened_at while submitting playing_now.',
    ],
  ];

  it.each(cases)('%s', async (_name, body, message) => {
    const response = await submit(token.secret, body());
    expect(response.statusCode).toBe(400);
    const answer = response.json();
    expect(answer.code).toBe(400);
    if (message.endsWith(': ')) expect(answer.error.startsWith(message)).toBe(true);
    else expect(answer.error).toBe(message);
    expect(await listenCount(person.user.id)).toBe(0);
  });

  it('one bad listen among many refuses them all', async () => {
    const document = many(20);
    document.payload[13] = listen({ track_metadata: { artist_name: 'Talking Heads' } });
    const response = await submit(token.secret, document);
    expect(response.json()).toEqual({ code: 400, error: 'JSON document does not contain required field track_metadata.track_name.' });
    expect(await listenCount(person.user.id)).toBe(0);
  });

  it('a text holding U+0000 is refused, not a failure of the database', async () => {
    const response = await submit(token.secret, recent(fixtureJson('listen_having_unicode_null.json')));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('contains a unicode null');
    expect(await listenCount(person.user.id)).toBe(0);
  });

  it('a 10 MB body is refused from its length, before it is read', async () => {
    const size = 10 * 1024 * 1024;
    const response = await submit(token.secret, 'x'.repeat(size));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, error: 'Payload too large. Payload cannot exceed 10240000 bytes' });
    // Without a token the body is not even considered.
    const anonymous = await submit(null, 'x'.repeat(size));
    expect(anonymous.json()).toEqual({ code: 401, error: 'You need to provide an Authorization header.' });
    expect(await listenCount(person.user.id)).toBe(0);
  });

  it('a body larger than its listens allow is refused', async () => {
    const padded = {
      listen_type: 'single',
      payload: [listen({ track_metadata: { artist_name: 'A', track_name: 'B', additional_info: { note: 'x'.repeat(11_000) } } })],
    };
    const response = await submit(token.secret, padded);
    expect(response.json()).toEqual({ code: 400, error: 'JSON document is too large. Each listens may not be larger than 10240 bytes.' });
  });
});

describe('tokens', () => {
  const single = () => recent(fixtureJson('valid_single.json'), 60);

  it('a wrong, revoked or expired token, or a missing header, gets 401 and stores nothing', async () => {
    const { person, token } = await player();
    expect((await submit('hsy_' + 'x'.repeat(43), single())).json()).toEqual({ code: 401, error: 'Invalid authorization token.' });
    expect((await submit(null, single())).json()).toEqual({ code: 401, error: 'You need to provide an Authorization header.' });
    const malformed = await submit(null, single(), { authorization: 'Token' });
    expect(malformed.json()).toEqual({ code: 401, error: 'Provided Authorization header is invalid.' });
    const revoke = await t.inject({ method: 'DELETE', url: `/api/me/tokens/${token.id}`, headers: { cookie: person.cookie } });
    expect(revoke.statusCode).toBe(200);
    const revoked = await submit(token.secret, single());
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ code: 401, error: 'Invalid authorization token.' });

    const created = await t.inject({
      method: 'POST',
      url: '/api/me/tokens',
      headers: { cookie: person.cookie },
      payload: { name: 'Old player', scopes: ['listens:write'], expiresIn: '30d', password: person.password },
    });
    const expiring = created.json().secret as string;
    clock.advance(31 * 24 * 3600_000);
    expect((await submit(expiring, single())).json()).toEqual({ code: 401, error: 'Invalid authorization token.' });
    const validated = await t.inject({ method: 'GET', url: '/1/validate-token', headers: { authorization: `Token ${expiring}` } });
    expect(validated.json()).toEqual({ code: 200, message: 'Token invalid.', valid: false });
    expect(await listenCount(person.user.id)).toBe(0);
  });

  it('a token without listens:write or write cannot submit; listens:write and write can, as Token or Bearer', async () => {
    const reader = await player(['read']);
    const refused = await submit(reader.token.secret, single());
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 401, error: 'Insufficient scope.' });
    expect(await listenCount(reader.person.user.id)).toBe(0);

    const writer = await player(['write']);
    const bearer = await submit(null, single(), { authorization: `Bearer ${writer.token.secret}` });
    expect(bearer.json()).toEqual({ status: 'ok' });
    expect(await listenCount(writer.person.user.id)).toBe(1);
  });

  it("a suspended member's player is refused, and keeps nothing", async () => {
    const { person, token } = await player();
    const admin = await createUser(t, { email: ADMIN });
    const decision = await t.inject({
      method: 'POST',
      url: '/api/moderation/decisions',
      headers: { cookie: admin.cookie },
      payload: { subjectType: 'profile', subjectId: person.user.id, action: 'suspend', reason: 'Spam', days: 7 },
    });
    expect(decision.statusCode).toBeLessThan(300);
    const refused = await submit(token.secret, single());
    expect(refused.json()).toEqual({ code: 401, error: 'User account is paused and is currently not accepting listens.' });
    expect(await listenCount(person.user.id)).toBe(0);
  });

  it("a player's token reaches nothing of /api/", async () => {
    const { token } = await player();
    const response = await t.inject({ method: 'GET', url: '/api/me/settings', headers: { authorization: `Bearer ${token.secret}` } });
    expect(response.statusCode).toBe(403);
  });

  it('validate-token answers whose token it is, from the header or the query', async () => {
    const { token, userName } = await player();
    const valid = { code: 200, message: 'Token valid.', valid: true, user_name: userName };
    const byHeader = await t.inject({
      method: 'GET',
      url: '/1/validate-token',
      headers: { authorization: `Token ${token.secret}`, 'content-type': 'application/json' },
    });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.json()).toEqual(valid);
    // Navidrome sends a body with its GET.
    const withBody = await t.inject({
      method: 'GET',
      url: '/1/validate-token',
      headers: { authorization: `Token ${token.secret}` },
      payload: '{}',
    });
    expect(withBody.json()).toEqual(valid);
    expect((await t.inject({ method: 'GET', url: `/1/validate-token?token=${token.secret}` })).json()).toEqual(valid);

    const invalid = { code: 200, message: 'Token invalid.', valid: false };
    expect((await t.inject({ method: 'GET', url: '/1/validate-token', headers: { authorization: 'Token hsy_nope' } })).json()).toEqual(
      invalid,
    );
    const reader = await player(['read']);
    expect(
      (await t.inject({ method: 'GET', url: '/1/validate-token', headers: { authorization: `Token ${reader.token.secret}` } })).json(),
    ).toEqual(invalid);
    const missing = await t.inject({ method: 'GET', url: '/1/validate-token' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 400, error: 'You need to provide an Authorization token.' });
  });

  it("a token's budget runs out with 429 and Retry-After", async () => {
    const { token } = await player();
    for (let sent = 0; sent < BUDGET; sent++) {
      const response = await submit(token.secret, '[]');
      expect(response.statusCode).toBe(400);
    }
    const limited = await submit(token.secret, single());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
  });
});

describe('reading listens back', () => {
  it('lists listens newest first in ListenBrainz’s shape, paged by max_ts, min_ts and count', async () => {
    const { token, userName } = await player();
    const base = nowSeconds() - 10_000;
    const document = {
      listen_type: 'import',
      payload: Array.from({ length: 5 }, (_, index) => ({
        listened_at: base + index * 100,
        track_metadata: {
          artist_name: 'Talking Heads',
          track_name: `Track ${index + 1}`,
          release_name: 'Remain in Light',
          additional_info: {
            duration_ms: 240000,
            tags: ['new wave'],
            release_group_mbid: index === 0 ? 'ec4ea1ab-a8a0-3ab7-ad11-1e4c2e5e0dd4' : '',
          },
        },
      })),
    };
    expect((await submit(token.secret, document)).statusCode).toBe(200);
    const read = (query: string) =>
      t.inject({ method: 'GET', url: `/1/user/${userName}/listens${query}`, headers: { authorization: `Token ${token.secret}` } });

    const all = (await read('')).json();
    expect(all.payload).toMatchObject({ count: 5, latest_listen_ts: base + 400, oldest_listen_ts: base, user_id: userName });
    expect(all.payload.listens.map((item: { track_metadata: { track_name: string } }) => item.track_metadata.track_name)).toEqual([
      'Track 5',
      'Track 4',
      'Track 3',
      'Track 2',
      'Track 1',
    ]);
    expect(all.payload.listens[4]).toEqual({
      inserted_at: expect.any(Number),
      listened_at: base,
      recording_msid: null,
      track_metadata: {
        artist_name: 'Talking Heads',
        track_name: 'Track 1',
        release_name: 'Remain in Light',
        additional_info: { duration_ms: 240000, tags: ['new wave'], release_group_mbid: 'ec4ea1ab-a8a0-3ab7-ad11-1e4c2e5e0dd4' },
      },
      user_name: userName,
    });
    // An empty MusicBrainz id was dropped, as ListenBrainz drops it.
    expect(all.payload.listens[3].track_metadata.additional_info).toEqual({ duration_ms: 240000, tags: ['new wave'] });

    const names = (body: { payload: { listens: Array<{ listened_at: number }> } }) => body.payload.listens.map((item) => item.listened_at);
    expect(names((await read(`?count=2`)).json())).toEqual([base + 400, base + 300]);
    expect(names((await read(`?max_ts=${base + 300}&count=2`)).json())).toEqual([base + 200, base + 100]);
    expect(names((await read(`?min_ts=${base + 100}&count=2`)).json())).toEqual([base + 300, base + 200]);
    expect(names((await read(`?min_ts=${base}&max_ts=${base + 300}`)).json())).toEqual([base + 200, base + 100]);
    expect((await read(`?min_ts=${base + 300}&max_ts=${base}`)).json()).toEqual({
      code: 400,
      error: 'max_ts should be greater than min_ts',
    });
    expect((await read(`?max_ts=soon`)).json()).toEqual({ code: 400, error: 'Incorrect max_ts timestamp argument: soon' });
    expect((await read(`?count=-1`)).json()).toEqual({ code: 400, error: 'Number of items requested should be positive' });
    expect((await read(`?count=many`)).json()).toEqual({ code: 400, error: 'Invalid count argument: many' });

    const counted = await t.inject({
      method: 'GET',
      url: `/1/user/${userName}/listen-count`,
      headers: { authorization: `Token ${token.secret}` },
    });
    expect(counted.json()).toEqual({ payload: { count: 5 } });
  });

  it('someone nobody may see, or nobody at all, is 404 as ListenBrainz answers for an unknown user', async () => {
    const missing = await t.inject({ method: 'GET', url: '/1/user/nobody-here/listens' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, error: 'Cannot find user: nobody-here' });
    const unknownPath = await t.inject({ method: 'GET', url: '/1/user/nobody-here/no-such-thing' });
    expect(unknownPath.statusCode).toBe(404);
    expect(unknownPath.json()).toEqual({ code: 404, error: 'The requested URL was not found on the server.' });
    const wrongMethod = await t.inject({ method: 'GET', url: '/1/submit-listens' });
    expect(wrongMethod.json()).toEqual({ code: 404, error: 'The requested URL was not found on the server.' });
  });
});

describe('privacy of listening', () => {
  let owner: Awaited<ReturnType<typeof player>>;
  let follower: Awaited<ReturnType<typeof player>>;
  let stranger: Awaited<ReturnType<typeof player>>;
  let blocked: Awaited<ReturnType<typeof player>>;

  const as = (reader: { token: { secret: string } } | null, what: 'listens' | 'playing-now' | 'listen-count') =>
    t.inject({
      method: 'GET',
      url: `/1/user/${owner.userName}/${what}`,
      headers: reader ? { authorization: `Token ${reader.token.secret}` } : {},
    });
  const cookie = (person: TestUser) => ({ cookie: person.cookie });

  beforeAll(async () => {
    [owner, follower, stranger, blocked] = await Promise.all([player(), player(), player(), player()]);
    await submit(owner.token.secret, recent(fixtureJson('valid_single.json'), 60));
    await submit(owner.token.secret, fixture('valid_playing_now.json'));
    await t.inject({ method: 'PUT', url: `/api/users/${owner.userName}/follow`, headers: cookie(follower.person) });
    const block = await t.inject({ method: 'PUT', url: `/api/users/${blocked.userName}/block`, headers: cookie(owner.person) });
    expect(block.statusCode).toBeLessThan(300);
  });

  async function seenBy() {
    const readers = { visitor: null, follower, stranger, blocked, owner };
    const seen: Record<string, boolean> = {};
    for (const [name, reader] of Object.entries(readers)) {
      const statuses = await Promise.all(
        (['listens', 'playing-now', 'listen-count'] as const).map(async (what) => (await as(reader, what)).statusCode),
      );
      // Every path agrees.
      expect(new Set(statuses).size).toBe(1);
      seen[name] = statuses[0] === 200;
    }
    return seen;
  }

  it('a public profile sharing its listening: everyone but a blocked person, who sees nothing even with their own token', async () => {
    expect(await seenBy()).toEqual({ visitor: true, follower: true, stranger: true, blocked: false, owner: true });
    const blockedAnswer = await as(blocked, 'listens');
    expect(blockedAnswer.json()).toEqual({ code: 404, error: `Cannot find user: ${owner.userName}` });
  });

  it('followers only: approved followers and the owner', async () => {
    // The follow was made while public; a follow made now would be a request to approve.
    const change = await t.inject({
      method: 'PUT',
      url: '/api/me/visibility',
      headers: cookie(owner.person),
      payload: { visibility: 'followers' },
    });
    expect(change.statusCode).toBe(200);
    expect(await seenBy()).toEqual({ visitor: false, follower: true, stranger: false, blocked: false, owner: true });
  });

  it('listening not shared: the owner alone, whatever the profile', async () => {
    await t.inject({ method: 'PUT', url: '/api/me/visibility', headers: cookie(owner.person), payload: { visibility: 'public' } });
    const change = await t.inject({
      method: 'PATCH',
      url: '/api/me/settings',
      headers: cookie(owner.person),
      payload: { sharing: { listening: false } },
    });
    expect(change.statusCode).toBe(200);
    expect(await seenBy()).toEqual({ visitor: false, follower: false, stranger: false, blocked: false, owner: true });
    const own = (await as(owner, 'listens')).json();
    expect(own.payload.count).toBe(1);
  });

  it('a private profile: the owner alone', async () => {
    await t.inject({ method: 'PATCH', url: '/api/me/settings', headers: cookie(owner.person), payload: { sharing: { listening: true } } });
    await t.inject({ method: 'PUT', url: '/api/me/visibility', headers: cookie(owner.person), payload: { visibility: 'private' } });
    expect(await seenBy()).toEqual({ visitor: false, follower: false, stranger: false, blocked: false, owner: true });
  });

  it('a session cookie does not stand for a token on /1/', async () => {
    const response = await t.inject({ method: 'GET', url: `/1/user/${owner.userName}/listens`, headers: cookie(owner.person) });
    expect(response.statusCode).toBe(404);
  });
});
