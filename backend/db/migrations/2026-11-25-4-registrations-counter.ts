import { sql, type Kysely, type Migration } from 'kysely';

/**
 * SQLite now claims wristbands from the `counters` row as PostgreSQL always did (instead of summing
 * every registration on each one): bring the row up to what is stored. On PostgreSQL it already is.
 * A fresh database has no row yet; the seed adds it at 0.
 */
export const registrationsCounter: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      UPDATE counters SET used = (SELECT COALESCE(SUM(number_of_tickets), 0) FROM registrations)
      WHERE name = 'registrations'
    `.execute(db);
  },

  async down() {
    // Nothing to undo: the summed value is right for either way of counting.
  },
};
