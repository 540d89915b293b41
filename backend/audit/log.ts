import { festivalNow } from '../kernel/clock';
import type { Selectable } from 'kysely';
import { newId } from '../kernel/ids';
import type { AuditLogTable, Db } from '../db/schema';
import type { StaffUser } from '../kernel/deps';

/**
 * The audit log of the staff area: every change a staff member makes is one row, written with
 * `db` first so it goes in the same transaction as the change it records (a change that rolls back
 * leaves no record, and a recorded change always happened).
 */
export interface AuditEntry {
  /** A verb in dotted form: 'report.publish', 'staff.disable', 'hero.update'. */
  action: string;
  targetType: string;
  targetId: string;
  /** One human line (a title, an email of a staff account); no passwords, no visitors' data. */
  summary: string;
}

/** Who did it: a signed-in staff member, or (a failed sign-in) the email that was typed, with no id. */
export type AuditActor = Pick<StaffUser, 'email' | 'name'> & { id: string | null };

export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry, now = festivalNow()): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: newId(),
      at: now.toISOString(),
      actor_id: actor.id,
      actor_email: actor.email.slice(0, 254),
      actor_name: actor.name.slice(0, 100),
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      summary: entry.summary.slice(0, 300),
      // The machine's clock on purpose (kernel/clock.ts): the order of writing, under a fixed FESTIVAL_NOW too.
      logged_at: new Date().toISOString(),
    })
    .execute();
}

export interface AuditRecord {
  id: string;
  at: string;
  actor: { id: string | null; email: string; name: string };
  action: string;
  targetType: string;
  targetId: string;
  summary: string;
}

function toRecord(row: Selectable<AuditLogTable>): AuditRecord {
  return {
    id: row.id,
    at: row.at,
    actor: { id: row.actor_id, email: row.actor_email, name: row.actor_name },
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    summary: row.summary,
  };
}

/** Newest first, a page at a time, with the total for pagination. */
export async function listAudit(db: Db, page: { limit: number; offset: number }): Promise<{ results: AuditRecord[]; count: number }> {
  const [rows, total] = await Promise.all([
    db.selectFrom('audit_log').selectAll().orderBy('at', 'desc').orderBy('logged_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { results: rows.map(toRecord), count: Number(total.n) };
}
