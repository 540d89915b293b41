import { sql, type Kysely, type Migration } from 'kysely';
import { contactDeadline } from '@/contract/business-days';

const ITEM_TABLES = ['partnerships', 'volunteer_applications', 'contact_messages'] as const;

/**
 * The inbox calls staff (issue 43):
 * - `alerted_at` on partnership proposals, volunteer applications and contact messages: when the
 *   team's alert mail (INBOX_ALERT_TO, backend/inbox/alerts.ts) listed the item; NULL: not yet.
 *   Existing rows count as listed (their created_at), so switching alerts on never mails the past.
 * - `contact_messages.due_at`: the end of the message's third Lagos working day (contract/
 *   business-days.ts contactDeadline, what /contact promises); existing rows get theirs from created_at.
 * - `inbox_alerts`: one row, 'team', with the time of the last alert mail (`sent_at`). An instance
 *   sends the next only by moving it forward from a time at least the batch window old: with
 *   several instances one of them wins, the others change nothing.
 */
export const inboxAlerts: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ITEM_TABLES) {
      await db.schema.alterTable(table).addColumn('alerted_at', 'text').execute();
      await sql`update ${sql.table(table)} set alerted_at = created_at`.execute(db);
    }
    await db.schema.alterTable('contact_messages').addColumn('due_at', 'text').execute();
    const rows = await sql<{ id: string; created_at: string }>`select id, created_at from contact_messages`.execute(db);
    for (const row of rows.rows) {
      const created = new Date(row.created_at);
      if (Number.isNaN(created.getTime())) continue;
      await sql`update contact_messages set due_at = ${contactDeadline(created)} where id = ${row.id}`.execute(db);
    }
    await db.schema
      .createTable('inbox_alerts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('sent_at', 'text')
      .execute();
    await sql`insert into inbox_alerts (id, sent_at) values ('team', null)`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('inbox_alerts').ifExists().execute();
    await db.schema.alterTable('contact_messages').dropColumn('due_at').execute();
    for (const table of ITEM_TABLES) await db.schema.alterTable(table).dropColumn('alerted_at').execute();
  },
};
