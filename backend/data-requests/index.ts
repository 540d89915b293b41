import { sql, type Expression, type SqlBool } from 'kysely';
import type { Database, Db, DbDialect } from '../db/schema';
import { releasePlaces } from '../edition/counter';

/**
 * Data requests (NDPA 2023 ss. 34–36; issue 16): everything the backend keeps about one email
 * address, found, exported and deleted. The address is matched case-insensitively in every table
 * that holds one: form submissions, newsletter, contact messages, the mail outbox (`recipient`),
 * staff accounts (and their sign-in tokens), stored Idempotency-Key answers whose body
 * mentions it (a form's answer echoes the address), and the inbox's notes and replies about the
 * person's proposals, applications and messages (issue 31). Used by `npm run data-request`.
 *
 * The staff area's audit log is the one exception to deletion: a record that a change was made
 * stays (the festival's legitimate interest in knowing what happened), but the person is erased
 * from it: their email and name in the actor, the target and the summary become ERASED.
 */
/** The tables a data request reads whatever forms there are (a stored form's table comes with it). */
const OWN_TABLES = [
  'newsletter_subscriptions',
  'registrations',
  'waiting_list',
  'donations',
  'campaign_recipients',
  'outbox',
  'staff_users',
  'auth_tokens',
  'idempotency_keys',
  'audit_log',
  'inbox_entries',
] as const;
type OwnTable = (typeof OWN_TABLES)[number];

/** Of those, the ones matched by their `email` column (newsletter campaigns an address was queued for: issue 31). */
const OWN_EMAIL_TABLES: readonly OwnTable[] = ['newsletter_subscriptions', 'registrations', 'waiting_list', 'donations', 'campaign_recipients', 'staff_users'];

/**
 * A stored form's table (backend/forms/index.ts: partnerships, volunteer_applications,
 * contact_messages...), matched by its `email` column. The forms are another feature: the
 * composition root passes their tables in (backend/personal-data.ts).
 */
export type FormTable = Exclude<keyof Database, OwnTable>;

export type PersonalDataTable<F extends FormTable = FormTable> = OwnTable | F;
export type PersonalData<F extends FormTable = FormTable> = Record<PersonalDataTable<F>, Array<Record<string, unknown>>>;
export type PersonalDataCounts<F extends FormTable = FormTable> = Record<PersonalDataTable<F>, number>;

/** The tables of one set of forms: all of them in the order a request lists them, and those matched by `email`. */
interface Tables {
  all: readonly string[];
  email: readonly string[];
}

/** What an erased person's email and name become in the audit log. */
export const ERASED = '[erased]';

const normaliseRequestEmail = (email: string) => email.trim().toLowerCase();

function sameAddress(column: string, email: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) = ${normaliseRequestEmail(email)}`;
}

/** A stored answer mentions the address as JSON writes it (the bodies are JSON text). */
function mentions(column: string, email: string): Expression<SqlBool> {
  const inJson = JSON.stringify(normaliseRequestEmail(email)).slice(1, -1);
  const pattern = `%${inJson.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

async function staffIds(db: Db, email: string): Promise<string[]> {
  const rows = await db.selectFrom('staff_users').select('id').where(sameAddress('email', email)).execute();
  return rows.map((r) => r.id);
}

/** Audit rows that name the address: as the actor, the target (a failed sign-in), or in the summary. */
function auditRowsOf(db: Db, email: string) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where((eb) => eb.or([sameAddress('actor_email', email), sameAddress('target_id', email), mentions('summary', email)]))
    .orderBy('at')
    .orderBy('logged_at')
    .execute();
}

function replaceAll(text: string, needle: string, by: string): string {
  if (!needle) return text;
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(escaped, 'gi'), by);
}

