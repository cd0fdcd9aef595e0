import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import {
  MATRIX,
  MATRIX_END,
  MATRIX_START,
  OBJECTS,
  ROLES,
  renderMatrix,
  SANCTIONED,
  SANCTIONERS,
  SANCTIONS,
  sanctionAnswer,
  type Answer,
  type Role,
  type Row,
  type State,
} from './authorization/matrix.ts';
import { declaredEndpoints } from './declarations.ts';
import { buildAlbum } from './factories.ts';
import { createListensService } from '../src/modules/listens/listens.service.ts';
import { uploadExport } from './imports.ts';
import { rymExport } from './rym-export.ts';
import { requestsTo, type Method } from './requests.ts';
import { exportData } from './exports.ts';
import { createUser, sessionCookie, type TestUser } from './users.ts';

/**
 * Sends every cell of the authorization matrix to the real server: each registered API route, as each kind of person,
 * against its object in each state. Objects are made afresh for every route, and the relations between the people
 * are put back after routes that change them, so no cell depends on another.
 */

const ADMIN = (n: number) => `admin${n}@authz.test`;
let admins = 0;
let t: TestApp;

const { call: send, act } = requestsTo(() => t);
const name = (person: TestUser) => person.user.username;

/** The people of the matrix. Owners own the objects in each state; the others relate to all of them the same way. */
interface People {
  owners: { public: TestUser; followers: TestUser; private: TestUser };
  stranger: TestUser;
  follower: TestUser;
  blocked: TestUser;
  suspended: TestUser;
  moderator: TestUser;
  admin: TestUser;
  candidate: TestUser;
  host: TestUser;
}
let people: People;
let albumId: string;
let otherAlbumId: string;

const ownerFor = (state: State): TestUser =>
  state === 'followers' ? people.owners.followers : state === 'private' ? people.owners.private : people.owners.public;

async function newAdmin(): Promise<TestUser> {
  return createUser(t, { email: ADMIN(admins++) });
}

async function suspend(person: TestUser): Promise<void> {
  await act('POST', '/api/moderation/decisions', people.admin, {
    subjectType: 'profile',
    subjectId: person.user.id,
    action: 'suspend',
    reason: 'Matrix: a suspended person',
    days: 30,
  });
}

/** Follows, blocks and visibilities as the matrix describes them; run again after routes that change them. */
async function settleRelations(): Promise<void> {
  const { owners, stranger, follower, blocked } = people;
  const others = [stranger, follower, blocked, people.suspended, people.moderator, people.admin];
  for (const [visibility, owner] of Object.entries(owners)) {
    await act('PUT', '/api/me/visibility', owner, { visibility: 'public' });
    for (const other of others) {
      await act('DELETE', `/api/users/${name(other)}/block`, owner);
      // A suspended person cannot have changed anything.
      if (other === people.suspended) continue;
      await act('DELETE', `/api/users/${name(owner)}/block`, other);
      await act('DELETE', `/api/users/${name(owner)}/mute`, other);
      if (other !== follower) await act('DELETE', `/api/users/${name(owner)}/follow`, other);
    }
    await act('PUT', `/api/users/${name(owner)}/follow`, follower);
    await act('PUT', `/api/users/${name(blocked)}/block`, owner);
    await act('PUT', '/api/me/visibility', owner, { visibility });
  }
}

/** A review by `author` on a fresh album. */
async function reviewBy(author: TestUser): Promise<string> {
  const album = await buildAlbum(t.db, { title: 'Matrix Reviewed' });
  return (
    await act('POST', `/api/albums/${album}/reviews`, author, {
      rating: 8,
      content: 'A patient record: the second side carries the first and then some more.',
    })
  ).id;
}

