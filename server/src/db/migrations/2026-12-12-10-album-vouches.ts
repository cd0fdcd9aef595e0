import { sql, type Kysely } from 'kysely';

/**
 * Members' finds of pending albums (decision 058): who found the album, from which browser (the device cookie's id)
 * and which address range, and when. A pending album is confirmed by members only when enough independent members
 * with standing have found it. The album's adder counts too: their pending albums get their vouch here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('album_vouch')
    .addColumn('album_id', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('device_id', 'text')
    .addColumn('address_prefix', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('album_vouch_pk', ['album_id', 'user_id'])
    .execute();
  await db.schema.createIndex('album_vouch_user_idx').on('album_vouch').column('user_id').execute();
  await db
    .insertInto('album_vouch')
    .columns(['album_id', 'user_id', 'device_id', 'address_prefix', 'created_at'])
    .expression((eb: any) =>
      eb
        .selectFrom('album')
        .select([
          'id',
          'created_by',
          sql<null>`cast(null as text)`.as('device_id'),
          sql<null>`cast(null as text)`.as('address_prefix'),
          'created_at',
        ])
        .where('status', '=', 'pending')
        .where('created_by', 'is not', null),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('album_vouch').execute();
}
