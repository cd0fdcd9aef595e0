import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/database.ts';
import { buildAlbum, buildMember } from '../../test/factories.ts';
import { createMigrator, migrateToLatest } from '../platform/db/migrate.ts';

describe('migration 2026-12-04-10-rating-is-its-feed-entry', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.destroy());

  it('moves each rating’s feed row onto the rating, keeps quiet ratings out of feeds, and leaves other activity alone', async () => {
    const { db } = database;
    const { error } = await createMigrator(database.db).migrateTo('2026-12-03-20-search-terms-covering-index');
    expect(error).toBeUndefined();
    const [album, other] = [await buildAlbum(db, { title: 'Rated Before' }), await buildAlbum(db, { title: 'Imported' })];
    const [ana, bo] = [await buildMember(db), await buildMember(db)];
    const given = '2026-10-01T10:00:00.000Z';
    const changed = '2026-10-05T12:00:00.000Z';
    const rating = (id: string, user: string, albumId: string) => ({
      id,
      user_id: user,
      album_id: albumId,
      rating: 7,
      created_at: given,
      updated_at: changed,
    });
    await db
      .insertInto('rating')
      .values([rating('r-news', ana, album), rating('r-quiet', ana, other), rating('r-bo', bo, album)])
      .execute();
    // Verbs and objects as the schema before the migration had them, which the typed schema no longer lists.
    const activity = (id: string, verb: string, objectType: string, objectId: string, actor: string, at: string) => ({
      id,
      actor_id: actor,
      verb: verb as never,
      object_type: objectType as never,
      object_id: objectId,
      album_id: objectType === 'album' ? objectId : null,
      created_at: at,
    });
    await db
      .insertInto('activity')
      .values([
        // Ana changed her rating on the 5th: her row was moved there.
        activity('a-news', 'rated', 'album', album, ana, changed),
        activity('a-bo', 'rated', 'album', album, bo, given),
        activity('a-follow', 'followed', 'person', bo, ana, given),
      ])
      .execute();

    await migrateToLatest(database.db);
    const ratings = await db.selectFrom('rating').select(['id', 'feed_at']).orderBy('id').execute();
    expect(ratings).toEqual([
      { id: 'r-bo', feed_at: given },
      { id: 'r-news', feed_at: changed },
      { id: 'r-quiet', feed_at: null },
    ]);
    expect(await db.selectFrom('activity').select(['id', 'verb']).execute()).toEqual([{ id: 'a-follow', verb: 'followed' }]);
  });
});