/** The path parameters that name this row's object in this state (made afresh). */
async function objectFor(row: Row, state: State): Promise<Record<string, string>> {
  const owner = ownerFor(state);
  const hide = (subjectType: string, subjectId: string) =>
    act('POST', '/api/moderation/decisions', people.admin, { subjectType, subjectId, action: 'hide', reason: 'Matrix: hidden' });
  switch (row.object) {
    case 'none':
      return { provider: 'spotify', mbid: '2c8e3e4e-0d4d-4d2e-9c3f-1b1e8e9a0f00', username: name(people.candidate) };
    case 'candidate':
      return { username: name(people.candidate) };
    case 'album': {
      const album = await act('GET', `/api/albums/${albumId}`, people.admin);
      return { albumId, artistId: album.artists[0].id, trackId: album.tracks[0].id };
    }
    case 'profile': {
      if (state !== 'deleted') return { username: name(owner) };
      const gone = await createUser(t);
      await act('DELETE', '/api/me', gone, { password: gone.password });
      return { username: name(gone) };
    }
    case 'review': {
      const reviewId = await reviewBy(owner);
      if (state === 'hidden') await hide('review', reviewId);
      if (state === 'deleted') await act('DELETE', `/api/reviews/${reviewId}`, owner);
      return { reviewId };
    }
    case 'comment': {
      const reviewId = await reviewBy(people.host);
      const comment = await act('POST', `/api/reviews/${reviewId}/comments`, owner, { body: 'Agreed, side two.' });
      if (state === 'hidden') await hide('comment', comment.id);
      if (state === 'deleted') await act('DELETE', `/api/comments/${comment.id}`, owner);
      return { commentId: comment.id };
    }
    case 'collection': {
      const collection = await act('POST', '/api/collections', owner, {
        name: 'Matrix Shelf',
        albumIds: [albumId],
        isPrivate: state === 'private',
      });
      if (state === 'deleted') await act('DELETE', `/api/collections/${collection.id}`, owner);
      return { collectionId: collection.id, albumId };
    }
    case 'conversation': {
      const conversation = await act('POST', '/api/conversations', people.follower, { username: name(owner) });
      return { conversationId: conversation.id };
    }
    case 'journalEntry': {
      const entry = await act('POST', '/api/me/journal', owner, { albumId });
      if (state === 'deleted') await act('DELETE', `/api/me/journal/${entry.id}`, owner);
      return { entryId: entry.id };
    }
    case 'listen': {
      // As a player's listen arrives (the ListenBrainz-compatible API hands it to the service).
      const listens = createListensService({ db: t.db, clock: () => new Date() });
      const trackName = `Matrix track ${Math.random().toString(36).slice(2)}`;
      await listens.record(
        owner.user.id,
        [
          {
            listenedAt: Math.floor(Date.now() / 1000),
            trackName,
            artistName: 'Matrix Band',
            releaseName: null,
            durationMs: null,
            recordingMbid: null,
            releaseMbid: null,
            releaseGroupMbid: null,
            artistMbids: null,
            additionalInfo: null,
          },
        ],
        { origin: 'api', client: null },
      );
      const { id } = await t.db.selectFrom('listen').select('id').where('track_name', '=', trackName).executeTakeFirstOrThrow();
      if (state === 'deleted') await act('DELETE', `/api/me/listens/${id}`, owner);
      return { listenId: id };
    }
    case 'importJob': {
      const started = await uploadExport(t, owner, rymExport({ rows: 2, prefix: 'Matrix' }));
      return { importId: started.json().id };
    }
    case 'dataExport': {
      const finished = await exportData(t, owner);
      return { exportId: finished.id };
    }
    case 'session': {
      const again = await send('POST', '/api/auth/sign-in', null, { email: owner.user.email, password: owner.password });
      const cookie = sessionCookie(again.headers['set-cookie']);
      const security = (await t.inject({ method: 'GET', url: '/api/me/security', headers: { cookie } })).json();
      return { sessionId: security.sessions.find((session: { current: boolean }) => session.current).id };
    }
    case 'accessToken': {
      const created = await act('POST', '/api/me/tokens', owner, { name: 'Matrix token', scopes: ['read'], password: owner.password });
      return { tokenId: created.token.id };
    }
    case 'warning': {
      await act('POST', '/api/moderation/decisions', people.admin, {
        subjectType: 'profile',
        subjectId: owner.user.id,
        action: 'warn',
        reason: 'Matrix: a warning',
      });
      const { warnings } = await act('GET', '/api/me/standing', owner);
      return { warningId: warnings[warnings.length - 1].id };
    }
    case 'albumPair': {
      const survivorId = await buildAlbum(t.db, { title: 'Matrix Duplicate' });
      const retiredId = await buildAlbum(t.db, { title: 'Matrix Duplicate' });
      return { survivorId, retiredId };
    }
    case 'merge': {
      const survivorId = await buildAlbum(t.db, { title: 'Matrix Merged' });
      const retiredId = await buildAlbum(t.db, { title: 'Matrix Merged' });
      const merge = await act('POST', '/api/curation/merges', people.admin, { survivorId, retiredId });
      return { mergeId: merge.id };
    }
    case 'correction': {
      const corrected = await buildAlbum(t.db, { title: 'Matrix Misspelt' });
      const correction = await act('POST', `/api/albums/${corrected}/corrections`, owner, { field: 'title', value: 'Matrix Spelt' });
      return { correctionId: correction.id };
    }
    case 'followRequest': {
      const requester = await createUser(t);
      await act('PUT', `/api/users/${name(people.owners.followers)}/follow`, requester);
      return { username: name(requester) };
    }
  }
}

