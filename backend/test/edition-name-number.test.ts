import { afterEach, describe, expect, it } from 'vitest';
import { Migrator, type Kysely } from 'kysely';
import { EDITION_FORM_MESSAGES, type EditionAdmin } from '@/contract/api/edition-admin';
import type { EditionStatus } from '@/contract/edition';
import type { BackendApp } from '../app';
import { upsertStaffUser } from '../auth/queries';
import { migrateToLatest } from '../db/migrate';
import { migrations, staticMigrationProvider } from '../db/migrations';
import { readStoredEdition } from '../edition/queries';
import { buildApp, dbTargets, postJson, type TestDatabase } from '@/test/support/databases';

/**
 * An edition's name and number (issue 40), on SQLite and PostgreSQL: the migration adds the two
 * columns and goes back down; a row saved before it keeps following its dates (the defaults:
 * "Ìtàn Festival 2027", the 3rd counted from FIRST_EDITION_YEAR 2025); admins set both at
 * /staff/edition, each save audited as the other fields are; an empty field goes back to the
 * default; a wrong value is refused with the contract's words and nothing is stored.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const MIGRATION = '2026-12-05-1-edition-name-number';
const EDITION_2027 = { FESTIVAL_START_DATE: '2027-10-24', FESTIVAL_END_DATE: '2027-10-25', FESTIVAL_NOW: '2027-09-01T09:00:00+01:00' };

describe.each(dbTargets)('the edition’s name and number on $name', (target) => {
  const databases: TestDatabase[] = [];
  afterEach(async () => {
    while (databases.length) await databases.pop()!.drop();
  });
  async function fresh() {
    const database = await target.create();
    databases.push(database);
    return database;
  }

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const adminOf = async (database: TestDatabase, app: BackendApp) => {
    await upsertStaffUser(database.handle.db, { email: 'boss@itan.example', name: 'Funmi Boss', password: 'boss-password-long' });
    const res = await postJson(app, '/api/auth/login/', { email: 'boss@itan.example', password: 'boss-password-long' });
    expect(res.status).toBe(200);
    return ((await res.json()) as Json).token as string;
  };
  const statusOf = async (app: BackendApp) => ((await (await app.request('/api/edition/')).json()) as { data: EditionStatus }).data;
  const put = (app: BackendApp, token: string, body: unknown) =>
    app.request('/api/admin/edition/', { method: 'PUT', headers: { 'Content-Type': 'application/json', ...auth(token) }, body: JSON.stringify(body) });
  const base = { startDate: '2027-10-24', endDate: '2027-10-25', venue: 'Centenary Hall, Ake, Abeokuta', capacity: '', registrationOpensAt: '', registrationClosesAt: '' };
  const audits = (database: TestDatabase) =>
    database.handle.db.selectFrom('audit_log').select(['action', 'summary', 'actor_name']).where('target_type', '=', 'edition').orderBy('at').orderBy('logged_at').execute();

  it('the migration adds the columns; a row saved before it follows its dates (the defaults); down removes them', async () => {
    const database = await fresh();
    const db = database.handle.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const names = Object.keys(migrations);
    const mine = names.indexOf(MIGRATION);
    expect(mine).toBeGreaterThan(0);
    const migrator = new Migrator({ db, provider: staticMigrationProvider });
    expect((await migrator.migrateTo(names[mine - 1]!)).error).toBeUndefined();
    // As /staff/edition saved it before names and numbers existed.
    await db
      .insertInto('edition_settings')
      .values({ id: 'current', edition_key: '2027', start_date: '2027-10-31', end_date: '2027-11-01', venue: 'Kuto', capacity: null, registration_opens_at: null, registration_closes_at: null, updated_at: '2027-08-01T10:00:00.000Z', updated_by: 'Funmi Boss' })
      .execute();

    await migrateToLatest(db);
    expect(await readStoredEdition(database.handle.db)).toMatchObject({ key: '2027', startDate: '2027-10-31', name: null, number: null });
    const app = (await buildApp(database.handle, { env: EDITION_2027 })).app;
    expect((await statusOf(app)).edition).toMatchObject({ key: '2027', name: 'Ìtàn Festival 2027', number: 3, startDate: '2027-10-31' });

    const down = await migrator.migrateTo(names[mine - 1]!);
    expect(down.error).toBeUndefined();
    const row = (await db.selectFrom('edition_settings').selectAll().executeTakeFirstOrThrow()) as Record<string, unknown>;
    expect(row).not.toHaveProperty('edition_name');
    expect(row).not.toHaveProperty('edition_number');
    expect(row).toMatchObject({ start_date: '2027-10-31', venue: 'Kuto' });
    await migrateToLatest(db);
  });

  it('admins set the name and number: audited, in force at once; empty goes back to the defaults; wrong values are refused', async () => {
    const database = await fresh();
    const { app } = await buildApp(database.handle, { env: EDITION_2027 });
    const token = await adminOf(database, app);
    // Configuration alone: the defaults.
    expect((await statusOf(app)).edition).toMatchObject({ name: 'Ìtàn Festival 2027', number: 3 });

    const saved = await put(app, token, { ...base, name: '  Ìtàn Festival 2027: Homecoming ', number: '4' });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { data: EditionAdmin }).data.status.edition).toMatchObject({ name: 'Ìtàn Festival 2027: Homecoming', number: 4 });
    expect((await statusOf(app)).edition).toMatchObject({ key: '2027', name: 'Ìtàn Festival 2027: Homecoming', number: 4 });
    expect(await readStoredEdition(database.handle.db)).toMatchObject({ name: 'Ìtàn Festival 2027: Homecoming', number: 4 });
    const [first] = await audits(database);
    expect(first).toMatchObject({ action: 'edition.update', actor_name: 'Funmi Boss' });
    expect(first!.summary).toBe('Edition saved: name "Ìtàn Festival 2027" → "Ìtàn Festival 2027: Homecoming"; number 3rd → 4th');

    // Refused with the contract's words: nothing stored, nothing audited.
    for (const [body, errors] of [
      [{ ...base, name: 'Two\nlines' }, { name: EDITION_FORM_MESSAGES.nameOneLine }],
      [{ ...base, name: 'x'.repeat(121) }, { name: EDITION_FORM_MESSAGES.nameLong }],
      [{ ...base, number: '0' }, { number: EDITION_FORM_MESSAGES.number }],
      [{ ...base, number: 'third' }, { number: EDITION_FORM_MESSAGES.number }],
    ] as const) {
      const res = await put(app, token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(((await res.json()) as Json).errors).toEqual(errors);
    }
    expect(await readStoredEdition(database.handle.db)).toMatchObject({ name: 'Ìtàn Festival 2027: Homecoming', number: 4 });
    expect(await audits(database)).toHaveLength(1);

    // Empty fields: the defaults again (stored as null, so they keep following the edition).
    expect((await put(app, token, { ...base, name: '', number: '' })).status).toBe(200);
    expect(await readStoredEdition(database.handle.db)).toMatchObject({ name: null, number: null });
    expect((await statusOf(app)).edition).toMatchObject({ name: 'Ìtàn Festival 2027', number: 3 });
    expect((await audits(database)).at(-1)!.summary).toBe('Edition saved: name "Ìtàn Festival 2027: Homecoming" → "Ìtàn Festival 2027"; number 4th → 3rd');
    // A client that sends neither (the API before issue 40) gets the defaults too.
    expect((await put(app, token, { ...base, venue: 'Kuto' })).status).toBe(200);
    expect((await statusOf(app)).edition).toMatchObject({ name: 'Ìtàn Festival 2027', number: 3, venue: 'Kuto' });
  });

  it('a new edition after the last one ended takes its own default name and number; the audit says only the new key', async () => {
    const database = await fresh();
    const { app } = await buildApp(database.handle, { env: { ...EDITION_2027, FESTIVAL_NOW: '2027-11-02T09:00:00+01:00' } });
    const token = await adminOf(database, app);
    expect((await put(app, token, { ...base, startDate: '2028-10-21', endDate: '2028-10-22' })).status).toBe(200);
    expect((await statusOf(app)).edition).toMatchObject({ key: '2028', name: 'Ìtàn Festival 2028', number: 4 });
    const summary = (await audits(database)).at(-1)!.summary;
    expect(summary).toContain('edition 2027 → 2028');
    expect(summary).not.toContain('name');
    expect(summary).not.toContain('number');
  });
});