/** Erases the person from the audit log's rows that name them; the records of what happened stay. */
async function eraseFromAudit(db: Db, email: string): Promise<number> {
  const address = normaliseRequestEmail(email);
  const rows = await auditRowsOf(db, email);
  const names = (await db.selectFrom('staff_users').select('name').where(sameAddress('email', email)).execute()).map((r) => r.name);
  for (const row of rows) {
    const isActor = row.actor_email.toLowerCase() === address;
    let summary = replaceAll(row.summary, address, ERASED);
    for (const name of names) summary = replaceAll(summary, name, ERASED);
    await db
      .updateTable('audit_log')
      .set({
        actor_email: isActor ? ERASED : row.actor_email,
        actor_name: isActor ? ERASED : row.actor_name,
        actor_id: isActor ? null : row.actor_id,
        target_id: row.target_id.toLowerCase() === address ? ERASED : row.target_id,
        summary,
      })
      .where('id', '=', row.id)
      .execute();
  }
  return rows.length;
}

/** The inbox's kinds of item (backend/inbox/queries.ts ITEM_TABLES) and their tables. */
const INBOX_ITEM_TABLES = [
  ['partnership', 'partnerships'],
  ['volunteer', 'volunteer_applications'],
  ['contact', 'contact_messages'],
] as const;

/**
 * The inbox's notes and replies about the person's items (they go with the items), and those a
 * staff member with the address wrote (their authorship is erased, like the audit log's).
 */
async function inboxEntriesOf(db: Db, email: string) {
  const about = [];
  for (const [kind, table] of INBOX_ITEM_TABLES) {
    const ids = (await db.selectFrom(table).select('id').where(sameAddress('email', email)).execute()).map((r) => r.id);
    if (ids.length > 0) about.push(...(await db.selectFrom('inbox_entries').selectAll().where('item_kind', '=', kind).where('item_id', 'in', ids).execute()));
  }
  const aboutIds = new Set(about.map((e) => e.id));
  const written = (await db.selectFrom('inbox_entries').selectAll().where(sameAddress('author_email', email)).execute()).filter((e) => !aboutIds.has(e.id));
  return { about, written };
}

/** Every row that holds the address, table by table (the export of a data request). */
async function findIn(tables: Tables, db: Db, email: string): Promise<Record<string, Array<Record<string, unknown>>>> {
  const out: Record<string, Array<Record<string, unknown>>> = {};
  for (const table of tables.email) {
    out[table] = (await db.selectFrom(table as keyof Database).selectAll().where(sameAddress('email', email)).execute()) as Array<Record<string, unknown>>;
  }
  out.outbox = await db.selectFrom('outbox').selectAll().where(sameAddress('recipient', email)).execute();
  const ids = await staffIds(db, email);
  // Token hashes say nothing about the person; the export lists when they were issued and ended.
  out.auth_tokens =
    ids.length === 0
      ? []
      : await db.selectFrom('auth_tokens').select(['user_id', 'created_at', 'expires_at', 'revoked_at']).where('user_id', 'in', ids).execute();
  out.idempotency_keys = await db
    .selectFrom('idempotency_keys')
    .select(['endpoint', 'key', 'status', 'body', 'created_at'])
    .where(mentions('body', email))
    .execute();
  out.audit_log = await auditRowsOf(db, email);
  const inbox = await inboxEntriesOf(db, email);
  out.inbox_entries = [...inbox.about, ...inbox.written];
  // Staff password hashes are not the person's data to take away, and must never leave the server.
  out.staff_users = (out.staff_users ?? []).map(({ password_hash: _hash, ...rest }) => {
    void _hash;
    return rest;
  });
  return out;
}

function countIn(tables: Tables, data: Readonly<Record<string, readonly unknown[]>>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const table of tables.all) counts[table] = data[table]?.length ?? 0;
  return counts;
}

/**
 * Deletes every row that holds the address, in one transaction, and says how many went from each
 * table. The wristbands of deleted registrations are given back to the capacity counter. (`dialect`
 * is no longer needed, since SQLite keeps the counter too; kept so callers stay as they are.)
 */