/** Who asks, for a role: the matrix's person, or for `fresh` rows someone new in the same position. */
async function asker(row: Row, role: Role, state: State): Promise<TestUser | null> {
  if (role === 'visitor') return null;
  if (!row.fresh) {
    if (role === 'owner') return ownerFor(state);
    return people[role];
  }
  const person = role === 'admin' ? await newAdmin() : await createUser(t);
  if (role === 'moderator') await act('PUT', `/api/moderation/moderators/${name(person)}`, people.admin);
  if (role === 'suspended') await suspend(person);
  return person;
}

function fill(value: unknown, values: Record<string, string>): unknown {
  if (typeof value === 'string') return value.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);
  if (Array.isArray(value)) return value.map((item) => fill(item, values));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, values)]));
  return value;
}

const answerOf = (status: number): Answer | number => (status < 400 ? 'ok' : status);

/** Every cell of a row: the answer expected and the answer given. */
async function run(row: Row): Promise<{ cell: string; expected: Answer; actual: Answer | number }[]> {
  const [method, pattern] = row.route.split(' ') as [Method, string];
  const results = [];
  // The owner goes last: what they may do (delete, leave) would change what the others see.
  const order: Role[] = ['visitor', 'stranger', 'follower', 'blocked', 'suspended', 'moderator', 'admin', 'owner'];
  for (const state of OBJECTS[row.object] as readonly State[]) {
    const params = await objectFor(row, state);
    for (const role of order) {
      const person = await asker(row, role, state);
      const values: Record<string, string> = {
        ...params,
        albumId,
        otherAlbumId,
        candidateId: people.candidate.user.id,
        genre: 'rock',
        descriptor: 'melancholic',
        year: String(new Date().getUTCFullYear()),
        newEmail: `new-${Math.random().toString(36).slice(2, 10)}@authz.test`,
        newUsername: `renamed_${Math.random().toString(36).slice(2, 10)}`,
        password: person?.password ?? 'Correct-Horse-Battery-9',
      };
      const path = pattern.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(values[key] ?? 'unknown'));
      const url = row.query ? `${path}?${row.query}` : path;
      const response = await send(method, url, person, row.body ? (fill(row.body, values) as object) : undefined);
      await t.app.domainEvents.idle();
      results.push({ cell: `${row.route} · ${role} · ${state}`, expected: row.rule(role, state), actual: answerOf(response.statusCode) });
    }
  }
  return results;
}

const CHANGES_RELATIONS = /\/(follow|block|mute|visibility|follow-requests)\b|^DELETE \/api\/me$/;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: Array.from({ length: 40 }, (_, n) => ADMIN(n)).join(',') } });
  const admin = await newAdmin();
  const [ownerPublic, ownerFollowers, ownerPrivate, stranger, follower, blocked, suspended, moderator, candidate, host] = await Promise.all(
    Array.from({ length: 10 }, () => createUser(t)),
  );
  people = {
    owners: { public: ownerPublic!, followers: ownerFollowers!, private: ownerPrivate! },
    stranger: stranger!,
    follower: follower!,
    blocked: blocked!,
    suspended: suspended!,
    moderator: moderator!,
    admin,
    candidate: candidate!,
    host: host!,
  };
  albumId = await buildAlbum(t.db, { title: 'Matrix Album', tracks: [{ position: 1, title: 'Matrix Track' }] });
  otherAlbumId = await buildAlbum(t.db, { title: 'Matrix Other Album' });
  await act('PUT', `/api/moderation/moderators/${name(people.moderator)}`, admin);
  await settleRelations();
  await suspend(people.suspended);
}, 120_000);
afterAll(() => t?.close());

