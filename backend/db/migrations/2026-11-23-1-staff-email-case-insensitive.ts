import { sql, type Kysely, type Migration } from 'kysely';

/**
 * One staff account per email, whatever its case. The column was already UNIQUE, but only for the
 * exact text: the application lowercases emails, and this index makes the database hold that rule
 * too, for every way a row can be written. Expression indexes on lower() work the same on SQLite
 * (3.9+) and PostgreSQL.
 */
export const staffEmailCaseInsensitive: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('staff_users_email_lower_key')
      .on('staff_users')
      .unique()
      .expression(sql`lower(email)`)
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('staff_users_email_lower_key').ifExists().execute();
  },
};
