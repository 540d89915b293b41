import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Editions keyed by identity, not by date (issue 41). `registrations.edition`, `waiting_list.edition`
 * and the `counters` rows `registrations:<…>` held the edition's start date, so moving the dates in
 * the environment left every ticket behind (the gate, the pack, the dashboard and the per-address
 * limit looked for the new date). They now hold the edition's key (contract/edition.ts): here the
 * stored start date's year, the rule an edition without FESTIVAL_EDITION follows, so the tickets of
 * 24 October 2027 and those of 31 October 2027 (dates moved in the environment) are one edition.
 * Rows with edition NULL stay NULL (adopted by the first edition that counts, as before).
 *
 * Where one address had an open waiting-list entry under two dates of one year (it joined again
 * after a move), one entry is kept (an offer before a waiting entry, then the earliest) and the
 * others lapse, so the one-open-entry-per-edition index holds; a lapsed offer's places leave the
 * count. A queue merged from two dates is renumbered by when people joined. The wristband counters
 * of one year are added up (each registration was counted under exactly one date).
 *
 * `edition_settings.edition_key`: the key of the edition staff saved at /staff/edition (a date move
 * of an edition that has not ended keeps its key, even into the next year); NULL: the year.
 */

const DATE_PATTERN = '____-__-__';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const COUNTER = 'registrations:';

interface Tables {
  registrations: { edition: string | null };
  waiting_list: { id: string; edition: string; email: string; status: string; number_of_tickets: number; position: number; created_at: string };
  counters: { name: string; used: number };
  edition_settings: { start_date: string };
}

const yearOf = (date: string) => date.slice(0, 4);

export const editionKeys: Migration = {
  async up(raw: Kysely<unknown>) {
    const db = raw as Kysely<Tables>;
    await raw.schema.alterTable('edition_settings').addColumn('edition_key', 'text').execute();

    // The waiting list: at most one open entry per address and year; merged queues renumbered.
    const entries = await db.selectFrom('waiting_list').selectAll().where('edition', 'like', DATE_PATTERN).execute();
    const released = new Map<string, number>();
    const openByAddress = new Map<string, typeof entries>();
    for (const e of entries) {
      if (e.status !== 'waiting' && e.status !== 'offered') continue;
      const key = `${yearOf(e.edition)}\n${e.email}`;
      openByAddress.set(key, [...(openByAddress.get(key) ?? []), e]);
    }
    for (const open of openByAddress.values()) {
      if (open.length < 2) continue;
      open.sort((a, b) => (a.status === b.status ? 0 : a.status === 'offered' ? -1 : 1) || a.created_at.localeCompare(b.created_at) || a.position - b.position || a.id.localeCompare(b.id));
      for (const e of open.slice(1)) {
        await db.updateTable('waiting_list').set({ status: 'lapsed' }).where('id', '=', e.id).execute();
        if (e.status === 'offered') released.set(yearOf(e.edition), (released.get(yearOf(e.edition)) ?? 0) + Number(e.number_of_tickets));
      }
    }
    const queues = new Map<string, typeof entries>();
    for (const e of entries) queues.set(yearOf(e.edition), [...(queues.get(yearOf(e.edition)) ?? []), e]);
    for (const queue of queues.values()) {
      if (new Set(queue.map((e) => e.edition)).size < 2) continue;
      queue.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.position - b.position || a.id.localeCompare(b.id));
      for (const [i, e] of queue.entries()) await db.updateTable('waiting_list').set({ position: i + 1 }).where('id', '=', e.id).execute();
    }

    await sql`UPDATE registrations SET edition = substr(edition, 1, 4) WHERE edition LIKE ${DATE_PATTERN}`.execute(db);
    await sql`UPDATE waiting_list SET edition = substr(edition, 1, 4) WHERE edition LIKE ${DATE_PATTERN}`.execute(db);

    // The counters: one per year, the sum of its dates' (less the offers lapsed above).
    const counters = await db.selectFrom('counters').select(['name', 'used']).where('name', 'like', `${COUNTER}${DATE_PATTERN}`).execute();
    const used = new Map<string, number>();
    for (const c of counters) {
      const year = yearOf(c.name.slice(COUNTER.length));
      used.set(year, (used.get(year) ?? 0) + Number(c.used));
    }
    if (counters.length > 0) await db.deleteFrom('counters').where('name', 'in', counters.map((c) => c.name)).execute();
    for (const [year, n] of used) {
      await db.insertInto('counters').values({ name: `${COUNTER}${year}`, used: Math.max(0, n - (released.get(year) ?? 0)) }).execute();
    }
  },

  /**
   * Back to start dates, as well as can be: a year key becomes the saved edition's start date when
   * it has that year, otherwise 24 October of that year (the default festival days). Other keys
   * (FESTIVAL_EDITION labels) stay as they are.
   */
  async down(raw: Kysely<unknown>) {
    const db = raw as Kysely<Tables>;
    const saved = await db.selectFrom('edition_settings').select('start_date').executeTakeFirst();
    const dateOf = (year: string) => (saved && yearOf(saved.start_date) === year && DATE.test(saved.start_date) ? saved.start_date : `${year}-10-24`);
    const years = new Set<string>();
    for (const r of await db.selectFrom('registrations').select('edition').distinct().execute()) if (r.edition && /^\d{4}$/.test(r.edition)) years.add(r.edition);
    for (const r of await db.selectFrom('waiting_list').select('edition').distinct().execute()) if (/^\d{4}$/.test(r.edition)) years.add(r.edition);
    for (const year of years) {
      await db.updateTable('registrations').set({ edition: dateOf(year) }).where('edition', '=', year).execute();
      await db.updateTable('waiting_list').set({ edition: dateOf(year) }).where('edition', '=', year).execute();
    }
    for (const c of await db.selectFrom('counters').select(['name', 'used']).where('name', 'like', `${COUNTER}____`).execute()) {
      const year = c.name.slice(COUNTER.length);
      if (!/^\d{4}$/.test(year)) continue;
      await db.deleteFrom('counters').where('name', '=', c.name).execute();
      await db
        .insertInto('counters')
        .values({ name: `${COUNTER}${dateOf(year)}`, used: Number(c.used) })
        .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ used: eb('counters.used', '+', Number(c.used)) })))
        .execute();
    }
    await raw.schema.alterTable('edition_settings').dropColumn('edition_key').execute();
  },
};