describe('authorization matrix', () => {
  it('has exactly one row for every API route the server registers', () => {
    const registered = [...new Set(t.app.apiRoutes)].sort();
    const rows = MATRIX.map((row) => row.route);
    expect(
      rows.filter((route, index) => rows.indexOf(route) !== index),
      'routes with two rows',
    ).toEqual([]);
    expect(
      registered.filter((route) => !rows.includes(route)),
      'routes without a row in test/authorization/matrix.ts',
    ).toEqual([]);
    expect(
      rows.filter((route) => !registered.includes(route)),
      'rows for routes the server does not have',
    ).toEqual([]);
  });

  it('declares members-only exactly the routes whose row asks every visitor, and only visitors, to sign in', async () => {
    const declarations = await declaredEndpoints();
    const registered = new Set(t.app.apiRoutes);
    const declared = [...declarations.entries()].filter(
      ([route, declaration]) => registered.has(route) && declaration.access === 'members',
    );
    expect(declared.length).toBeGreaterThan(0);
    // A visitor's 401 is "sign in": not sign-in's own 401 for wrong credentials, which everyone gets.
    const asksVisitorsToSignIn = (row: Row) => {
      const states = OBJECTS[row.object] as readonly State[];
      const others = ROLES.filter((role) => role !== 'visitor');
      return (
        states.every((state) => row.rule('visitor', state) === 401) &&
        others.every((role) => states.every((state) => row.rule(role, state) !== 401))
      );
    };
    const rows = new Map(MATRIX.map((row) => [row.route, row]));
    expect(
      declared.filter(([route]) => !rows.has(route) || !asksVisitorsToSignIn(rows.get(route)!)).map(([route]) => route),
      'members-only routes whose row lets a visitor in',
    ).toEqual([]);
    expect(
      MATRIX.filter((row) => asksVisitorsToSignIn(row) && declarations.get(row.route)?.access !== 'members').map((row) => row.route),
      "routes that ask every visitor to sign in without `access: 'members'` in their contract",
    ).toEqual([]);
  });

  it('answers every cell as the matrix says', async () => {
    const wrong: string[] = [];
    for (const row of MATRIX) {
      for (const result of await run(row)) {
        if (result.actual !== result.expected) wrong.push(`${result.cell}: expected ${result.expected}, got ${result.actual}`);
      }
      if (CHANGES_RELATIONS.test(row.route)) await settleRelations();
    }
    expect(wrong).toEqual([]);
  }, 600_000);

  it('lets staff sanction only those below them: nobody an admin, only an admin a moderator', async () => {
    const wrong: string[] = [];
    const sanctioners = { moderator: people.moderator, admin: people.admin };
    for (const by of SANCTIONERS) {
      for (const whom of SANCTIONED) {
        for (const action of SANCTIONS) {
          const person = whom === 'admin' ? await newAdmin() : await createUser(t);
          if (whom === 'moderator') await act('PUT', `/api/moderation/moderators/${name(person)}`, people.admin);
          const body = { subjectType: 'profile', subjectId: person.user.id, action, reason: 'Matrix: staff', days: 3 };
          const answer = answerOf((await send('POST', '/api/moderation/decisions', sanctioners[by], body)).statusCode);
          if (answer !== sanctionAnswer(by, whom))
            wrong.push(`${by} · ${action} · ${whom}: expected ${sanctionAnswer(by, whom)}, got ${answer}`);
          // Whatever was tried, an admin keeps the moderation tools.
          if (whom === 'admin') expect((await send('GET', '/api/moderation/audit', person)).statusCode).toBe(200);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('is the table docs/SECURITY.md shows', () => {
    const doc = readFileSync(new URL('../../docs/SECURITY.md', import.meta.url), 'utf8');
    const shown = doc.slice(doc.indexOf(MATRIX_START) + MATRIX_START.length, doc.indexOf(MATRIX_END)).trim();
    expect(shown, 'run `npm run docs:authorization --workspace server` to refresh docs/SECURITY.md').toBe(renderMatrix());
  });
});
