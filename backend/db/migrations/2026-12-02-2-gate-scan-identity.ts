import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A gate scan is the phone's scan id ON that phone (issue 41). `gate_scans.id` was the phone's id,
 * global: a second phone reusing an id got the first scan's verdict (another visitor's name
 * included) and its own scan was dropped.
 * - `scan_id`: the phone's id for the scan; (device_id, scan_id) is unique, so a retried sync from
 *   one phone is still one row, and two phones never meet.
 * - `id` stays the primary key, now the row's own key (made by the server for new rows). Rows from
 *   before keep theirs (the phone's id, unique then), so `registrations.checked_in_scan`, which
 *   names the row that is the check-in, stays right without an update.
 * - `device_time` and `time_flag`: the time the phone gave for an offline scan, and why it was not
 *   taken ('ahead': later than its arrival; 'before-pack': earlier than the ticket list it was judged
 *   against; 'before-gate': before the gate could open). A flagged scan takes its arrival time.
 *
 * Columns and a unique index added in place (no table rebuild): both databases do this safely on a
 * live table, and the old ids were unique, so the index cannot fail on existing rows. The columns
 * are nullable because SQLite adds NOT NULL columns only with a default; the code always writes
 * scan_id (backend/db/schema.ts types it so).
 */
export const gateScanIdentity: Migration = {
  async up(db: Kysely<unknown>) {
    // One column a statement: SQLite's ALTER TABLE adds one at a time.
    await db.schema.alterTable('gate_scans').addColumn('scan_id', 'text').execute();
    await db.schema.alterTable('gate_scans').addColumn('device_time', 'text').execute();
    await db.schema.alterTable('gate_scans').addColumn('time_flag', 'text').execute();
    await sql`update gate_scans set scan_id = id`.execute(db);
    await db.schema.createIndex('gate_scans_device_scan_idx').on('gate_scans').columns(['device_id', 'scan_id']).unique().execute();
  },

  /** Back to one global id: rows made since keep their server-made id (a retry of one of those would be a new scan). */
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('gate_scans_device_scan_idx').ifExists().execute();
    await db.schema.alterTable('gate_scans').dropColumn('time_flag').execute();
    await db.schema.alterTable('gate_scans').dropColumn('device_time').execute();
    await db.schema.alterTable('gate_scans').dropColumn('scan_id').execute();
  },
};
