import type { Kysely, Migration } from 'kysely';

/**
 * The offline gate (issue 29).
 * - `gate_scans`: every scan the server hears of, keyed by the id the phone made, so a sync retried
 *   after a dropped answer is the same row and never counts twice. Offline admissions keep the
 *   phone's time (the earliest by scan time is the check-in); `admitted` says a volunteer let the
 *   ticket in (offline, or told "admit" online), so an admission that is not the check-in is a
 *   duplicate to show.
 * - `registrations.checked_in_scan`: the scan that is the check-in. An earlier scan that arrives
 *   later takes it over (backend/tickets/gate/scans.ts); rows checked in before it stay null.
 */
export const offlineGate: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('gate_scans')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('reference', 'text', (c) => c.notNull())
      .addColumn('device_id', 'text', (c) => c.notNull())
      .addColumn('device_name', 'text', (c) => c.notNull())
      .addColumn('staff', 'text', (c) => c.notNull())
      .addColumn('scanned_at', 'text', (c) => c.notNull())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('offline', 'integer', (c) => c.notNull())
      .addColumn('admitted', 'integer', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .execute();
    await db.schema.createIndex('gate_scans_reference_idx').on('gate_scans').column('reference').execute();
    await db.schema.alterTable('registrations').addColumn('checked_in_scan', 'text').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('registrations').dropColumn('checked_in_scan').execute();
    await db.schema.dropIndex('gate_scans_reference_idx').ifExists().execute();
    await db.schema.dropTable('gate_scans').ifExists().execute();
  },
};
