import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The organisers' area (issue 17):
 * - `staff_users.role`: 'admin' (manages accounts, reads the audit log) or 'staff'. Accounts made
 *   before this migration came from `npm run staff:create`, the admins' command, so they are admins.
 * - `staff_users.disabled_at`: set when an admin disables the account; it can no longer sign in and
 *   its tokens are revoked in the same transaction.
 * - `audit_log`: who changed what and when. The actor's name and email are copied into the row so
 *   the record survives the account's later deletion (a data request).
 */
export const staffRolesAndAudit: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('staff_users')
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('admin'))
      .execute();
    await db.schema.alterTable('staff_users').addColumn('disabled_at', 'text').execute();
    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('actor_email', 'text', (c) => c.notNull())
      .addColumn('actor_name', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
    // Staff created before this migration keep working; new self-signups are plain staff (auth.ts).
    await sql`update staff_users set role = 'admin'`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('audit_log_at').ifExists().execute();
    await db.schema.dropTable('audit_log').ifExists().execute();
    await db.schema.alterTable('staff_users').dropColumn('disabled_at').execute();
    await db.schema.alterTable('staff_users').dropColumn('role').execute();
  },
};
