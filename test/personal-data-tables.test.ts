import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_DATA_TABLES } from '@/backend/personal-data';
import { migrateToLatest } from '@/backend/db/migrate';
import { dbTargets, type TestDatabase } from '@/test/support/databases';

/**
 * PERSONAL_DATA_TABLES (backend/personal-data.ts, backend/data-requests: what `npm run data-request` finds, exports and
 * erases for one address, NDPA 2023 ss. 34–36) held against the migrated schema, on SQLite and on
 * PostgreSQL when TEST_DATABASE_URL is set: every table with a column that holds a person's
 * details is listed, or named below with the reason it is not; every listed table exists. A new
 * migration that adds such a column to a table nobody listed fails here.
 */

/**
 * A column holding a person's details, by its name: an email address, a name, a phone, a postal
 * address, a mail's recipient, a card holder; or a staff member, who did something (`*_by`, `staff`).
 */
const PERSONAL_COLUMN = /(^|_)(email|name|phone|street|city|state|zipcode|address|recipient|holder|by)$|^staff$/;

/** Tables with such a column that data requests leave alone, and why. */
const NOT_PERSONAL: Readonly<Record<string, string>> = {
  counters: '`name` is the counter’s (wristbands taken per edition), not a person’s',
  server_secrets: '`name` is the secret’s (the ticket-link signing key), not a person’s',
  media: '`created_by` is a staff account’s id, not its details (staff_users is listed)',
  content_entries: '`updated_by` is a staff account’s id, not its details (staff_users is listed); the entries are the festival’s published content (a team member is removed by deleting their entry)',
  newsletter_campaigns: '`created_by` and `sent_by` are staff accounts’ ids, not their details (staff_users is listed)',
  holder_mailings: '`updated_by` is a staff account’s id, not its details (staff_users is listed); the rows are the reminder’s and thank-you’s settings',
  gate_scans:
    '`device_name` is a gate phone’s and the visitor is a ticket reference (registrations is listed); `staff` is the name (or email) of the organiser who scanned, kept as the gate’s record of who admitted whom and not erased by a data request today',
  edition_settings: '`updated_by` is the name of the admin who last saved the edition (one row, replaced at the next save), not erased by a data request today',
};

describe.each(dbTargets)('PERSONAL_DATA_TABLES against the $name schema', (target) => {
  let database: TestDatabase;
  let columns: Map<string, string[]>;

  beforeAll(async () => {
    database = await target.create();
    await migrateToLatest(database.handle.db);
    const tables = await database.handle.db.introspection.getTables();
    columns = new Map(tables.map((t) => [t.name, t.columns.map((c) => c.name)]));
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('reads the migrated tables', () => {
    expect(columns.get('registrations')).toEqual(expect.arrayContaining(['email', 'first_name', 'phone']));
  });

  it('lists every table with a personal column, or says why not', () => {
    const personal = [...columns].filter(([, names]) => names.some((n) => PERSONAL_COLUMN.test(n))).map(([table]) => table);
    const listed = new Set<string>(PERSONAL_DATA_TABLES);
    const unlisted = personal.filter((table) => !listed.has(table) && !Object.hasOwn(NOT_PERSONAL, table));
    expect(unlisted, 'list these in PERSONAL_DATA_TABLES (and find, export and erase them), or say here why not').toEqual([]);
  });

  it('lists and exempts only tables that exist, and none twice', () => {
    for (const table of [...PERSONAL_DATA_TABLES, ...Object.keys(NOT_PERSONAL)]) expect([...columns.keys()], table).toContain(table);
    for (const table of Object.keys(NOT_PERSONAL)) {
      expect(PERSONAL_DATA_TABLES, `${table} is listed and exempted`).not.toContain(table);
      expect(columns.get(table)?.some((n) => PERSONAL_COLUMN.test(n)), `${table} needs no exemption`).toBe(true);
    }
    expect(new Set(PERSONAL_DATA_TABLES).size).toBe(PERSONAL_DATA_TABLES.length);
  });
});