async function deleteIn(tables: Tables, db: Db, email: string): Promise<Record<string, number>> {
  return db.transaction().execute(async (trx) => {
    const counts: Record<string, number> = {};
    // First, while the staff account (and so its name) is still there to be found.
    counts.audit_log = await eraseFromAudit(trx, email);
    const ids = await staffIds(trx, email);
    counts.auth_tokens =
      ids.length === 0 ? 0 : Number((await trx.deleteFrom('auth_tokens').where('user_id', 'in', ids).executeTakeFirst()).numDeletedRows);

    // The wristbands go back to their edition's counter (backend/edition/counter.ts): those of
    // registrations not given back already, and those a waiting-list offer holds.
    const registered = await trx
      .selectFrom('registrations')
      .select(['edition', 'number_of_tickets'])
      .where(sameAddress('email', email))
      .where('cancelled_at', 'is', null)
      .where('edition', 'is not', null)
      .execute();
    const held = await trx
      .selectFrom('waiting_list')
      .select(['edition', 'number_of_tickets'])
      .where(sameAddress('email', email))
      .where('status', '=', 'offered')
      .execute();
    for (const row of [...registered, ...held]) await releasePlaces(trx, row.edition!, Number(row.number_of_tickets));

    // Before the items: the notes and replies about them are found through them.
    const inbox = await inboxEntriesOf(trx, email);
    if (inbox.about.length > 0) await trx.deleteFrom('inbox_entries').where('id', 'in', inbox.about.map((e) => e.id)).execute();
    if (inbox.written.length > 0) {
      await trx.updateTable('inbox_entries').set({ author_id: null, author_name: ERASED, author_email: ERASED }).where('id', 'in', inbox.written.map((e) => e.id)).execute();
    }
    counts.inbox_entries = inbox.about.length + inbox.written.length;

    for (const table of tables.email) {
      const result = await trx.deleteFrom(table as keyof Database).where(sameAddress('email', email)).executeTakeFirst();
      counts[table] = Number(result.numDeletedRows);
    }
    counts.outbox = Number((await trx.deleteFrom('outbox').where(sameAddress('recipient', email)).executeTakeFirst()).numDeletedRows);
    counts.idempotency_keys = Number(
      (await trx.deleteFrom('idempotency_keys').where(mentions('body', email)).executeTakeFirst()).numDeletedRows,
    );
    const ordered: Record<string, number> = {};
    for (const table of tables.all) ordered[table] = counts[table] ?? 0;
    return ordered;
  });
}

/**
 * Data requests over the backend's own tables and the stored forms' (`formTables`, from the
 * composition root): the tables listed, and finding, counting and deleting one address's rows.
 */
export function personalDataRequests<F extends FormTable>(formTables: readonly F[]) {
  const [before, after] = [OWN_TABLES.slice(0, 3), OWN_TABLES.slice(3)];
  const tables: Tables = { all: [...before, ...formTables, ...after], email: [...OWN_EMAIL_TABLES, ...formTables] };
  return {
    /** Every table a request finds, exports and erases rows of (test/personal-data-tables.test.ts holds it against the schema). */
    PERSONAL_DATA_TABLES: tables.all as readonly PersonalDataTable<F>[],
    /** Every row that holds the address, table by table (the export of a data request). */
    findPersonalData: (db: Db, email: string) => findIn(tables, db, email) as Promise<PersonalData<F>>,
    countPersonalData: (data: PersonalData<F>) => countIn(tables, data) as PersonalDataCounts<F>,
    /**
     * Deletes every row that holds the address, in one transaction, and says how many went from
     * each table. (`dialect` is no longer needed, since SQLite keeps the counter too; kept so
     * callers stay as they are.)
     */
    deletePersonalData: (db: Db, _dialect: DbDialect, email: string) => deleteIn(tables, db, email) as Promise<PersonalDataCounts<F>>,
  };
}
