import type { Kysely, Migration } from 'kysely';

/**
 * An edition's name and number (issue 40, "no prose that lies about dates"): what copy calls the
 * edition ("Ìtàn Festival 2027") and its place in the series (the 3rd), as staff set them at
 * /staff/edition. NULL: the default rule (contract/edition.ts defaultEditionName and
 * defaultEditionNumber, counted from FIRST_EDITION_YEAR), so rows saved before keep following
 * their dates. Nullable columns added in place, one a statement (SQLite's ALTER TABLE adds one at a time).
 */
export const editionNameNumber: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('edition_settings').addColumn('edition_name', 'text').execute();
    await db.schema.alterTable('edition_settings').addColumn('edition_number', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('edition_settings').dropColumn('edition_number').execute();
    await db.schema.alterTable('edition_settings').dropColumn('edition_name').execute();
  },
};
