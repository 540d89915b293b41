import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The audit log's second time (issue 43, one clock): `at` is the festival's clock, which a rehearsal
 * fixes with FESTIVAL_NOW, so every row it writes has the same `at`; `logged_at` is the machine's
 * time of writing, the order of rows with equal `at`. Rows written before: their `at` was the
 * machine's time already.
 */
export const auditLoggedAt: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_log').addColumn('logged_at', 'text').execute();
    await sql`UPDATE audit_log SET logged_at = at`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_log').dropColumn('logged_at').execute();
  },
};
